import type { IncidentReport } from '../../api/incident-report.ts';
import { formatPosition, formatTime } from '../../domain/display.ts';
import { plotTrail } from '../incident/trail.ts';
import { useReportStyles } from './report-styles.ts';
import { useClock } from '../i18n/clock-context.ts';
import { useT } from '../../i18n/useT.ts';

// SVG, not the live map's WebGL canvas: a canvas often prints blank, and the basemap's tiles need the network.
const BOX = { width: 640, height: 360, padding: 24 };
const TRAIL = '#0f6cbd';
const INCIDENT = '#c50f1f';

// The legend's symbols, drawn in the trail's and the incident's colours.
const [DOT, RING, LINE, SPACE, BETWEEN] = ['●', '○', '━', ' ', ' · '];

const lengthText = (metres: number) => (metres >= 1000 ? `${metres / 1000} km` : `${metres} m`);

/** Metres per degree of latitude on the mean-radius sphere. */
const METRES_PER_DEGREE = 111_195;

/** A round length that fits a quarter of the box, for the scale bar. */
function scaleBar(
  trail: IncidentReport['trail'],
  incident: { latitude: number; longitude: number },
): { metres: number; pixels: number } | undefined {
  const lats = [incident.latitude, ...trail.map((p) => p.latitude)];
  const cos = Math.cos((incident.latitude * Math.PI) / 180);
  const lngs = [incident.longitude, ...trail.map((p) => p.longitude)];
  const spanY = (Math.max(...lats) - Math.min(...lats)) * METRES_PER_DEGREE;
  const spanX = (Math.max(...lngs) - Math.min(...lngs)) * METRES_PER_DEGREE * cos;
  const pxPerMetre = Math.min(
    (BOX.width - 2 * BOX.padding) / (spanX || Infinity),
    (BOX.height - 2 * BOX.padding) / (spanY || Infinity),
  );
  if (!Number.isFinite(pxPerMetre) || pxPerMetre <= 0) return undefined;
  const wanted = BOX.width / 4 / pxPerMetre;
  const metres =
    [10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000].findLast((step) => step <= wanted) ??
    10;
  return { metres, pixels: metres * pxPerMetre };
}

/** The tourist's trail around the incident (blue, from the first position to the last) and where it was raised (red). */
export function ReportTrail({ report }: { report: IncidentReport }) {
  const clock = useClock();
  const t = useT();
  const styles = useReportStyles();
  const { incident, trail } = report;
  const plot = plotTrail(incident, trail, BOX);
  const scale = trail.length > 0 ? scaleBar(trail, incident) : undefined;
  const first = plot.trail[0];
  return (
    <figure style={{ margin: 0 }}>
      <svg
        className={styles.map}
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        role="img"
        aria-label={t('report.mapLabel', { count: trail.length })}
      >
        {plot.trail.length > 1 && (
          <polyline
            fill="none"
            stroke={TRAIL}
            strokeWidth={2.5}
            strokeLinejoin="round"
            points={plot.trail.map((p) => `${p.x},${p.y}`).join(' ')}
          />
        )}
        {first && <circle cx={first.x} cy={first.y} r={4} fill="#ffffff" stroke={TRAIL} strokeWidth={2} />}
        {plot.last && <circle cx={plot.last.x} cy={plot.last.y} r={5} fill={TRAIL} />}
        <circle cx={plot.incident.x} cy={plot.incident.y} r={7} fill={INCIDENT} stroke="#ffffff" strokeWidth={2} />
        <text x={BOX.width - 18} y={22} textAnchor="middle" fontSize={13} fill="#424242">
          {t('report.north')}
        </text>
        <path d={`M ${BOX.width - 18} 28 l -5 12 l 5 -3 l 5 3 z`} fill="#424242" />
        {scale && (
          <g>
            <line
              x1={12}
              x2={12 + scale.pixels}
              y1={BOX.height - 14}
              y2={BOX.height - 14}
              stroke="#424242"
              strokeWidth={2}
            />
            <text x={12} y={BOX.height - 20} fontSize={11} fill="#424242">
              {lengthText(scale.metres)}
            </text>
          </g>
        )}
      </svg>
      <figcaption className={styles.mapLegend}>
        <span>
          <span style={{ color: INCIDENT }}>{DOT}</span>
          {SPACE}
          {t('report.incidentAt', { position: formatPosition(incident) })}
        </span>
        <span>
          <span style={{ color: TRAIL }}>{LINE}</span>
          {SPACE}
          {trail.length === 0
            ? t('report.noPositions')
            : t('report.positions', {
                count: trail.length,
                from: formatTime(trail[0]!.at, clock),
                to: formatTime(trail.at(-1)!.at, clock),
              })}
        </span>
        {trail.length > 0 && (
          <span>
            <span style={{ color: TRAIL }}>{RING}</span>
            {SPACE}
            {t('report.first')}
            {BETWEEN}
            <span style={{ color: TRAIL }}>{DOT}</span>
            {SPACE}
            {t('report.last')}
          </span>
        )}
      </figcaption>
    </figure>
  );
}
