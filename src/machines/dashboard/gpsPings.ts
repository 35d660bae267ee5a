// Live GPS pings: newest first, one per tourist or device, at most 50 (SPEC §7, §9).
import { pingKey, type GpsHistory, type GpsPing } from '../../api/entities.ts';

export const MAX_LIVE_PINGS = 50;
/** The backend keeps 50 points per key in /gps/history; the live trail keeps the same. */
const MAX_TRAIL_POINTS = 50;

export function mergePing(pings: readonly GpsPing[], ping: GpsPing): GpsPing[] {
  const key = pingKey(ping);
  return [ping, ...pings.filter((p) => pingKey(p) !== key)].slice(0, MAX_LIVE_PINGS);
}

export function appendToHistory(history: GpsHistory, ping: GpsPing): GpsHistory {
  const key = pingKey(ping);
  const point = { latitude: ping.latitude, longitude: ping.longitude, at: ping.at };
  return { ...history, [key]: [...(history[key] ?? []), point].slice(-MAX_TRAIL_POINTS) };
}
