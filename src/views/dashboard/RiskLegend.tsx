import { makeStyles, tokens } from '@fluentui/react-components';
import { RISK_COLOURS, type RiskColourName } from '../../domain/risk-colours.ts';
import { useT } from '../../i18n/useT.ts';
import { riskWord } from './risk-word.ts';

// The swatches are the map's own colours, so the legend matches the dots and zone outlines.
const RISKS = (['red', 'yellow', 'green'] as const satisfies readonly RiskColourName[]).map((label) => ({
  label,
  colour: `rgb(${RISK_COLOURS[label].join(', ')})`,
}));

const useStyles = makeStyles({
  legend: { display: 'flex', gap: tokens.spacingHorizontalM, listStyleType: 'none', margin: 0, padding: 0 },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, fontSize: tokens.fontSizeBase200 },
  swatch: { width: '12px', height: '12px', borderRadius: tokens.borderRadiusSmall },
});

export function RiskLegend() {
  const styles = useStyles();
  const t = useT();
  return (
    <ul className={styles.legend} aria-label={t('dashboard.riskLegend')}>
      {RISKS.map(({ label, colour }) => (
        <li key={label} className={styles.item}>
          <span className={styles.swatch} style={{ backgroundColor: colour }} aria-hidden />
          {riskWord(label, t)}
        </li>
      ))}
    </ul>
  );
}
