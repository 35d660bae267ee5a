import { Button, makeStyles, MessageBar, MessageBarActions, MessageBarBody, Spinner, Text, tokens } from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import type { TimelineEntry } from '../../api/responses.ts';
import { formatTime } from '../../domain/display.ts';
import { readPauseStepNote } from '../../domain/watch-pause.ts';
import type { DetailsRef } from './details-ref.ts';
import { useClock } from '../i18n/clock-context.ts';
import type { ClockStyle } from '../../i18n/clock.ts';

const useStyles = makeStyles({
  list: { margin: 0, paddingLeft: tokens.spacingHorizontalL, display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  when: { color: tokens.colorNeutralForeground3 },
});

/** One step as a sentence: "dana assigned it to omar", "system escalated it", "dana added a note: …",
 * "op1 paused watching this tourist until 27/11/2026, 07:00:00: Phone left charging" (the end in the page's time). */
export function describeEntry(entry: TimelineEntry, clock: ClockStyle): string {
  const what: Record<TimelineEntry['action'], string> = {
    raised: 'raised it',
    acknowledged: 'acknowledged it',
    note: 'added a note',
    assigned: `assigned it to ${entry.assignee ?? 'someone'}`,
    unassigned: 'unassigned it',
    escalated: 'escalated it',
    resolved: 'resolved it',
    reported_again: 'reported again',
    watch_paused: 'paused watching this tourist',
    watch_resumed: 'resumed watching this tourist',
    dispatched: `dispatched ${entry.unit ?? 'a unit'}`,
    on_scene: `marked ${entry.unit ?? 'a unit'} on scene`,
    stood_down: `stood down ${entry.unit ?? 'a unit'}`,
    handed_over: `marked ${entry.unit ?? 'a unit'} handed over`,
  };
  const pause = entry.action === 'watch_paused' && entry.note ? readPauseStepNote(entry.note) : undefined;
  if (pause) return `${entry.actor} ${what.watch_paused} until ${formatTime(pause.until, clock)}: ${pause.reason}`;
  return `${entry.actor} ${what[entry.action]}${entry.note ? `: ${entry.note}` : ''}`;
}

/** The incident's history, oldest first, kept live while the drawer is open. */
export function IncidentTimeline({ details }: { details: DetailsRef }) {
  const clock = useClock();
  const styles = useStyles();
  const entries = useSelector(details, (s) => s.context.entries);
  const loading = useSelector(details, (s) => s.hasTag('loadingTimeline'));
  const failed = useSelector(details, (s) => s.matches({ timeline: 'failed' }));
  return (
    <section aria-label="Timeline">
      <Text weight="semibold" as="h3" block>
        Timeline
      </Text>
      {loading && <Spinner size="tiny" label="Loading the timeline…" />}
      {failed && (
        <MessageBar intent="warning">
          <MessageBarBody>The timeline could not be loaded.</MessageBarBody>
          <MessageBarActions>
            <Button size="small" onClick={() => details.send({ type: 'details.reload' })}>
              Retry
            </Button>
          </MessageBarActions>
        </MessageBar>
      )}
      <ol className={styles.list}>
        {entries.map((entry, index) => (
          <li key={`${entry.at}:${entry.action}:${index}`}>
            <time className={styles.when} dateTime={entry.at}>
              {formatTime(entry.at, clock)}
            </time>{' '}
            <span>{describeEntry(entry, clock)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
