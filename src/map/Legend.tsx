import { makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { unitKinds, type NearbyUnit } from '../api/responders.ts';
import { RESPONDER_COLOURS, UNAVAILABLE_COLOUR } from './layers.ts';
import { TRAIL_CAP, type LegendEntry } from './live-frame.ts';
import { cssColour, LEGEND_SCROLL_HEIGHT_PX } from './style.ts';
import { useT } from '../i18n/useT.ts';

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
  scrollArea: {
    maxHeight: `${LEGEND_SCROLL_HEIGHT_PX}px`,
    overflowY: 'auto',
    margin: 0,
    padding: 0,
    listStyleType: 'none',
  },
  entry: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXS, whiteSpace: 'nowrap' },
  swatch: { width: '10px', height: '10px', borderRadius: '50%', flexShrink: 0 },
  // As the map draws a unit: a filled point with a ring.
  ringed: { boxSizing: 'border-box', border: `2px solid ${tokens.colorNeutralForeground1}` },
  list: { margin: 0, padding: 0, listStyleType: 'none' },
  afterGps: { marginTop: tokens.spacingVerticalXS },
  key: { overflow: 'hidden', textOverflow: 'ellipsis' },
  note: { marginTop: tokens.spacingVerticalXXS, color: tokens.colorNeutralForeground3, whiteSpace: 'normal' },
});

/** The kinds among the shown units that are available, in the directory's order, and whether any is not. */
export function responderKey(units: readonly NearbyUnit[]): { kinds: NearbyUnit['kind'][]; unavailable: boolean } {
  return {
    kinds: unitKinds.filter((kind) => units.some((unit) => unit.available && unit.kind === kind)),
    unavailable: units.some((unit) => !unit.available),
  };
}

function ResponderKey({ units, className }: { units: readonly NearbyUnit[]; className?: string }) {
  const styles = useStyles();
  const t = useT();
  const { kinds, unavailable } = responderKey(units);
  const swatch = (colour: typeof UNAVAILABLE_COLOUR) => (
    <span
      className={mergeClasses(styles.swatch, styles.ringed)}
      style={{ backgroundColor: cssColour(colour) }}
      aria-hidden
    />
  );
  return (
    <section className={className} aria-label={t('map.respondersLegend')}>
      <div className={styles.title}>{t('map.nearestUnits')}</div>
      <ul className={styles.list}>
        {kinds.map((kind) => (
          <li key={kind} className={styles.entry}>
            {swatch(RESPONDER_COLOURS[kind])}
            {t('responders.kindName', { kind })}
          </li>
        ))}
        {unavailable && (
          <li className={styles.entry}>
            {swatch(UNAVAILABLE_COLOUR)}
            {t('map.unavailable')}
          </li>
        )}
      </ul>
    </section>
  );
}

/** The map's key: the live GPS keys and their colours, and the selected incident's nearest units by kind. */
export function Legend({
  entries,
  more,
  trailsHidden,
  responders = [],
}: {
  entries: readonly LegendEntry[];
  more: number;
  trailsHidden: number;
  responders?: readonly NearbyUnit[];
}) {
  const styles = useStyles();
  const t = useT();
  if (entries.length === 0 && responders.length === 0) return null;
  return (
    <div className={styles.legend}>
      {entries.length > 0 && (
        <section aria-label={t('map.gpsLegend')}>
          <div className={styles.title}>{t('map.liveGps')}</div>
          {/* Focusable, so that a keyboard alone can scroll a long list (WCAG 2.1.1). */}
          <ul
            className={styles.scrollArea}
            data-testid="map-legend-scroll"
            tabIndex={0}
            aria-label={t('map.gpsDevices')}
          >
            {entries.map((entry) => (
              <li key={entry.key} className={styles.entry}>
                <span className={styles.swatch} style={{ backgroundColor: cssColour(entry.colour) }} aria-hidden />
                <span className={styles.key} title={entry.key}>
                  {entry.key}
                </span>
              </li>
            ))}
            {more > 0 && <li className={styles.entry}>{t('map.more', { count: more })}</li>}
          </ul>
          {trailsHidden > 0 && (
            <div className={styles.note}>{t('map.trailsCapped', { cap: TRAIL_CAP, hidden: trailsHidden })}</div>
          )}
        </section>
      )}
      {responders.length > 0 && (
        <ResponderKey units={responders} className={entries.length > 0 ? styles.afterGps : undefined} />
      )}
    </div>
  );
}
