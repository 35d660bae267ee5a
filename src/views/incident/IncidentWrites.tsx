import { Button, Field, makeStyles, MessageBar, MessageBarBody, Textarea, tokens } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import type { Incident } from '../../api/entities.ts';
import type { DetailsRef } from './details-ref.ts';
import { useT } from '../../i18n/useT.ts';

const useStyles = makeStyles({
  writes: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  buttons: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

/** The operator's part: a note on its own or as the reason of Acknowledge / Resolve, and the assignment.
 * Each act carries the status or assignee the page's record holds: the drawer's guards judge by them. */
export function IncidentWrites({ details, incident }: { details: DetailsRef; incident: Incident }) {
  const styles = useStyles();
  const t = useT();
  const draft = useSelector(details, (s) => s.context.draft);
  const writing = useSelector(details, (s) => s.hasTag('writing'));
  const error = useSelector(details, (s) => s.context.writeError);
  const { status } = incident;
  const assignee = incident.assignee ?? null;
  const acts = {
    note: { type: 'details.note' },
    assign: { type: 'details.assign', assignee },
    unassign: { type: 'details.unassign', assignee },
    acknowledge: { type: 'details.acknowledge', status },
    resolve: { type: 'details.resolve', status },
  } as const;
  const can = {
    note: useSelector(details, (s) => s.can(acts.note)),
    assign: useSelector(details, (s) => s.can(acts.assign)),
    unassign: useSelector(details, (s) => s.can(acts.unassign)),
    acknowledge: useSelector(details, (s) => s.can(acts.acknowledge)),
    resolve: useSelector(details, (s) => s.can(acts.resolve)),
  };
  const user = useSelector(details, (s) => s.context.user);
  return (
    <section className={styles.writes} aria-label={t('incident.actions')} aria-busy={writing || undefined}>
      <Field label={t('incident.note')} hint={t('incident.noteHint')}>
        <Textarea
          value={draft}
          resize="vertical"
          onChange={(_, data) => details.send({ type: 'details.draft', text: data.value })}
        />
      </Field>
      <div className={styles.buttons}>
        <Button appearance="primary" disabledFocusable={!can.note} onClick={() => details.send(acts.note)}>
          {t('incident.addNote')}
        </Button>
        {assignee !== user && (
          <Button disabledFocusable={!can.assign} onClick={() => details.send(acts.assign)}>
            {t('incident.assignToMe')}
          </Button>
        )}
        {assignee !== null && (
          <Button disabledFocusable={!can.unassign} onClick={() => details.send(acts.unassign)}>
            {t('incident.unassign')}
          </Button>
        )}
        <Button disabledFocusable={!can.acknowledge} onClick={() => details.send(acts.acknowledge)}>
          {t('incident.acknowledge')}
        </Button>
        <Button disabledFocusable={!can.resolve} onClick={() => details.send(acts.resolve)}>
          {t('incident.resolve')}
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
