// A tourist's replayed track, summed up (issue 34 point 2): where they stopped and for how long, how far they
// went, and how long they moved. Pure, shared by the server (GET /tourists/{id}/track) and the replay panel.
import { metresBetween } from './geo.ts';

export interface TrackPoint {
  latitude: number;
  longitude: number;
  /** ISO 8601; the points come oldest first. */
  at: string;
}

export interface TrackStop {
  startAt: string;
  endAt: string;
  durationS: number;
  /** The mean of the stop's points. */
  latitude: number;
  longitude: number;
  pointCount: number;
}

export interface TrackSummary {
  pointCount: number;
  /** First point to last. */
  durationS: number;
  /** Path length, not counting the jitter between the points of one stop. */
  distanceM: number;
  movingS: number;
  stoppedS: number;
}

/** A stop: this long or longer... */
export const STOP_MIN_S = 5 * 60;
/** ...with every point within this distance of where it began (about twice a phone's GPS error under trees). */
export const STOP_RADIUS_M = 50;

const seconds = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / 1000;
const metresApart = (a: TrackPoint, b: TrackPoint) =>
  metresBetween([a.latitude, a.longitude], [b.latitude, b.longitude]);

/** Index ranges [first, last] of the stops, oldest first; they never overlap. */
export function stopRanges(
  points: readonly TrackPoint[],
  minS = STOP_MIN_S,
  radiusM = STOP_RADIUS_M,
): [number, number][] {
  const ranges: [number, number][] = [];
  let first = 0;
  while (first < points.length) {
    let last = first;
    while (last + 1 < points.length && metresApart(points[first]!, points[last + 1]!) <= radiusM) last++;
    if (last > first && seconds(points[first]!.at, points[last]!.at) >= minS) {
      ranges.push([first, last]);
      first = last + 1;
    } else {
      first++;
    }
  }
  return ranges;
}

export function detectStops(points: readonly TrackPoint[], minS = STOP_MIN_S, radiusM = STOP_RADIUS_M): TrackStop[] {
  return stopRanges(points, minS, radiusM).map(([first, last]) => {
    const members = points.slice(first, last + 1);
    return {
      startAt: points[first]!.at,
      endAt: points[last]!.at,
      durationS: Math.round(seconds(points[first]!.at, points[last]!.at)),
      latitude: members.reduce((sum, p) => sum + p.latitude, 0) / members.length,
      longitude: members.reduce((sum, p) => sum + p.longitude, 0) / members.length,
      pointCount: members.length,
    };
  });
}

export function summariseTrack(
  points: readonly TrackPoint[],
  minS = STOP_MIN_S,
  radiusM = STOP_RADIUS_M,
): TrackSummary {
  const ranges = stopRanges(points, minS, radiusM);
  const insideStop = new Uint8Array(points.length);
  // A segment both of whose ends belong to one stop is a phone's jitter at rest, not distance travelled.
  ranges.forEach(([first, last], n) => insideStop.fill(n + 1, first + 1, last + 1));
  let distanceM = 0;
  for (let i = 1; i < points.length; i++) if (!insideStop[i]) distanceM += metresApart(points[i - 1]!, points[i]!);
  const durationS = points.length > 1 ? Math.round(seconds(points[0]!.at, points.at(-1)!.at)) : 0;
  const stoppedS = ranges.reduce(
    (sum, [first, last]) => sum + Math.round(seconds(points[first]!.at, points[last]!.at)),
    0,
  );
  return {
    pointCount: points.length,
    durationS,
    distanceM: Math.round(distanceM),
    movingS: Math.max(0, durationS - stoppedS),
    stoppedS,
  };
}

/** "1 h 05 min", "12 min 30 s", "45 s": durations as the panel and its stop list show them. */
export function formatDuration(totalS: number): string {
  const s = Math.max(0, Math.round(totalS));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  if (m > 0) return `${m} min ${String(s % 60).padStart(2, '0')} s`;
  return `${s} s`;
}
