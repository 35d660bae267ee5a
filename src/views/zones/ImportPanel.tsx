// Importing zones from a file (issue 31): GeoJSON or KML of at most 5 MB, checked by the server first (a dry run):
// the preview lists each feature as new, changed, unchanged or refused with its reasons per field, and the map
// draws what would be stored. Apply stores all of it in one transaction, or nothing while anything is refused.
import {
  Button,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import type { ActorRefFrom } from 'xstate';
import { zoneFileFormat } from '../../api/zones-client.ts';
import { MAX_ZONE_FILE_BYTES } from '../../api/zones.ts';
import type { zonesEditorMachine } from '../../machines/zonesEditorMachine.ts';
import { useT, type Translate } from '../../i18n/useT.ts';

type EditorRef = ActorRefFrom<typeof zonesEditorMachine>;

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  scroll: { overflowX: 'auto' },
  refused: { color: tokens.colorPaletteRedForeground1 },
  reasons: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

/** Reads the chosen file, or says why it cannot be sent (too large, not GeoJSON or KML). */
async function chooseFile(editor: EditorRef, file: File | undefined, t: Translate) {
  if (!file) return;
  if (file.size > MAX_ZONE_FILE_BYTES) {
    editor.send({
      type: 'import.refuse',
      error: t('zones.fileTooLarge', { name: file.name, size: (file.size / 1024 / 1024).toFixed(1) }),
    });
    return;
  }
  const content = await file.text();
  const format = zoneFileFormat(file.name, content);
  if (!format) {
    editor.send({ type: 'import.refuse', error: t('zones.fileUnknown', { name: file.name }) });
    return;
  }
  editor.send({ type: 'import.file', file: { name: file.name, format, content } });
}

export function ImportPanel({ editor }: { editor: EditorRef }) {
  const styles = useStyles();
  const t = useT();
  const preview = useSelector(editor, (s) => s.context.importPreview);
  const error = useSelector(editor, (s) => s.context.importError);
  const file = useSelector(editor, (s) => s.context.importFile);
  const checking = useSelector(editor, (s) => s.matches({ importing: 'checking' }));
  const applying = useSelector(editor, (s) => s.matches({ importing: 'applying' }));
  const applicable = useSelector(editor, (s) => s.can({ type: 'import.apply' }));
  return (
    <section className={styles.panel} aria-label={t('zones.importTitle')}>
      <Field label={t('zones.fileField')}>
        {(fieldProps) => (
          <input
            {...fieldProps}
            type="file"
            accept=".geojson,.json,.kml,application/geo+json,application/vnd.google-earth.kml+xml"
            onChange={(event) => void chooseFile(editor, event.currentTarget.files?.[0], t)}
          />
        )}
      </Field>
      {checking && <Text>{t('zones.checking', { name: file?.name })}</Text>}
      {error && (
        <MessageBar intent="error" role="alert" layout="multiline">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      {preview && (
        <>
          <Text role="status" aria-label={t('zones.importSummaryLabel')}>
            {t('zones.importSummary', {
              new: preview.counts.new,
              changed: preview.counts.change,
              unchanged: preview.counts.unchanged,
              refused: preview.counts.refused,
            })}
          </Text>
          <div className={styles.scroll}>
            <Table aria-label={t('zones.importPreview')} size="small">
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>{t('zones.featureNumber')}</TableHeaderCell>
                  <TableHeaderCell>{t('zones.zone')}</TableHeaderCell>
                  <TableHeaderCell>{t('zones.outcome')}</TableHeaderCell>
                  <TableHeaderCell>{t('zones.why')}</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {preview.features.map((feature) => (
                  <TableRow key={feature.index}>
                    <TableCell>{feature.index + 1}</TableCell>
                    <TableCell>{feature.name ?? feature.id ?? t('zones.unnamed')}</TableCell>
                    <TableCell className={feature.action === 'refused' ? styles.refused : undefined}>
                      {t(`zones.action.${feature.action}`)}
                    </TableCell>
                    <TableCell>
                      {feature.errors.length > 0 && (
                        <ul className={styles.reasons}>
                          {feature.errors.map((issue) => (
                            <li key={`${issue.field}:${issue.message}`}>
                              {t('zones.issue', { field: issue.field, message: issue.message })}
                            </li>
                          ))}
                        </ul>
                      )}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </>
      )}
      <div className={styles.row}>
        <Button
          appearance="primary"
          disabled={!applicable || applying}
          onClick={() => editor.send({ type: 'import.apply' })}
        >
          {t(applying ? 'zones.applying' : 'zones.apply')}
        </Button>
        <Button disabled={applying} onClick={() => editor.send({ type: 'import.cancel' })}>
          {t('zones.cancel')}
        </Button>
      </div>
    </section>
  );
}
