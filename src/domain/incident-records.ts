// The page's incidents: one record per incident, its status inside it. Every report of an incident (the
// table's load, the panic watch's every-region load, the stream, the status list, an operator's write) is
// merged by the lifecycle's rule: the later status wins, so nothing the page already knows is undone by an
// older answer. The table shows its members: the ids its load answered, and those streamed in its scope since.
import type { Incident } from '../api/entities.ts';
import type { IncidentStatus } from '../api/fields.ts';
import { laterStatus } from './incident-status.ts';
import { upsertIncident } from './incident-scope.ts';
import { keptThroughLoad, type HeardSinceLoad } from './load-race.ts';
import { keepIfSame } from './same-items.ts';

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

/** The table's members: the incidents its load answered, and those streamed in its scope since. */
export type TableIds = ReadonlySet<string>;

export const withMember = (ids: TableIds, id: string): TableIds => (ids.has(id) ? ids : new Set(ids).add(id));

/**
 * The table's load: its answer becomes the table (each record merged with what was known), keeping what the
 * stream brought meanwhile; the other records stay, for the panic bar.
 */
export function mergeLoad(
  known: readonly Incident[],
  answer: readonly Incident[],
  since: HeardSinceLoad,
): { incidents: Incident[]; tableIds: TableIds } {
  const byId = new Map(known.map((incident) => [incident.id, incident]));
  const answered = answer.map((incident) => laterRecord(byId.get(incident.id), incident));
  const members = keptThroughLoad(known, answer, since).reduce(upsertIncident, answered);
  const tableIds = new Set(members.map((incident) => incident.id));
  return { incidents: [...members, ...known.filter((incident) => !tableIds.has(incident.id))], tableIds };
}

/**
 * The panic watch's load of every region: each record merged with its answer, the new ones added after.
 * A record it does not name, not heard of since it was asked for and not in the table is no longer listed.
 */
export function mergeEveryRegionLoad(
  known: readonly Incident[],
  answer: readonly Incident[],
  since: HeardSinceLoad,
  tableIds: TableIds,
): Incident[] {
  const answered = new Map(answer.map((incident) => [incident.id, incident]));
  const kept = known.flatMap((record) => {
    const reported = answered.get(record.id);
    if (reported) return [laterRecord(record, reported)];
    return since.includes(record.id) || tableIds.has(record.id) ? [record] : [];
  });
  const knownIds = new Set(known.map((record) => record.id));
  return [...kept, ...answer.filter((incident) => !knownIds.has(incident.id))];
}

let lastTable: { incidents: readonly Incident[]; tableIds: TableIds; rows: Incident[] } | undefined;

/**
 * The table's incidents, newest first. The same array while its records are the same: a change to another
 * region's incident redraws neither the table nor the map.
 */
export function tableIncidentsOf({
  incidents,
  tableIds,
}: {
  incidents: readonly Incident[];
  tableIds: TableIds;
}): Incident[] {
  if (lastTable?.incidents === incidents && lastTable.tableIds === tableIds) return lastTable.rows;
  const rows = incidents.filter((incident) => tableIds.has(incident.id));
  lastTable = { incidents, tableIds, rows: lastTable ? keepIfSame(lastTable.rows, rows) : rows };
  return lastTable.rows;
}
