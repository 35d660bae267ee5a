import { makeStyles, tokens } from '@fluentui/react-components';
import { TRAIL_CAP, type LegendEntry } from './live-frame.ts';
import { cssColour, LEGEND_SCROLL_HEIGHT_PX } from './style.ts';

const useStyles = makeStyles({
  legend: {
    position: 'absolute',
    right: tokens.spacingHorizontalS,
    bottom: tokens.spacingVerticalS,
    zIndex: 2,
    minWidth: '140px',
    maxWidth: '220px',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalS}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow8,
    fontSize: tokens.fontSizeBase200,
  },
  title: { fontWeight: tokens.fontWeightSemibold, marginBottom: tokens.spacingVerticalXXS },
  scrollArea: { maxHeight: `${LEGEND_SCROLL_HEIGHT_PX}px`, overflowY: 'auto', margin: 0, padding: 0, listStyleType: 'none' },
  entry: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, whiteSpace: 'nowrap' },
  swatch: { width: '10px', height: '10px', borderRadius: '50%', flexShrink: 0 },
  key: { overflow: 'hidden', textOverflow: 'ellipsis' },
  note: { marginTop: tokens.spacingVerticalXXS, color: tokens.colorNeutralForeground3, whiteSpace: 'normal' },
});

export function Legend({ entries, more, trailsHidden }: { entries: readonly LegendEntry[]; more: number; trailsHidden: number }) {
  const styles = useStyles();
  if (entries.length === 0) return null;
  return (
    <section className={styles.legend} aria-label="Live GPS legend">
      <div className={styles.title}>Live GPS</div>
      {/* Focusable, so that a keyboard alone can scroll a long list (WCAG 2.1.1). */}
      <ul className={styles.scrollArea} data-testid="map-legend-scroll" tabIndex={0} aria-label="Live GPS devices">
        {entries.map((entry) => (
          <li key={entry.key} className={styles.entry}>
            <span className={styles.swatch} style={{ backgroundColor: cssColour(entry.colour) }} aria-hidden />
            <span className={styles.key} title={entry.key}>
              {entry.key}
            </span>
          </li>
        ))}
        {more > 0 && <li className={styles.entry}>+{more} more…</li>}
      </ul>
      {trailsHidden > 0 && (
        <div className={styles.note}>
          Trails shown for the first {TRAIL_CAP} devices ({trailsHidden} more without)
        </div>
      )}
    </section>
  );
}
