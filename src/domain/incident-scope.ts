// Which incidents belong to the table's load (GET /incidents/filter, API.md): the selected region ('all'
// is every region), created within the time window (0 = all time), and every unresolved panic of the
// region whatever the window. The server's query and a streamed incident are judged alike, so a row
// painted from the stream is one the silent reload that follows will confirm.
import type { Incident } from '../api/entities.ts';
import type { IncidentFilter } from '../api/client.ts';
import { isUrgent } from './urgent-incidents.ts';

/** The table's load as the operator chose it. */
export const currentFilter = (choice: Pick<IncidentFilter, 'regionId' | 'windowMinutes'>): IncidentFilter => ({
  regionId: choice.regionId,
  windowMinutes: choice.windowMinutes,
});

export function inLoadedScope(incident: Incident, filter: IncidentFilter, now: number): boolean {
  if (filter.regionId !== 'all' && incident.regionId !== filter.regionId) return false;
  if (filter.windowMinutes <= 0) return true;
  if (isUrgent(incident) && incident.status !== 'resolved') return true;
  return Date.parse(incident.createdAt) >= now - filter.windowMinutes * 60_000;
}

/** Newest first by receive time, then id, as the server lists them. */
const newerFirst = (a: Incident, b: Incident): number =>
  a.createdAt === b.createdAt ? (a.id < b.id ? 1 : a.id > b.id ? -1 : 0) : a.createdAt < b.createdAt ? 1 : -1;

/** The list with `incident` in place of its older copy, or inserted where the server would list it. */
export function upsertIncident(incidents: readonly Incident[], incident: Incident): Incident[] {
  const at = incidents.findIndex((known) => known.id === incident.id);
  if (at >= 0) return incidents.with(at, incident);
  const before = incidents.findIndex((known) => newerFirst(incident, known) < 0);
  return before < 0 ? [...incidents, incident] : incidents.toSpliced(before, 0, incident);
}
