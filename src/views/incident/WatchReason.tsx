import { makeStyles, tokens } from '@fluentui/react-components';
import type { Incident } from '../../api/entities.ts';
import { formatClock } from '../../domain/display.ts';
import { reportedAgainText, watchReason } from '../../domain/watch-sentences.ts';
import { useT } from '../../i18n/useT.ts';
import { useClock } from '../i18n/clock-context.ts';

const useStyles = makeStyles({
  why: {
    margin: 0,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderLeft: `${tokens.strokeWidthThick} solid ${tokens.colorPaletteDarkOrangeBorder2}`,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  again: { display: 'block', color: tokens.colorNeutralForeground2 },
});

const asSentence = (text: string) => `${text}.`;

/** Why the watch raised the incident, in one sentence, and when its tourist reported again (issue 32). */
export function WatchReason({ incident, zone }: { incident: Incident; zone: string | undefined }) {
  const styles = useStyles();
  const clock = useClock();
  const t = useT();
  const why = watchReason(incident, { zoneName: zone, time: (iso) => formatClock(iso, clock) }, t);
  if (!why) return null;
  const again = reportedAgainText(incident, (iso) => formatClock(iso, clock), t);
  return (
    <p className={styles.why} aria-label={t('watch.why')}>
      {why}
      {again && <span className={styles.again}>{asSentence(again)}</span>}
    </p>
  );
}
