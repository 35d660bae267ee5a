import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { DashboardActor } from '../dashboard-actor.ts';
import { bandColours, MAX_SCORE, scoreBand } from '../score-band.ts';

const useStyles = makeStyles({
  banner: {
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    borderRadius: tokens.borderRadiusMedium,
    border: `1px solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  green: { backgroundColor: bandColours.green.background, color: bandColours.green.foreground, border: `1px solid ${bandColours.green.border}` },
  yellow: { backgroundColor: bandColours.yellow.background, color: bandColours.yellow.foreground, border: `1px solid ${bandColours.yellow.border}` },
  red: { backgroundColor: bandColours.red.background, color: bandColours.red.foreground, border: `1px solid ${bandColours.red.border}` },
});

export function SafetyScoreBanner() {
  const styles = useStyles();
  const score = DashboardActor.useSelector((s) => s.context.safetyScore);
  const regionId = DashboardActor.useSelector((s) => s.context.regionId);
  const band = score === undefined ? undefined : scoreBand(score);
  return (
    <div role="status" aria-label="Safety Score" data-band={band} className={mergeClasses(styles.banner, band && styles[band])}>
      <Text weight="semibold" size={400}>
        {`Safety Score (${regionId}): ${score ?? '—'}/${MAX_SCORE}`}
      </Text>
    </div>
  );
}
