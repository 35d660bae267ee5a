// Live GPS pings: newest first, one per tourist or device, at most 50 (SPEC §7, §9). Pings come one by
// one or in bursts (eventStream batches them): a burst is merged in one pass, so thousands of devices
// cost one copy of the list and of the trails, not one per ping. Trails are kept for a bounded number of
// keys (issue 48): those that moved last, and always those of the open incidents, whose drawers draw them.
import { pingKey, type GpsHistory, type GpsPing, type Incident } from '../api/entities.ts';

export const MAX_LIVE_PINGS = 50;
/** The backend keeps 50 points per key in /gps/history; the live trail keeps the same. */
const MAX_TRAIL_POINTS = 50;
/** Keys with a trail, besides the open incidents': at 50 points each, a few MB however many tourists move. */
export const MAX_TRAIL_KEYS = 1000;

/** `arrived`: oldest first, as they came. */
export function mergePings(pings: readonly GpsPing[], arrived: readonly GpsPing[]): GpsPing[] {
  const merged: GpsPing[] = [];
  const seen = new Set<string>();
  const take = (ping: GpsPing) => {
    const key = pingKey(ping);
    if (seen.has(key)) return;
    seen.add(key);
    merged.push(ping);
  };
  for (let i = arrived.length - 1; i >= 0 && merged.length < MAX_LIVE_PINGS; i--) take(arrived[i]!);
  for (const ping of pings) {
    if (merged.length >= MAX_LIVE_PINGS) break;
    take(ping);
  }
  return merged;
}

/**
 * `arrived`: oldest first, as they came. A key that moves goes last; past `MAX_TRAIL_KEYS` the keys that moved
 * longest ago lose their trails first, except those in `kept`.
 */
export function appendToHistory(
  history: GpsHistory,
  arrived: readonly GpsPing[],
  kept: ReadonlySet<string> = new Set(),
): GpsHistory {
  const next: GpsHistory = { ...history };
  for (const ping of arrived) {
    const key = pingKey(ping);
    const point = { latitude: ping.latitude, longitude: ping.longitude, at: ping.at };
    const trail = [...(next[key] ?? []), point].slice(-MAX_TRAIL_POINTS);
    delete next[key];
    next[key] = trail;
  }
  // Keys in insertion order: a key that reads as an array index is listed first whatever its age, so it
  // goes first; the bound holds all the same.
  let over = Object.keys(next).length - MAX_TRAIL_KEYS - kept.size;
  for (const key of Object.keys(next)) {
    if (over <= 0) break;
    if (kept.has(key)) continue;
    delete next[key];
    over--;
  }
  return next;
}

/** The keys whose trails an open incident's drawer draws: its tourist's and its device's. */
export function keysOfOpenIncidents(incidents: readonly Pick<Incident, 'status' | 'touristId' | 'deviceId'>[]) {
  const keys = new Set<string>();
  for (const incident of incidents) {
    if (incident.status === 'resolved') continue;
    if (incident.touristId) keys.add(incident.touristId);
    if (incident.deviceId) keys.add(incident.deviceId);
  }
  return keys;
}

/** The context fields a burst of pings changes. */
export function receivePings(
  context: {
    pings: readonly GpsPing[];
    history: GpsHistory;
    incidents?: readonly Pick<Incident, 'status' | 'touristId' | 'deviceId'>[];
  },
  arrived: readonly GpsPing[],
): { pings: GpsPing[]; history: GpsHistory } {
  return {
    pings: mergePings(context.pings, arrived),
    history: appendToHistory(context.history, arrived, keysOfOpenIncidents(context.incidents ?? [])),
  };
}
