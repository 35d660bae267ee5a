import {
  Button,
  makeStyles,
  MessageBar,
  MessageBarActions,
  MessageBarBody,
  Spinner,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useSelector } from '@xstate/react';
import type { TimelineEntry } from '../../api/responses.ts';
import { formatTime } from '../../domain/display.ts';
import { readPauseStepNote } from '../../domain/watch-pause.ts';
import type { DetailsRef } from './details-ref.ts';
import { useClock } from '../i18n/clock-context.ts';
import type { ClockStyle } from '../../i18n/clock.ts';
import type { MessageId } from '../../i18n/catalogue.ts';
import { useT, type Translate } from '../../i18n/useT.ts';

const useStyles = makeStyles({
  list: {
    margin: 0,
    paddingLeft: tokens.spacingHorizontalL,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
  },
  when: { color: tokens.colorNeutralForeground3 },
});

const SPACE = ' ';

/** One step as a sentence: "dana assigned it to omar", "system escalated it", "dana added a note: …",
 * "op1 paused watching this tourist until 27/11/2026, 07:00:00: Phone left charging" (the end in the page's time). */
export function describeEntry(entry: TimelineEntry, clock: ClockStyle, t: Translate): string {
  const actor = entry.actor;
  const pause = entry.action === 'watch_paused' && entry.note ? readPauseStepNote(entry.note) : undefined;
  if (pause)
    return t('incident.entry.pausedUntil', { actor, until: formatTime(pause.until, clock), reason: pause.reason });
  const what = t(`incident.entry.${entry.action}` as MessageId, {
    actor,
    assignee: entry.assignee ?? t('incident.entry.someone'),
    unit: entry.unit ?? t('incident.entry.aUnit'),
  });
  return entry.note ? `${what}: ${entry.note}` : what;
}

/** The incident's history, oldest first, kept live while the drawer is open. */
export function IncidentTimeline({ details }: { details: DetailsRef }) {
  const clock = useClock();
  const t = useT();
  const styles = useStyles();
  const entries = useSelector(details, (s) => s.context.entries);
  const loading = useSelector(details, (s) => s.hasTag('loadingTimeline'));
  const failed = useSelector(details, (s) => s.matches({ timeline: 'failed' }));
  return (
    <section aria-label={t('incident.timeline')}>
      <Text weight="semibold" as="h3" block>
        {t('incident.timeline')}
      </Text>
      {loading && <Spinner size="tiny" label={t('incident.timelineLoading')} />}
      {failed && (
        <MessageBar intent="warning">
          <MessageBarBody>{t('incident.timelineFailed')}</MessageBarBody>
          <MessageBarActions>
            <Button size="small" onClick={() => details.send({ type: 'details.reload' })}>
              {t('incident.retry')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      )}
      <ol className={styles.list}>
        {entries.map((entry, index) => (
          <li key={`${entry.at}:${entry.action}:${index}`}>
            <time className={styles.when} dateTime={entry.at}>
              {formatTime(entry.at, clock)}
            </time>
            {SPACE}
            <span>{describeEntry(entry, clock, t)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
