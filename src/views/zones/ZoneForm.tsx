// The side form of a zone being drawn or edited (issue 31): name, risk, region and place id; undo and redo of the
// outline; what still stops it being saved (the server's own sentences, from src/domain/zone-geometry.ts); the
// server's refusal; and, when someone saved it first, their sentence with "Load their version".
import {
  Button,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Select,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowRedoRegular, ArrowUndoRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { canRedo, canUndo, draftIssues } from '../../domain/zone-draft.ts';
import { vertexCount, areaKm2 } from '../../domain/zone-geometry.ts';
import { formatArea } from '../../domain/zone-list.ts';
import type { zonesEditorMachine } from '../../machines/zonesEditorMachine.ts';
import { useT } from '../../i18n/useT.ts';
import { riskLevels } from '../../api/fields.ts';

type EditorRef = ActorRefFrom<typeof zonesEditorMachine>;

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
  issues: { margin: 0, paddingLeft: tokens.spacingHorizontalL, color: tokens.colorPaletteRedForeground1 },
  facts: { color: tokens.colorNeutralForeground3 },
});

export function ZoneForm({ editor, regions }: { editor: EditorRef; regions: string[] }) {
  const styles = useStyles();
  const t = useT();
  const draft = useSelector(editor, (s) => s.context.draft);
  const busy = useSelector(editor, (s) => s.hasTag('busy'));
  const conflict = useSelector(editor, (s) => s.context.conflict);
  const writeError = useSelector(editor, (s) => s.context.writeError);
  const issues = useMemo(() => (draft ? draftIssues(draft) : []), [draft]);
  if (!draft) return null;
  const send = editor.send;
  const facts = { vertices: vertexCount(draft.outline.polygon), area: formatArea(areaKm2(draft.outline.polygon)) };
  const regionChoices = regions.includes(draft.regionId) ? regions : [draft.regionId, ...regions];
  return (
    <form
      className={styles.form}
      aria-label={t('zones.zone')}
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'draft.save' });
      }}
    >
      {conflict && (
        <MessageBar intent="warning" role="alert" layout="multiline">
          <MessageBarBody>{conflict.sentence}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => send({ type: 'conflict.loadTheirs' })}>{t('zones.loadTheirs')}</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {writeError && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{writeError}</MessageBarBody>
        </MessageBar>
      )}
      <Field label={t('zones.name')} required>
        <Input
          value={draft.name}
          disabled={Boolean(conflict)}
          onChange={(_, data) => send({ type: 'draft.fields', name: data.value })}
        />
      </Field>
      <div className={styles.row}>
        <Field label={t('zones.riskLevel')}>
          <Select
            value={draft.riskLevel}
            disabled={Boolean(conflict)}
            onChange={(_, data) => send({ type: 'draft.fields', riskLevel: data.value as typeof draft.riskLevel })}
          >
            {riskLevels.map((risk) => (
              <option key={risk} value={risk}>
                {t(`zones.risk.${risk}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('zones.zoneRegion')}>
          <Select
            value={draft.regionId}
            disabled={Boolean(conflict)}
            onChange={(_, data) => send({ type: 'draft.fields', regionId: data.value })}
          >
            {regionChoices.map((region) => (
              <option key={region} value={region}>
                {region}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field label={t('zones.placeId')} hint={t('zones.placeHint')}>
        <Input
          value={draft.placeId}
          disabled={Boolean(conflict)}
          onChange={(_, data) => send({ type: 'draft.fields', placeId: data.value })}
        />
      </Field>
      <Text className={styles.facts} size={200}>
        {draft.outline.circle
          ? t('zones.factsCircle', { radius: Math.round(draft.outline.circle.radiusM), ...facts })
          : t('zones.facts', facts)}
      </Text>
      {issues.length > 0 && (
        <ul className={styles.issues} aria-label={t('zones.beforeSaving')}>
          {issues.map((issue) => (
            <li key={`${issue.field}:${issue.message}`}>{issue.id ? t(issue.id) : issue.message}</li>
          ))}
        </ul>
      )}
      <div className={styles.row}>
        <Button
          icon={<ArrowUndoRegular />}
          disabled={!canUndo(draft) || busy || Boolean(conflict)}
          onClick={() => send({ type: 'draft.undo' })}
        >
          {t('zones.undo')}
        </Button>
        <Button
          icon={<ArrowRedoRegular />}
          disabled={!canRedo(draft) || busy || Boolean(conflict)}
          onClick={() => send({ type: 'draft.redo' })}
        >
          {t('zones.redo')}
        </Button>
      </div>
      <div className={styles.row}>
        <Button appearance="primary" type="submit" disabled={issues.length > 0 || busy || Boolean(conflict)}>
          {t(busy ? 'zones.saving' : 'zones.save')}
        </Button>
        <Button onClick={() => send({ type: 'draft.cancel' })} disabled={busy}>
          {t('zones.cancel')}
        </Button>
      </div>
    </form>
  );
}
