import { Button, Field, makeStyles, MessageBar, MessageBarBody, Textarea, tokens } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import type { DetailsRef } from './details-ref.ts';

const useStyles = makeStyles({
  writes: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/** The operator's part: a note on its own or as the reason of Acknowledge / Resolve, and the assignment. */
export function IncidentWrites({ details }: { details: DetailsRef }) {
  const styles = useStyles();
  const draft = useSelector(details, (s) => s.context.draft);
  const assignee = useSelector(details, (s) => s.context.incident.assignee ?? null);
  const writing = useSelector(details, (s) => s.hasTag('writing'));
  const error = useSelector(details, (s) => s.context.writeError);
  const can = {
    note: useSelector(details, (s) => s.can({ type: 'details.note' })),
    assign: useSelector(details, (s) => s.can({ type: 'details.assign' })),
    unassign: useSelector(details, (s) => s.can({ type: 'details.unassign' })),
    acknowledge: useSelector(details, (s) => s.can({ type: 'details.acknowledge' })),
    resolve: useSelector(details, (s) => s.can({ type: 'details.resolve' })),
  };
  const user = useSelector(details, (s) => s.context.user);
  return (
    <section className={styles.writes} aria-label="Actions" aria-busy={writing || undefined}>
      <Field label="Note" hint="Added on its own with Add note, or as the reason of Acknowledge or Resolve.">
        <Textarea
          value={draft}
          resize="vertical"
          onChange={(_, data) => details.send({ type: 'details.draft', text: data.value })}
        />
      </Field>
      <div className={styles.buttons}>
        <Button appearance="primary" disabled={!can.note} onClick={() => details.send({ type: 'details.note' })}>
          Add note
        </Button>
        {assignee !== user && (
          <Button disabled={!can.assign} onClick={() => details.send({ type: 'details.assign' })}>
            Assign to me
          </Button>
        )}
        {assignee !== null && (
          <Button disabled={!can.unassign} onClick={() => details.send({ type: 'details.unassign' })}>
            Unassign
          </Button>
        )}
        <Button disabled={!can.acknowledge} onClick={() => details.send({ type: 'details.acknowledge' })}>
          Acknowledge
        </Button>
        <Button disabled={!can.resolve} onClick={() => details.send({ type: 'details.resolve' })}>
          Resolve
        </Button>
      </div>
      {error && (
        <MessageBar intent="error">
          <MessageBarBody>{error}</MessageBarBody>
        </MessageBar>
      )}
    </section>
  );
}
