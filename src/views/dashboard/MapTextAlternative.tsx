// The map's text alternative (issue 35, WCAG 1.1.1): the alerts it draws, as a list a screen reader reads,
// newest first. Not on screen: the table beside it shows the same alerts to the eye.
import { useMemo } from 'react';
import type { Incident } from '../../api/entities.ts';
import { formatPosition, formatTime } from '../../domain/display.ts';
import { incidentTitle } from '../../domain/incident-titles.ts';
import { useVisuallyHidden } from '../alarm/Announcer.tsx';
import { useClock } from '../i18n/clock-context.ts';
import { useT } from '../../i18n/useT.ts';
import { statusWord } from '../../domain/incident-status.ts';
import { riskWord } from './risk-word.ts';

const LISTED = 20;

/** The `count` newest by receive time, newest first, in one pass: the map may draw 10,000 alerts. */
function newestOf(incidents: readonly Incident[], count: number): Incident[] {
  const newest: Incident[] = [];
  for (const incident of incidents) {
    if (newest.length === count && incident.createdAt <= newest[count - 1]!.createdAt) continue;
    let at = newest.length;
    while (at > 0 && newest[at - 1]!.createdAt < incident.createdAt) at--;
    newest.splice(at, 0, incident);
    if (newest.length > count) newest.pop();
  }
  return newest;
}

export function MapTextAlternative({ incidents }: { incidents: readonly Incident[] }) {
  const clock = useClock();
  const t = useT();
  const styles = useVisuallyHidden();
  const newest = useMemo(() => newestOf(incidents, LISTED), [incidents]);
  return (
    <section className={styles.hidden} aria-label={t('dashboard.mapList')} data-map-text>
      <p>
        {incidents.length > LISTED
          ? t('dashboard.mapDrawsSome', { count: incidents.length, listed: LISTED })
          : t('dashboard.mapDraws', { count: incidents.length })}
      </p>
      <ul>
        {newest.map((incident) => (
          <li key={incident.id}>
            {[
              incidentTitle(incident, t),
              statusWord(incident.status, t),
              incident.meta?.riskLevel
                ? t('dashboard.riskOf', { risk: riskWord(incident.meta.riskLevel, t) })
                : undefined,
              incident.regionId,
              formatPosition(incident),
              formatTime(incident.createdAt, clock),
            ]
              .filter(Boolean)
              .join(', ')}
          </li>
        ))}
      </ul>
    </section>
  );
}
