import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { DashboardActor } from '../dashboard-actor.ts';
import { MAX_SCORE, scoreBand } from '../../domain/scores.ts';
import { useBandStyles } from '../score-band.ts';
import { BandIcon } from '../BandIcon.tsx';
import { useT } from '../../i18n/useT.ts';

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
  const t = useT();
  const bandStyles = useBandStyles();
  const score = DashboardActor.useSelector((s) => s.context.safetyScore);
  const regionId = DashboardActor.useSelector((s) => s.context.regionId);
  const band = score === undefined ? undefined : scoreBand(score);
  return (
    <div
      role="status"
      aria-label={t('dashboard.score')}
      data-band={band}
      className={mergeClasses(styles.banner, band && bandStyles[band])}
    >
      <BandIcon band={band} />
      <Text weight="semibold" size={400}>
        {t('dashboard.scoreLine', { region: regionId, score: score ?? '—', max: MAX_SCORE })}
      </Text>
    </div>
  );
}
