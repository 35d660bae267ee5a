// Client-side filters over the loaded incidents (SPEC §4): status and a free-text search.
import type { Geofence, Incident } from '../api/entities.ts';
import type { IncidentStatus } from '../api/fields.ts';
import { DEFAULT_REGION_ID } from './default-region.ts';

export type StatusFilter = 'all' | IncidentStatus;

export function visibleIncidents(
  incidents: readonly Incident[],
  statusFilter: StatusFilter,
  search: string,
): Incident[] {
  const needle = search.trim().toLowerCase();
  return incidents.filter((incident) => {
    const { status } = incident;
    if (statusFilter !== 'all' && status !== statusFilter) return false;
    if (!needle) return true;
    const haystack = [incident.id, incident.regionId ?? DEFAULT_REGION_ID, incident.meta?.riskLevel ?? '', status];
    return haystack.some((field) => field.toLowerCase().includes(needle));
  });
}

/** The place selector's choices: the distinct meta.placeId of the region's geofences. */
export function placesInRegion(geofences: readonly Geofence[], regionId: string): string[] {
  const places = geofences
    .filter((g) => regionId === 'all' || (g.regionId || DEFAULT_REGION_ID) === regionId)
    .map((g) => g.meta?.placeId)
    .filter((place): place is string => typeof place === 'string' && place !== '');
  return [...new Set(places)].sort();
}
