// The map's text alternative (issue 35, WCAG 1.1.1): the alerts it draws, as a list a screen reader reads,
// newest first. Not on screen: the table beside it shows the same alerts to the eye.
import { useMemo } from 'react';
import type { Incident } from '../../api/entities.ts';
import { formatPosition, formatTime } from '../../domain/display.ts';
import { incidentTitle } from '../../domain/incident-titles.ts';
import { useVisuallyHidden } from '../alarm/Announcer.tsx';
import { useClock } from '../i18n/clock-context.ts';

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
  const styles = useVisuallyHidden();
  const newest = useMemo(() => newestOf(incidents, LISTED), [incidents]);
  return (
    <section className={styles.hidden} aria-label="Alerts on the map" data-map-text>
      <p>{`The map draws ${incidents.length} alerts${incidents.length > LISTED ? `; the newest ${LISTED} are listed` : ''}.`}</p>
      <ul>
        {newest.map((incident) => (
          <li key={incident.id}>
            {[incidentTitle(incident), incident.status, incident.meta?.riskLevel ? `${incident.meta.riskLevel} risk` : undefined, incident.regionId, formatPosition(incident), formatTime(incident.createdAt, clock)]
              .filter(Boolean)
              .join(', ')}
          </li>
        ))}
      </ul>
    </section>
  );
}
