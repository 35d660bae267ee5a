// The Zones view's list (issue 31): one row per zone of the region shown, with what a supervisor checks before
// the season (risk, place, how many vertices, how large, who changed it last and when), filtered by risk and
// searched by name, id or place. Pure, so the list and its filters are tested without a page.
import type { Geofence } from '../api/entities.ts';
import type { RiskLevel } from '../api/fields.ts';
import { areaKm2, vertexCount } from './zone-geometry.ts';

export interface ZoneRow {
  id: string;
  name: string;
  riskLevel: RiskLevel;
  regionId: string;
  placeId: string;
  vertices: number;
  areaKm2: number;
  updatedBy: string;
  updatedAt: string;
  /** Drawn as a circle (kept in meta.circle). */
  circle: boolean;
}

export interface ZoneListFilter {
  /** A region id, or 'all'. */
  regionId: string;
  risk: RiskLevel | 'all';
  search: string;
}

export const ALL_ZONES: ZoneListFilter = { regionId: 'all', risk: 'all', search: '' };

// Rows are computed once per zone record: a stream message about one zone among 2,000 costs one row.
const rows = new WeakMap<Geofence, ZoneRow>();

/**
 * The region the view opens on: the dashboard's, when it has zones; otherwise all of them, so the first look
 * (the dashboard starts on `default`, which seldom has zones) is never an empty list beside an empty map.
 */
export function startRegionOf(dashboardRegion: string, zones: readonly Geofence[]): string {
  return zones.some((zone) => zone.regionId === dashboardRegion) ? dashboardRegion : ALL_ZONES.regionId;
}

export function zoneRowOf(zone: Geofence): ZoneRow {
  let row = rows.get(zone);
  if (!row) {
    row = {
      id: zone.id,
      name: zone.name,
      riskLevel: zone.riskLevel,
      regionId: zone.regionId,
      placeId: typeof zone.meta?.placeId === 'string' ? zone.meta.placeId : '',
      vertices: vertexCount(zone.polygon),
      areaKm2: areaKm2(zone.polygon),
      updatedBy: zone.updatedBy ?? '',
      updatedAt: zone.updatedAt ?? '',
      circle: typeof zone.meta?.circle === 'object' && zone.meta.circle !== null,
    };
    rows.set(zone, row);
  }
  return row;
}

export function zoneMatches(row: ZoneRow, filter: ZoneListFilter): boolean {
  if (filter.regionId !== 'all' && row.regionId !== filter.regionId) return false;
  if (filter.risk !== 'all' && row.riskLevel !== filter.risk) return false;
  const words = filter.search.trim().toLowerCase();
  if (!words) return true;
  return [row.name, row.id, row.placeId].some((text) => text.toLowerCase().includes(words));
}

const byNameThenId = (a: ZoneRow, b: ZoneRow) => {
  // Plain comparison: localeCompare over 2,000 rows is most of the list's cost.
  if (a.name !== b.name) return a.name < b.name ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
};

/** The rows shown, by name (then id, so equal names keep one order). */
export function zoneRows(zones: readonly Geofence[], filter: ZoneListFilter): ZoneRow[] {
  return zones
    .map(zoneRowOf)
    .filter((row) => zoneMatches(row, filter))
    .sort(byNameThenId);
}

/** "0.42 km²": two decimals under 10 km², one above. */
export function formatArea(km2: number): string {
  return `${km2.toLocaleString('en-US', { maximumFractionDigits: km2 < 10 ? 2 : 1, minimumFractionDigits: km2 < 10 ? 2 : 1 })} km²`;
}
