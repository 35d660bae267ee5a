import { makeStyles, Skeleton, SkeletonItem, Title2, tokens } from '@fluentui/react-components';
import { useT } from '../../i18n/useT.ts';

const useStyles = makeStyles({
  view: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL },
  row: { display: 'grid', gridTemplateColumns: '1fr', gap: tokens.spacingVerticalS },
});

export function AnalyticsView() {
  const styles = useStyles();
  const t = useT();
  return (
    <section className={styles.view} aria-label={t('analytics.label')}>
      <Title2 as="h2">{t('analytics.title')}</Title2>
      <Skeleton aria-label={t('analytics.loading')} className={styles.row}>
        <SkeletonItem size={32} />
        <SkeletonItem size={128} />
        <SkeletonItem size={128} />
        <SkeletonItem size={32} />
      </Skeleton>
    </section>
  );
}
