import { makeStyles, tokens } from '@fluentui/react-components';
import type { Incident } from '../../api/entities.ts';
import { formatClock } from '../../domain/display.ts';
import { reportedAgainText, watchReason, WHY_LABEL } from '../../domain/watch-sentences.ts';
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

/** Why the watch raised the incident, in one sentence, and when its tourist reported again (issue 32). */
export function WatchReason({ incident, zone }: { incident: Incident; zone: string | undefined }) {
  const styles = useStyles();
  const clock = useClock();
  const why = watchReason(incident, { zoneName: zone, time: (iso) => formatClock(iso, clock) });
  if (!why) return null;
  const again = reportedAgainText(incident, (iso) => formatClock(iso, clock));
  return (
    <p className={styles.why} aria-label={WHY_LABEL}>
      {why}
      {again && <span className={styles.again}>{`${again}.`}</span>}
    </p>
  );
}
