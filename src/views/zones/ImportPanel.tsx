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

type EditorRef = ActorRefFrom<typeof zonesEditorMachine>;

const useStyles = makeStyles({
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  scroll: { overflowX: 'auto' },
  refused: { color: tokens.colorPaletteRedForeground1 },
  reasons: { margin: 0, paddingLeft: tokens.spacingHorizontalL },
});

/** Reads the chosen file, or says why it cannot be sent (too large, not GeoJSON or KML). */
async function chooseFile(editor: EditorRef, file: File | undefined) {
  if (!file) return;
  if (file.size > MAX_ZONE_FILE_BYTES) {
    editor.send({ type: 'import.refuse', error: `${file.name} is ${(file.size / 1024 / 1024).toFixed(1)} MB; an import file may be at most 5 MB.` });
    return;
  }
  const content = await file.text();
  const format = zoneFileFormat(file.name, content);
  if (!format) {
    editor.send({ type: 'import.refuse', error: `${file.name} is neither GeoJSON nor KML.` });
    return;
  }
  editor.send({ type: 'import.file', file: { name: file.name, format, content } });
}

export function ImportPanel({ editor }: { editor: EditorRef }) {
  const styles = useStyles();
  const preview = useSelector(editor, (s) => s.context.importPreview);
  const error = useSelector(editor, (s) => s.context.importError);
  const file = useSelector(editor, (s) => s.context.importFile);
  const checking = useSelector(editor, (s) => s.matches({ importing: 'checking' }));
  const applying = useSelector(editor, (s) => s.matches({ importing: 'applying' }));
  const applicable = useSelector(editor, (s) => s.can({ type: 'import.apply' }));
  return (
    <section className={styles.panel} aria-label="Import zones">
      <Field label="Zone file (GeoJSON or KML, at most 5 MB)">
        {(fieldProps) => (
          <input
            {...fieldProps}
            type="file"
            accept=".geojson,.json,.kml,application/geo+json,application/vnd.google-earth.kml+xml"
            onChange={(event) => void chooseFile(editor, event.currentTarget.files?.[0])}
          />
        )}
      </Field>
      {checking && <Text>Checking {file?.name}…</Text>}
      {error && (
        <MessageBar intent="error" role="alert" layout="multiline">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
      {preview && (
        <>
          <Text role="status" aria-label="Import summary">
            {preview.counts.new} new, {preview.counts.change} changed, {preview.counts.unchanged} unchanged, {preview.counts.refused} refused
          </Text>
          <div className={styles.scroll}>
            <Table aria-label="Import preview" size="small">
              <TableHeader>
                <TableRow>
                  <TableHeaderCell>#</TableHeaderCell>
                  <TableHeaderCell>Zone</TableHeaderCell>
                  <TableHeaderCell>Outcome</TableHeaderCell>
                  <TableHeaderCell>Why</TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {preview.features.map((feature) => (
                  <TableRow key={feature.index}>
                    <TableCell>{feature.index + 1}</TableCell>
                    <TableCell>{feature.name ?? feature.id ?? '(unnamed)'}</TableCell>
                    <TableCell className={feature.action === 'refused' ? styles.refused : undefined}>{feature.action}</TableCell>
                    <TableCell>
                      {feature.errors.length > 0 && (
                        <ul className={styles.reasons}>
                          {feature.errors.map((issue) => (
                            <li key={`${issue.field}:${issue.message}`}>
                              {issue.field}: {issue.message}
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
        <Button appearance="primary" disabled={!applicable || applying} onClick={() => editor.send({ type: 'import.apply' })}>
          {applying ? 'Applying…' : 'Apply import'}
        </Button>
        <Button disabled={applying} onClick={() => editor.send({ type: 'import.cancel' })}>
          Cancel
        </Button>
      </div>
    </section>
  );
}
