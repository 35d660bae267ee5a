// The page's incidents: one record per incident, its status inside it. Every report of an incident (the
// table's load, the stream, the status list, an operator's write) is merged by the lifecycle's rule: the
// later status wins, so nothing the page already knows is undone by an older answer.
import type { Incident } from '../api/entities.ts';
import type { IncidentStatus } from '../api/fields.ts';
import { laterStatus } from './incident-status.ts';
import { upsertIncident } from './incident-scope.ts';
import { keptThroughLoad, type HeardSinceLoad } from './load-race.ts';

/** The reported record, unless the known one is further along the lifecycle (then it stays). */
export function laterRecord(known: Incident | undefined, reported: Incident): Incident {
  if (!known) return reported;
  return laterStatus(known.status, reported.status) === reported.status ? reported : known;
}

/**
 * The list with the reported incident merged into its record; a new one is inserted only when `insert`.
 * The same list when nothing changed: the table and the map redraw only for a new list.
 */
export function mergeIncident(incidents: Incident[], reported: Incident, { insert }: { insert: boolean }): Incident[] {
  const known = incidents.find((incident) => incident.id === reported.id);
  if (!known && !insert) return incidents;
  const merged = laterRecord(known, reported);
  return merged === known ? incidents : upsertIncident(incidents, merged);
}

/** The status list's answer (GET /incidents?limit=50) moves the records it names forward. */
export function mergeStatuses(incidents: Incident[], reported: Record<string, IncidentStatus>): Incident[] {
  const moved = (incident: Incident) => {
    const status = reported[incident.id];
    return status !== undefined && laterStatus(incident.status, status) !== incident.status;
  };
  if (!incidents.some(moved)) return incidents;
  return incidents.map((incident) => (moved(incident) ? { ...incident, status: reported[incident.id]! } : incident));
}

/** A load's answer replaces the list, each record merged with what was known, keeping what the stream brought meanwhile. */
export function mergeLoad(known: readonly Incident[], answer: readonly Incident[], since: HeardSinceLoad): Incident[] {
  const byId = new Map(known.map((incident) => [incident.id, incident]));
  const answered = answer.map((incident) => laterRecord(byId.get(incident.id), incident));
  return keptThroughLoad(known, answer, since).reduce(upsertIncident, answered);
}
