// The replay's clock (issue 34 point 2): real time scaled by the speed, not a point per step. Its span runs
// from the first position to the last position or mark of the tracks (the range asked for when they hold
// none); positions on the clock are seconds from the span's start, which fit float32 for TripsLayer.
import { formatClockSeconds, type ClockStyle } from '../i18n/clock.ts';

/** Each replayed tourist's colour (trail, marker, the swatch by its summary), away from the red/yellow/green of risk. */
const REPLAY_PALETTE: readonly (readonly [number, number, number])[] = [
  [37, 99, 235],
  [147, 51, 234],
  [234, 88, 12],
  [13, 148, 136],
  [219, 39, 119],
  [87, 83, 78],
];
export const replayColour = (index: number) => REPLAY_PALETTE[index % REPLAY_PALETTE.length]!;

export const REPLAY_SPEEDS = [1, 2, 5, 10, 20, 60] as const;
export type ReplaySpeed = (typeof REPLAY_SPEEDS)[number];

export interface ReplaySpan {
  startMs: number;
  durationS: number;
}

interface Timed {
  at: string;
}

export function replaySpan(
  tracks: readonly { points: readonly Timed[]; marks: readonly Timed[] }[],
  range: { from: string; to: string },
): ReplaySpan {
  let first = Infinity;
  let last = -Infinity;
  for (const { points, marks } of tracks) {
    if (points.length > 0) {
      first = Math.min(first, Date.parse(points[0]!.at));
      last = Math.max(last, Date.parse(points.at(-1)!.at));
    }
    for (const mark of marks) last = Math.max(last, Date.parse(mark.at));
  }
  if (first === Infinity)
    return { startMs: Date.parse(range.from), durationS: (Date.parse(range.to) - Date.parse(range.from)) / 1000 };
  return { startMs: first, durationS: Math.max(0, (last - first) / 1000) };
}

/** Where the clock is after `elapsedMs` of wall time at `speed`, never past the end. */
export function advanced(positionS: number, elapsedMs: number, speed: number, durationS: number): number {
  return Math.min(durationS, positionS + (Math.max(0, elapsedMs) * speed) / 1000);
}

export const secondsIntoSpan = (span: ReplaySpan, at: string) => (Date.parse(at) - span.startMs) / 1000;

/** The wall-clock time of a position on the clock, ISO 8601. */
export const timeAt = (span: ReplaySpan, positionS: number) => new Date(span.startMs + positionS * 1000).toISOString();

/** The last index whose time is at or before `t` (binary search), -1 before the first. */
export function indexAtOrBefore(times: ArrayLike<number>, t: number): number {
  let low = 0;
  let high = times.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (times[middle]! <= t) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/**
 * [longitude, latitude] at `t` seconds into the span, between the two positions around it; undefined before
 * the first; the last position after the last.
 */
export function positionAt(
  path: readonly (readonly [number, number])[],
  times: ArrayLike<number>,
  t: number,
): [number, number] | undefined {
  const i = indexAtOrBefore(times, t);
  if (i < 0) return undefined;
  const a = path[i]!;
  const b = path[i + 1];
  if (!b) return [a[0], a[1]];
  const gap = times[i + 1]! - times[i]!;
  const share = gap > 0 ? (t - times[i]!) / gap : 0;
  return [a[0] + (b[0] - a[0]) * share, a[1] + (b[1] - a[1]) * share];
}

/** From an incident: 30 minutes before it was raised, to now. */
export function incidentReplayRange(incidentCreatedAt: string, now = new Date()): { from: string; to: string } {
  const from = new Date(Date.parse(incidentCreatedAt) - 30 * 60_000);
  return {
    from: from.toISOString(),
    to: (now.getTime() > from.getTime() ? now : new Date(from.getTime() + 60_000)).toISOString(),
  };
}

/**
 * A time of day to the second (18:02:15), for the replay's clock and its marks: on the operator's clock (the
 * region's zone, 24-hour unless they chose 12), like every other time on screen (issue 36 point 3).
 */
export const formatReplayClock = (iso: string, clock: ClockStyle): string => formatClockSeconds(iso, clock);

/** From a tourist's profile: the last `minutes` to now (the route's own default range). */
export function recentReplayRange(minutes: number, now = new Date()): { from: string; to: string } {
  return { from: new Date(now.getTime() - minutes * 60_000).toISOString(), to: now.toISOString() };
}
