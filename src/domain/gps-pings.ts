// Live GPS pings: newest first, one per tourist or device, at most 50 (SPEC §7, §9). Pings come one by
// one or in bursts (eventStream batches them): a burst is merged in one pass, so thousands of devices
// cost one copy of the list and of the trails, not one per ping.
import { pingKey, type GpsHistory, type GpsPing } from '../api/entities.ts';

export const MAX_LIVE_PINGS = 50;
/** The backend keeps 50 points per key in /gps/history; the live trail keeps the same. */
const MAX_TRAIL_POINTS = 50;

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

/** `arrived`: oldest first, as they came. */
export function appendToHistory(history: GpsHistory, arrived: readonly GpsPing[]): GpsHistory {
  const next: GpsHistory = { ...history };
  for (const ping of arrived) {
    const key = pingKey(ping);
    const point = { latitude: ping.latitude, longitude: ping.longitude, at: ping.at };
    next[key] = [...(next[key] ?? []), point].slice(-MAX_TRAIL_POINTS);
  }
  return next;
}

/** The context fields a burst of pings changes. */
export function receivePings(
  context: { pings: readonly GpsPing[]; history: GpsHistory },
  arrived: readonly GpsPing[],
): { pings: GpsPing[]; history: GpsHistory } {
  return { pings: mergePings(context.pings, arrived), history: appendToHistory(context.history, arrived) };
}
