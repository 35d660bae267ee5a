// The page's zones, one record per id (issue 31): GET /geofences answers them, and every zone write, the page's
// own or another operator's (`geofence_update` on the stream), is merged in by one rule: a higher version wins,
// so a stream message that arrives after the page's own save of a later version never puts the older one back.
import type { Geofence } from '../api/entities.ts';

/** Zones that predate versions (a server without issue 31's migration) count as version 0. */
const versionOf = (zone: Pick<Geofence, 'version'>) => zone.version ?? 0;

/** The zones with `zone` in its place (or appended), unless the one held is of a later version. */
export function upsertZone(zones: readonly Geofence[], zone: Geofence): Geofence[] {
  const index = zones.findIndex((held) => held.id === zone.id);
  if (index === -1) return [...zones, zone];
  if (versionOf(zones[index]) > versionOf(zone)) return zones as Geofence[];
  const next = zones.slice();
  next[index] = zone;
  return next;
}

export function removeZone(zones: readonly Geofence[], id: string): Geofence[] {
  return zones.some((zone) => zone.id === id) ? zones.filter((zone) => zone.id !== id) : (zones as Geofence[]);
}

/** A zone written or deleted, as the stream and the editor's own answers announce it. */
export type ZoneChange = { geofence: Geofence } | { deletedId: string };

export function applyZoneChange(
  zones: readonly Geofence[],
  change: Partial<{ geofence: Geofence; deletedId: string }>,
): Geofence[] {
  if (change.geofence) return upsertZone(zones, change.geofence);
  if (change.deletedId !== undefined) return removeZone(zones, change.deletedId);
  return zones as Geofence[];
}
