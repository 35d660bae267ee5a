// Facts as terms and values (a `dl`), for the drawer, the profile and the report: one pair a row, or two
// pairs a row where a printed page has the width.
import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

export type Fact = [term: string, value: ReactNode];

const useStyles = makeStyles({
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalM,
    rowGap: tokens.spacingVerticalXS,
    margin: 0,
  },
  twoAcross: { gridTemplateColumns: 'max-content 1fr max-content 1fr', rowGap: tokens.spacingVerticalXXS },
  pair: { display: 'contents' },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, wordBreak: 'break-word' },
});

export function FactList({
  label,
  facts,
  twoAcross = false,
}: {
  label: string;
  facts: readonly Fact[];
  twoAcross?: boolean;
}) {
  const styles = useStyles();
  return (
    <dl className={mergeClasses(styles.facts, twoAcross && styles.twoAcross)} aria-label={label}>
      {facts.map(([term, value]) => (
        <div key={term} className={styles.pair}>
          <dt className={styles.term}>{term}</dt>
          <dd className={styles.value}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
