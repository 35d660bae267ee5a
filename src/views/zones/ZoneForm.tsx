// The side form of a zone being drawn or edited (issue 31): name, risk, region and place id; undo and redo of the
// outline; what still stops it being saved (the server's own sentences, from src/domain/zone-geometry.ts); the
// server's refusal; and, when someone saved it first, their sentence with "Load their version".
import { Button, Field, Input, makeStyles, MessageBar, MessageBarActions, MessageBarBody, Select, Text, tokens } from '@fluentui/react-components';
import { ArrowRedoRegular, ArrowUndoRegular } from '@fluentui/react-icons';
import { useSelector } from '@xstate/react';
import { useMemo } from 'react';
import type { ActorRefFrom } from 'xstate';
import { canRedo, canUndo, draftIssues } from '../../domain/zone-draft.ts';
import { vertexCount, areaKm2 } from '../../domain/zone-geometry.ts';
import { formatArea } from '../../domain/zone-list.ts';
import type { zonesEditorMachine } from '../../machines/zonesEditorMachine.ts';

type EditorRef = ActorRefFrom<typeof zonesEditorMachine>;

const useStyles = makeStyles({
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  row: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap', alignItems: 'center' },
  issues: { margin: 0, paddingLeft: tokens.spacingHorizontalL, color: tokens.colorPaletteRedForeground1 },
  facts: { color: tokens.colorNeutralForeground3 },
});

export function ZoneForm({ editor, regions }: { editor: EditorRef; regions: string[] }) {
  const styles = useStyles();
  const draft = useSelector(editor, (s) => s.context.draft);
  const busy = useSelector(editor, (s) => s.hasTag('busy'));
  const conflict = useSelector(editor, (s) => s.context.conflict);
  const writeError = useSelector(editor, (s) => s.context.writeError);
  const issues = useMemo(() => (draft ? draftIssues(draft) : []), [draft]);
  if (!draft) return null;
  const send = editor.send;
  const regionChoices = regions.includes(draft.regionId) ? regions : [draft.regionId, ...regions];
  return (
    <form
      className={styles.form}
      aria-label="Zone"
      onSubmit={(event) => {
        event.preventDefault();
        send({ type: 'draft.save' });
      }}
    >
      {conflict && (
        <MessageBar intent="warning" role="alert" layout="multiline">
          <MessageBarBody>{conflict.sentence}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => send({ type: 'conflict.loadTheirs' })}>Load their version</Button>
          </MessageBarActions>
        </MessageBar>
      )}
      {writeError && (
        <MessageBar intent="error" role="alert">
          <MessageBarBody>{writeError}</MessageBarBody>
        </MessageBar>
      )}
      <Field label="Name" required>
        <Input value={draft.name} disabled={Boolean(conflict)} onChange={(_, data) => send({ type: 'draft.fields', name: data.value })} />
      </Field>
      <div className={styles.row}>
        <Field label="Risk level">
          <Select value={draft.riskLevel} disabled={Boolean(conflict)} onChange={(_, data) => send({ type: 'draft.fields', riskLevel: data.value as typeof draft.riskLevel })}>
            <option value="red">red</option>
            <option value="yellow">yellow</option>
            <option value="green">green</option>
          </Select>
        </Field>
        <Field label="Zone region">
          <Select value={draft.regionId} disabled={Boolean(conflict)} onChange={(_, data) => send({ type: 'draft.fields', regionId: data.value })}>
            {regionChoices.map((region) => (
              <option key={region} value={region}>
                {region}
              </option>
            ))}
          </Select>
        </Field>
      </div>
      <Field label="Place id" hint="Groups zones for the dashboard's place selector, e.g. police-bazar">
        <Input value={draft.placeId} disabled={Boolean(conflict)} onChange={(_, data) => send({ type: 'draft.fields', placeId: data.value })} />
      </Field>
      <Text className={styles.facts} size={200}>
        {draft.outline.circle ? `Circle of ${Math.round(draft.outline.circle.radiusM)} m, ` : ''}
        {vertexCount(draft.outline.polygon)} vertices, {formatArea(areaKm2(draft.outline.polygon))}
      </Text>
      {issues.length > 0 && (
        <ul className={styles.issues} aria-label="Before saving">
          {issues.map((issue) => (
            <li key={`${issue.field}:${issue.message}`}>{issue.message}</li>
          ))}
        </ul>
      )}
      <div className={styles.row}>
        <Button icon={<ArrowUndoRegular />} disabled={!canUndo(draft) || busy || Boolean(conflict)} onClick={() => send({ type: 'draft.undo' })}>
          Undo
        </Button>
        <Button icon={<ArrowRedoRegular />} disabled={!canRedo(draft) || busy || Boolean(conflict)} onClick={() => send({ type: 'draft.redo' })}>
          Redo
        </Button>
      </div>
      <div className={styles.row}>
        <Button appearance="primary" type="submit" disabled={issues.length > 0 || busy || Boolean(conflict)}>
          {busy ? 'Saving…' : 'Save zone'}
        </Button>
        <Button onClick={() => send({ type: 'draft.cancel' })} disabled={busy}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
