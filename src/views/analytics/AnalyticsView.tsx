import { makeStyles, Skeleton, SkeletonItem, Title2, tokens } from '@fluentui/react-components';

const useStyles = makeStyles({
  view: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalL },
  row: { display: 'grid', gridTemplateColumns: '1fr', gap: tokens.spacingVerticalS },
});

const ANALYTICS_TITLE = 'Analytics (coming soon)';

export function AnalyticsView() {
  const styles = useStyles();
  return (
    <section className={styles.view} aria-label="Analytics">
      <Title2 as="h2">{ANALYTICS_TITLE}</Title2>
      <Skeleton aria-label="Analytics loading" className={styles.row}>
        <SkeletonItem size={32} />
        <SkeletonItem size={128} />
        <SkeletonItem size={128} />
        <SkeletonItem size={32} />
      </Skeleton>
    </section>
  );
}
