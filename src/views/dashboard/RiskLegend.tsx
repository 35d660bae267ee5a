import { makeStyles, tokens } from '@fluentui/react-components';

const RISKS = [
  { label: 'red', colour: tokens.colorPaletteRedBackground3 },
  { label: 'yellow', colour: tokens.colorPaletteYellowBackground3 },
  { label: 'green', colour: tokens.colorPaletteGreenBackground3 },
];

const useStyles = makeStyles({
  legend: { display: 'flex', gap: tokens.spacingHorizontalM, listStyleType: 'none', margin: 0, padding: 0 },
  item: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, fontSize: tokens.fontSizeBase200 },
  swatch: { width: '12px', height: '12px', borderRadius: tokens.borderRadiusSmall },
});

export function RiskLegend() {
  const styles = useStyles();
  return (
    <ul className={styles.legend} aria-label="Risk legend">
      {RISKS.map(({ label, colour }) => (
        <li key={label} className={styles.item}>
          <span className={styles.swatch} style={{ backgroundColor: colour }} aria-hidden />
          {label}
        </li>
      ))}
    </ul>
  );
}
