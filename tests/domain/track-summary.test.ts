// Stops and the trip summary of a replay (issue 34 point 2): a stop is 5 minutes or more within 50 m of where
// it began; distance leaves out the jitter at rest; moving time is the trip less its stops.
import { describe, expect, it } from 'vitest';
import { detectStops, formatDuration, summariseTrack, type TrackPoint } from '../../src/domain/track-summary.ts';

const METRES_PER_DEGREE = 111_195;
const T0 = Date.UTC(2026, 10, 26, 9, 0, 0);
const at = (x: number, s: number, y = 0): TrackPoint => ({
  latitude: y / METRES_PER_DEGREE,
  longitude: x / METRES_PER_DEGREE,
  at: new Date(T0 + s * 1000).toISOString(),
});

describe('detectStops', () => {
  it('finds nothing on a walk that never rests', () => {
    expect(detectStops(Array.from({ length: 40 }, (_, i) => at(i * 60, i * 30)))).toEqual([]);
  });

  it('finds a rest of exactly 5 minutes within 50 m, from its first point to its last', () => {
    const points = [at(0, 0), at(100, 60), at(130, 120), at(110, 240), at(149, 420), at(300, 480)];
    expect(detectStops(points)).toEqual([
      {
        startAt: points[1]!.at,
        endAt: points[4]!.at,
        durationS: 360,
        latitude: 0,
        longitude: expect.closeTo(122.25 / METRES_PER_DEGREE, 9),
        pointCount: 4,
      },
    ]);
  });

  it('does not call 4 min 59 s a stop', () => {
    expect(detectStops([at(0, 0), at(10, 100), at(20, 299), at(500, 320)])).toEqual([]);
  });

  it('ends a stop at the first point more than 50 m from where it began', () => {
    const stops = detectStops([at(0, 0), at(30, 200), at(49, 400), at(51, 500), at(200, 900)]);
    expect(stops.map((s) => [s.durationS, s.pointCount])).toEqual([[400, 3]]);
  });

  it('finds two stops apart, in order', () => {
    const points = [at(0, 0), at(5, 300), at(500, 400), at(510, 600), at(505, 800)];
    expect(detectStops(points).map((s) => [s.startAt, s.durationS])).toEqual([
      [points[0]!.at, 300],
      [points[2]!.at, 400],
    ]);
  });

  it('knows no stop in one point or none', () => {
    expect(detectStops([])).toEqual([]);
    expect(detectStops([at(0, 0)])).toEqual([]);
  });
});

describe('summariseTrack', () => {
  it('sums the path, leaves out the jitter at rest and splits the time into moving and stopped', () => {
    const points = [at(0, 0), at(100, 60), at(105, 120), at(100, 240), at(104, 420), at(300, 480)];
    const summary = summariseTrack(points);
    // 100 m to the rest, 196 m after it; the 4 + 5 + 4 m of jitter between points of the stop are not travel.
    expect(summary).toEqual({ pointCount: 6, durationS: 480, distanceM: 296, movingS: 120, stoppedS: 360 });
  });

  it('is all zero for no point or one', () => {
    expect(summariseTrack([])).toEqual({ pointCount: 0, durationS: 0, distanceM: 0, movingS: 0, stoppedS: 0 });
    expect(summariseTrack([at(0, 0)])).toEqual({ pointCount: 1, durationS: 0, distanceM: 0, movingS: 0, stoppedS: 0 });
  });
});

describe('formatting', () => {
  it('writes durations as the panel shows them', () => {
    expect([formatDuration(45), formatDuration(750), formatDuration(3900)]).toEqual([
      '45 s',
      '12 min 30 s',
      '1 h 05 min',
    ]);
  });
});
