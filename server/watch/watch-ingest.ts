// What a group of GPS pings changes in the watch (issue 32): each key's last-seen row (receive time, where,
// in which zone, since when it stays put, when the check must look next), written with the pings.
import type { Geofence } from '../../src/api/entities.ts';
import { alertsOnEntry, zoneAt, type LatLng } from '../../src/domain/geo.ts';
import { nextDueAt, REPORTING_PINGS, stayAfterPing } from '../../src/domain/watch-rules.ts';
import type { KeyedPing } from '../domain/zone-transitions.ts';
import { iso } from '../stores/time.ts';
import { lastSeenOf, type WatchLastRow, type WatchLastWrite } from '../stores/watch-last.ts';
import type { WatchConfig } from './watch-config.ts';

/** Where a key is as far as the watch knows: its newest position (a late offline sync moves nothing). */
function newestPerKey(
  ordered: readonly KeyedPing[],
  storedAt: ReadonlyMap<string, string>,
): Map<string, KeyedPing | null> {
  const newest = new Map<string, KeyedPing | null>();
  for (const ping of ordered) newest.set(ping.key, ping);
  for (const [key, ping] of newest) {
    const stored = storedAt.get(key);
    if (ping && stored !== undefined && Date.parse(stored) > Date.parse(ping.at)) newest.set(key, null);
  }
  return newest;
}

/**
 * The keys' new rows. `receivedAt` (the server's clock at commit) is the time seen: anything received
 * counts as reporting, an old offline sync included, but only a newer position moves where it is.
 * `regionOf`: where a point outside every zone belongs (the in-memory boundaries a panic is placed by,
 * issue 31), so the check judges it by that region's settings and time zone.
 */
export function watchRowsAfterPings(
  ordered: readonly KeyedPing[],
  storedAt: ReadonlyMap<string, string>,
  previous: ReadonlyMap<string, WatchLastRow>,
  zones: readonly Geofence[],
  config: WatchConfig,
  receivedAt: string,
  regionOf: (point: LatLng) => string,
): WatchLastWrite[] {
  const alerting = zones.filter(alertsOnEntry);
  const rows: WatchLastWrite[] = [];
  for (const [key, newest] of newestPerKey(ordered, storedAt)) {
    const prev = previous.get(key);
    const fallback = ordered.find((ping) => ping.key === key)!;
    const position = newest ?? (prev ? { latitude: prev.latitude, longitude: prev.longitude } : fallback);
    const zone = newest ? zoneAt(alerting, position) : alerting.find((z) => z.id === prev?.zone_id);
    const regionId = zone?.regionId ?? regionOf(position);
    const settings = config.settingsFor(regionId, zone);
    const stay = stayAfterPing(
      prev
        ? { stillSince: iso(prev.still_since), stillLatitude: prev.still_lat, stillLongitude: prev.still_lng }
        : null,
      position,
      receivedAt,
      settings.strandedRadiusM,
    );
    const recentSeen = [receivedAt, ...(prev?.recent_seen ?? []).map((at) => iso(at))].slice(0, REPORTING_PINGS);
    const zoneRisk = zone && (zone.riskLevel === 'red' || zone.riskLevel === 'yellow') ? zone.riskLevel : null;
    const write: WatchLastWrite = {
      ping_key: key,
      tourist_id: fallback.touristId,
      device_id: fallback.deviceId,
      region_id: regionId,
      seen_at: receivedAt,
      recent_seen: recentSeen,
      latitude: position.latitude,
      longitude: position.longitude,
      zone_id: zone?.id ?? null,
      zone_risk: zoneRisk,
      still_since: stay.stillSince,
      still_lat: stay.stillLatitude,
      still_lng: stay.stillLongitude,
      due_at: null,
    };
    const seen = lastSeenOf({
      ...write,
      last_soft_alert: prev?.last_soft_alert ?? null,
      silent_raised_for: prev?.silent_raised_for ?? null,
      stranded_raised_for: prev?.stranded_raised_for ?? null,
    });
    rows.push({ ...write, due_at: nextDueAt(seen, settings, config.timeZoneOf(regionId)) });
  }
  return rows;
}
