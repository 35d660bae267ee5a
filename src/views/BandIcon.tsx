// A score band's icon, beside its colour (issue 35): a tick for green, a warning for yellow, an error for red,
// so that colour is never the only sign of the band. The score beside it is the words.
import { makeStyles } from '@fluentui/react-components';
import { CheckmarkCircleRegular, ErrorCircleRegular, WarningRegular } from '@fluentui/react-icons';
import type { ScoreBand } from '../domain/scores.ts';

const icons = { green: CheckmarkCircleRegular, yellow: WarningRegular, red: ErrorCircleRegular } as const;

const useStyles = makeStyles({ icon: { verticalAlign: 'middle', marginInlineEnd: '4px', flexShrink: 0 } });

export function BandIcon({ band }: { band: ScoreBand | undefined }) {
  const styles = useStyles();
  if (!band) return null;
  const Icon = icons[band];
  return <Icon aria-hidden className={styles.icon} data-band-icon={band} />;
}
