// The replay's layers (issue 34 point 2): times relative to the replay's start (float32), the clock as the
// TripsLayer's currentTime, stops with their durations, and each tourist's position interpolated at the clock.
import { describe, expect, it } from 'vitest';
import type { TouristTrack } from '../../src/api/track.ts';
import { positionAt, replaySpan } from '../../src/domain/replay-timeline.ts';
import { replayBounds, replayPositions, replayStopMarkers, replayTrips } from '../../src/map/replay/replay-data.ts';
import { buildLiveReplayLayers, buildStillReplayLayers, REPLAY_LAYER_IDS } from '../../src/map/replay/replay-layers.ts';

const FROM = '2026-11-26T09:00:00.000Z';
const at = (s: number) => new Date(Date.parse(FROM) + s * 1000).toISOString();
const track = (touristId: string, startS: number): TouristTrack => ({
  touristId,
  points: [
    { latitude: 25.5, longitude: 91.8, at: at(startS) },
    { latitude: 25.6, longitude: 91.9, at: at(startS + 100) },
    { latitude: 25.6, longitude: 92.0, at: at(startS + 700) },
  ],
  truncated: false,
  stops: [
    {
      startAt: at(startS + 100),
      endAt: at(startS + 700),
      durationS: 600,
      latitude: 25.6,
      longitude: 91.95,
      pointCount: 2,
    },
  ],
  marks: [{ at: at(startS + 800), kind: 'alert', label: 'Panic (high)' }],
  summary: { pointCount: 3, durationS: 700, distanceM: 0, movingS: 100, stoppedS: 600 },
});
const tracks = [track('t-a', 0), track('t-b', 50)];
const span = replaySpan(tracks, { from: FROM, to: at(3600) });

describe("the replay's span and trips", () => {
  it('runs from the first position to the last position or mark', () => {
    expect(span).toEqual({ startMs: Date.parse(FROM), durationS: 850 });
    expect(replaySpan([], { from: FROM, to: at(3600) })).toEqual({ startMs: Date.parse(FROM), durationS: 3600 });
  });

  it("gives each trip float32 seconds from the span's start and its own colour", () => {
    const trips = replayTrips(tracks, span);
    expect(trips[1]!.timestamps).toBeInstanceOf(Float32Array);
    expect([...trips[1]!.timestamps]).toEqual([50, 150, 750]);
    expect(trips[1]!.path[0]).toEqual([91.8, 25.5]);
    expect(trips[0]!.colour).not.toEqual(trips[1]!.colour);
    expect(replayBounds(trips)).toEqual([
      [91.8, 25.5],
      [92.0, 25.6],
    ]);
  });

  it('places each tourist between its positions at the clock, none before its first', () => {
    const trips = replayTrips(tracks, span);
    const positions = replayPositions(trips, 25);
    expect(positions.map((p) => p.touristId)).toEqual(['t-a']);
    expect(positions[0]!.position[0]).toBeCloseTo(91.825, 9);
    expect(positions[0]!.position[1]).toBeCloseTo(25.525, 9);
    expect(replayPositions(trips, 10_000).map((p) => p.position)).toEqual([
      [92.0, 25.6],
      [92.0, 25.6],
    ]);
    expect(positionAt([[1, 1]], [5], 4)).toBeUndefined();
  });

  it("moves the last frame's positions while the same tourists are drawn, so deck.gl sees the same data", () => {
    const trips = replayTrips(tracks, span);
    const first = replayPositions(trips, 120);
    const next = replayPositions(trips, 130, first);
    expect(next).toBe(first);
    expect(next.map((p) => p.position)).toEqual(replayPositions(trips, 130).map((p) => p.position));
    // Before t-b's first position: one tourist fewer, a new array.
    const earlier = replayPositions(trips, 25, next);
    expect(earlier).not.toBe(next);
    expect(earlier.map((p) => p.touristId)).toEqual(['t-a']);
  });
});

describe("the replay's layers", () => {
  it('draws the paths and the stops with their durations under the trails up to the clock and the positions now', () => {
    const trips = replayTrips(tracks, span);
    const stops = replayStopMarkers(tracks);
    const stills = buildStillReplayLayers({ trips, stops });
    const live = buildLiveReplayLayers({ trips, positions: replayPositions(trips, 120), positionS: 120 });
    expect([...stills, ...live].map((layer) => layer.id)).toEqual(Object.values(REPLAY_LAYER_IDS));
    const [paths, stopsLayer, labels] = stills;
    const [tripsLayer, positions] = live;
    expect(paths!.props.data).toBe(trips);
    expect(stopsLayer!.props.data).toHaveLength(2);
    expect((labels!.props.data as { label: string }[]).map((s) => s.label)).toEqual(['10 min 00 s', '10 min 00 s']);
    expect((tripsLayer!.props as unknown as { currentTime: number }).currentTime).toBe(120);
    expect(tripsLayer!.props.data).toBe(trips);
    expect((positions!.props.data as unknown[]).length).toBe(2);
  });
});
