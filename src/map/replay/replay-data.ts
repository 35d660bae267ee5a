// The replay's tracks as deck.gl draws them (issue 34 point 2), prepared once per answer: each tourist's path
// in [longitude, latitude] with its times in seconds from the replay's start (float32 holds them to the
// hundredth of a second over 7 days; epoch milliseconds it would round to minutes), its stops, and the current
// position of each tourist at a time on the clock.
import type { TouristTrack } from '../../api/track.ts';
import type { Rgb } from '../../domain/risk-colours.ts';
import { positionAt, replayColour, secondsIntoSpan, type ReplaySpan } from '../../domain/replay-timeline.ts';
import { formatDuration } from '../../domain/track-summary.ts';
import type { LngLat } from '../geo.ts';

export interface ReplayTrip {
  touristId: string;
  colour: Rgb;
  path: LngLat[];
  /** Seconds from the span's start, one per position. */
  timestamps: Float32Array;
}

export interface ReplayStopMarker {
  touristId: string;
  position: LngLat;
  colour: Rgb;
  /** "12 min 30 s": the stop's duration, drawn beside it. */
  label: string;
}

export interface ReplayPosition {
  touristId: string;
  position: LngLat;
  colour: Rgb;
}

export function replayTrips(tracks: readonly TouristTrack[], span: ReplaySpan): ReplayTrip[] {
  return tracks.map((track, index) => ({
    touristId: track.touristId,
    colour: replayColour(index),
    path: track.points.map((p): LngLat => [p.longitude, p.latitude]),
    timestamps: Float32Array.from(track.points, (p) => secondsIntoSpan(span, p.at)),
  }));
}

export function replayStopMarkers(tracks: readonly TouristTrack[]): ReplayStopMarker[] {
  return tracks.flatMap((track, index) =>
    track.stops.map((stop) => ({
      touristId: track.touristId,
      position: [stop.longitude, stop.latitude] as LngLat,
      colour: replayColour(index),
      label: formatDuration(stop.durationS),
    })),
  );
}

/**
 * Each tourist where it is at `positionS` (none before its first position). Given the last frame's answer
 * holding the same tourists, moves those and answers that array again: the positions layer then sees the
 * same data and recomputes the positions alone, not every attribute of every marker, each frame.
 */
export function replayPositions(
  trips: readonly ReplayTrip[],
  positionS: number,
  previous?: ReplayPosition[],
): ReplayPosition[] {
  const positions: ReplayPosition[] = [];
  for (const trip of trips) {
    const position = positionAt(trip.path, trip.timestamps, positionS);
    if (position) positions.push({ touristId: trip.touristId, position, colour: trip.colour });
  }
  if (
    !previous ||
    previous.length !== positions.length ||
    previous.some((p, i) => p.touristId !== positions[i]!.touristId)
  )
    return positions;
  positions.forEach((p, i) => (previous[i]!.position = p.position));
  return previous;
}

/** [[west, south], [east, north]] of every position, or undefined without any. */
export function replayBounds(trips: readonly ReplayTrip[]): [LngLat, LngLat] | undefined {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (const { path } of trips) {
    for (const [lng, lat] of path) {
      west = Math.min(west, lng);
      east = Math.max(east, lng);
      south = Math.min(south, lat);
      north = Math.max(north, lat);
    }
  }
  return west === Infinity
    ? undefined
    : [
        [west, south],
        [east, north],
      ];
}
