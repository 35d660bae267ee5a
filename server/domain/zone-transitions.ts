import type { Geofence, GpsPing } from '../../src/api/entities.ts';
import { alertsOnEntry, boundingBox, boxHolds, byRiskDescending, polygonContains } from '../../src/domain/geo.ts';

/** A ping with its key, its time already normalised to ISO 8601 UTC. */
export interface KeyedPing extends GpsPing {
  key: string;
}

export interface ZoneTransition {
  action: 'enter' | 'exit';
  zone: Geofence;
  ping: KeyedPing;
}

/** Rows to upsert into and delete from zone_presence. */
export interface PresenceChange {
  entered: { key: string; geofenceId: string; at: string }[];
  left: { key: string; geofenceId: string }[];
}

export interface ZoneTransitionInput {
  /** Zone ids each key was inside before these pings (zone_presence). */
  presence: ReadonlyMap<string, ReadonlySet<string>>;
  /** Time of each key's newest ping stored before these pings. */
  lastSeenAt: ReadonlyMap<string, string>;
  /** Every zone any ping may fall in, plus every zone in `presence` that still exists. */
  zones: readonly Geofence[];
  pings: readonly KeyedPing[];
}

export interface ZoneTransitionResult {
  /** In time order; for one ping, exits before entries and entries riskiest first. */
  transitions: ZoneTransition[];
  presence: PresenceChange;
}

/** Stable: pings with the same time keep the order they were sent in. */
export function inTimeOrder<P extends { at: string }>(pings: readonly P[]): P[] {
  return pings
    .map((ping, index) => ({ ping, index, time: Date.parse(ping.at) }))
    .sort((a, b) => a.time - b.time || a.index - b.index)
    .map((entry) => entry.ping);
}

/**
 * Entries and exits of red and yellow zones, ping by ping in time order per key.
 * A ping no newer than the key's stored last position (a late offline sync) says nothing about where the
 * key is now, so it moves no presence and raises nothing; it is still kept in the history by the caller.
 */
export function computeZoneTransitions(input: ZoneTransitionInput): ZoneTransitionResult {
  // A thousand pings against hundreds of zones: the bounding box rules most zones out before the polygon test.
  const alerting = input.zones
    .filter(alertsOnEntry)
    .sort(byRiskDescending)
    .map((zone) => ({ zone, box: boundingBox(zone.polygon) }));
  const zoneById = new Map(input.zones.map((zone) => [zone.id, zone]));
  const inside = new Map<string, Set<string>>();
  const enteredAt = new Map<string, string>();
  const transitions: ZoneTransition[] = [];

  const insideOf = (key: string): Set<string> => {
    let current = inside.get(key);
    if (!current) {
      // A presence row whose zone was deleted is forgotten without an exit: there is no zone to report.
      current = new Set([...(input.presence.get(key) ?? [])].filter((id) => zoneById.has(id)));
      inside.set(key, current);
    }
    return current;
  };

  for (const ping of inTimeOrder(input.pings)) {
    const lastSeen = input.lastSeenAt.get(ping.key);
    if (lastSeen !== undefined && Date.parse(ping.at) <= Date.parse(lastSeen)) continue;
    const current = insideOf(ping.key);
    const containing = alerting
      .filter(({ zone, box }) => boxHolds(box, ping) && polygonContains(zone.polygon, ping))
      .map(({ zone }) => zone);
    const containingIds = new Set(containing.map((zone) => zone.id));

    for (const id of [...current].sort()) {
      if (containingIds.has(id)) continue;
      current.delete(id);
      transitions.push({ action: 'exit', zone: zoneById.get(id)!, ping });
    }
    for (const zone of containing) {
      if (current.has(zone.id)) continue;
      current.add(zone.id);
      enteredAt.set(`${ping.key}\u0000${zone.id}`, ping.at);
      transitions.push({ action: 'enter', zone, ping });
    }
  }

  return { transitions, presence: presenceChange(input.presence, inside, enteredAt) };
}

function presenceChange(
  before: ReadonlyMap<string, ReadonlySet<string>>,
  after: ReadonlyMap<string, ReadonlySet<string>>,
  enteredAt: ReadonlyMap<string, string>,
): PresenceChange {
  const change: PresenceChange = { entered: [], left: [] };
  for (const [key, now] of after) {
    const was = before.get(key) ?? new Set<string>();
    for (const geofenceId of now) {
      // Set when (re-)entered during these pings; the store upserts, so a re-entry refreshes entered_at.
      const at = enteredAt.get(`${key}\u0000${geofenceId}`);
      if (at !== undefined) change.entered.push({ key, geofenceId, at });
    }
    for (const geofenceId of was) {
      if (!now.has(geofenceId)) change.left.push({ key, geofenceId });
    }
  }
  return change;
}
