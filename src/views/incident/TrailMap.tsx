import { makeStyles, Text, tokens } from '@fluentui/react-components';
import type { GpsHistoryPoint } from '../../api/entities.ts';
import { formatPosition, formatTime } from '../../domain/display.ts';
import { plotTrail } from './trail.ts';
import { useClock } from '../i18n/clock-context.ts';
import { useT } from '../../i18n/useT.ts';

const BOX = { width: 280, height: 160, padding: 12 };

const useStyles = makeStyles({
  map: {
    width: '100%',
    maxWidth: `${BOX.width}px`,
    backgroundColor: tokens.colorNeutralBackground3,
    borderRadius: tokens.borderRadiusMedium,
  },
  trail: { fill: 'none', stroke: tokens.colorBrandForeground1, strokeWidth: 2 },
  last: { fill: tokens.colorBrandForeground1 },
  incident: { fill: tokens.colorPaletteRedForeground1 },
  muted: { color: tokens.colorNeutralForeground3 },
});

/** The tourist's recent trail (blue, ending at the last position) and where the panic was raised (red). */
export function TrailMap({
  incident,
  trail,
}: {
  incident: { latitude: number; longitude: number };
  trail: readonly GpsHistoryPoint[];
}) {
  const clock = useClock();
  const t = useT();
  const styles = useStyles();
  const last = trail.at(-1);
  const plot = plotTrail(incident, trail, BOX);
  return (
    <div>
      <svg
        className={styles.map}
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        role="img"
        aria-label={t('incident.trail', { count: trail.length })}
      >
        {plot.trail.length > 1 && (
          <polyline className={styles.trail} points={plot.trail.map((p) => `${p.x},${p.y}`).join(' ')} />
        )}
        {plot.last && <circle className={styles.last} cx={plot.last.x} cy={plot.last.y} r={5} />}
        <circle className={styles.incident} cx={plot.incident.x} cy={plot.incident.y} r={6} />
      </svg>
      <Text block className={last ? undefined : styles.muted}>
        {last
          ? t('incident.lastPosition', { position: formatPosition(last), time: formatTime(last.at, clock) })
          : t('incident.noPosition')}
      </Text>
    </div>
  );
}
