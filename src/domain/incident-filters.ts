// Client-side filters over the loaded incidents (SPEC §4): status and a free-text search.
import type { Geofence, Incident } from '../api/entities.ts';
import type { IncidentStatus } from '../api/fields.ts';

export type StatusFilter = 'all' | IncidentStatus;

const lifecycleOrder: Record<IncidentStatus, number> = { open: 0, acknowledged: 1, resolved: 2 };

/** Statuses only move forward: a reload that started before an acknowledge must not undo it. */
function laterStatus(a: IncidentStatus | undefined, b: IncidentStatus): IncidentStatus {
  return a && lifecycleOrder[a] > lifecycleOrder[b] ? a : b;
}

export function mergeStatuses(
  known: Record<string, IncidentStatus>,
  reported: Record<string, IncidentStatus>,
): Record<string, IncidentStatus> {
  const merged = { ...known };
  for (const [id, status] of Object.entries(reported)) merged[id] = laterStatus(known[id], status);
  return merged;
}

export function statusOf(incident: Incident, statuses: Record<string, IncidentStatus>): IncidentStatus {
  return laterStatus(statuses[incident.id], incident.status ?? 'open');
}

export function visibleIncidents(
  incidents: readonly Incident[],
  statuses: Record<string, IncidentStatus>,
  statusFilter: StatusFilter,
  search: string,
): Incident[] {
  const needle = search.trim().toLowerCase();
  return incidents.filter((incident) => {
    const status = statusOf(incident, statuses);
    if (statusFilter !== 'all' && status !== statusFilter) return false;
    if (!needle) return true;
    const haystack = [incident.id, incident.regionId ?? 'default', incident.meta?.riskLevel ?? '', status];
    return haystack.some((field) => field.toLowerCase().includes(needle));
  });
}

/** The place selector's choices: the distinct meta.placeId of the region's geofences. */
export function placesInRegion(geofences: readonly Geofence[], regionId: string): string[] {
  const places = geofences
    .filter((g) => regionId === 'all' || (g.regionId || 'default') === regionId)
    .map((g) => g.meta?.placeId)
    .filter((place): place is string => typeof place === 'string' && place !== '');
  return [...new Set(places)].sort();
}
