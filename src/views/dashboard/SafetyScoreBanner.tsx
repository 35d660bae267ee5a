import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { DashboardActor } from '../dashboard-actor.ts';
import { MAX_SCORE, scoreBand } from '../../domain/scores.ts';
import { useBandStyles } from '../score-band.ts';
import { BandIcon } from '../BandIcon.tsx';

const useStyles = makeStyles({
  banner: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
});

export function SafetyScoreBanner() {
  const styles = useStyles();
  const bandStyles = useBandStyles();
  const score = DashboardActor.useSelector((s) => s.context.safetyScore);
  const regionId = DashboardActor.useSelector((s) => s.context.regionId);
  const band = score === undefined ? undefined : scoreBand(score);
  return (
    <div role="status" aria-label="Safety Score" data-band={band} className={mergeClasses(styles.banner, band && bandStyles[band])}>
      <BandIcon band={band} />
      <Text weight="semibold" size={400}>
        {`Safety Score (${regionId}): ${score ?? '—'}/${MAX_SCORE}`}
      </Text>
    </div>
  );
}
