// Replay's route (issue 34 points 7 and 8): a tourist's positions over a range, its stops (5 min or more
// within 50 m) with durations, its zone entries and exits from the events the ingest stored, its alerts, and
// distance, moving and stopped time; a group in one request; bad input answered with a sentence naming the field.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MAX_TRACK_POINTS,
  type TouristTrack,
  type TrackResponse,
  type TracksResponse,
} from '../../../src/api/track.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

// On the equator one degree of longitude is 111,195 m on the mean-radius sphere.
const METRES_PER_DEGREE = 111_195;
const east = (metres: number) => metres / METRES_PER_DEGREE;

/** The walk: 450 m east in 4.5 min, 6.5 min at rest (jittering 5 m), then east again through a red zone. */
function walk(touristId: string, start: number) {
  const steps: { x: number; s: number }[] = [];
  for (let i = 0; i <= 9; i++) steps.push({ x: i * 50, s: i * 30 });
  for (let i = 10; i <= 22; i++) steps.push({ x: 450 + (i % 2) * 5, s: 300 + (i - 10) * 30 });
  for (let i = 23; i <= 32; i++) steps.push({ x: 450 + (i - 22) * 60, s: 660 + (i - 22) * 30 });
  return steps.map(({ x, s }) => ({
    touristId,
    latitude: 0,
    longitude: east(x),
    at: new Date(start + s * 1000).toISOString(),
  }));
}

const RED_ZONE = {
  id: 'gf-track-red',
  name: 'Gorge edge',
  riskLevel: 'red',
  regionId: 'default',
  polygon: [
    [-0.0005, east(700)],
    [-0.0005, east(800)],
    [0.0005, east(800)],
    [0.0005, east(700)],
  ],
};

describe('GET /tourists/{id}/track', () => {
  let server: TestServer;
  const get = (path: string) => call(server.url, 'GET', path);
  const post = (path: string, body: unknown) => call(server.url, 'POST', path, body);
  const start = Date.now() - 50 * 60_000;
  let pings: ReturnType<typeof walk>;
  let panicId: string;

  beforeAll(async () => {
    server = await startTestServer();
    expect((await post('/geofences', RED_ZONE)).status).toBe(201);
    pings = walk('t-walker', start);
    expect((await post('/gps/batch', { pings })).status).toBeLessThan(300);
    expect((await post('/gps/batch', { pings: walk('t-friend', start + 60_000) })).status).toBeLessThan(300);
    const panic = await post('/panic-alert', { latitude: 0, longitude: east(1050), touristId: 't-walker' });
    expect(panic.status).toBe(201);
    panicId = panic.body.incident.id;
  });
  afterAll(() => server.stop());

  it('answers the hour before now by default: every position oldest first, as recorded', async () => {
    const { status, body } = await get('/tourists/t-walker/track');
    expect(status).toBe(200);
    const { track, from, to } = body as TrackResponse;
    expect(Date.parse(to) - Date.parse(from)).toBe(60 * 60_000);
    expect(track.points.map((p) => p.at)).toEqual(pings.map((p) => p.at));
    expect(track.points[5]).toMatchObject({ latitude: 0, longitude: pings[5]!.longitude });
    expect(track.truncated).toBe(false);
  });

  it('finds the stop of 5 minutes or more within 50 m, with its start and duration', async () => {
    const { track } = (await get('/tourists/t-walker/track')).body as TrackResponse;
    expect(track.stops).toHaveLength(1);
    expect(track.stops[0]).toMatchObject({
      startAt: pings[9]!.at,
      endAt: pings[22]!.at,
      durationS: 390,
      pointCount: 14,
    });
    expect(track.stops[0]!.longitude).toBeCloseTo(east(452), 5);
  });

  it('sums distance (the jitter at rest left out), moving and stopped time', async () => {
    const { track } = (await get('/tourists/t-walker/track')).body as TrackResponse;
    expect(track.summary.pointCount).toBe(33);
    expect(track.summary.durationS).toBe(960);
    expect(track.summary.stoppedS).toBe(390);
    expect(track.summary.movingS).toBe(570);
    expect(Math.abs(track.summary.distanceM - 1050)).toBeLessThanOrEqual(2);
  });

  it("marks the zone entry and exit the ingest stored, and the tourist's panic", async () => {
    const { track } = (await get('/tourists/t-walker/track')).body as TrackResponse;
    const marks = track.marks.map(({ at, kind, label, incidentId }) => ({ at, kind, label, incidentId }));
    expect(marks).toEqual([
      { at: pings[27]!.at, kind: 'zone_enter', label: 'Entered Gorge edge (red)', incidentId: undefined },
      { at: pings[28]!.at, kind: 'zone_exit', label: 'Left Gorge edge (red)', incidentId: undefined },
      { at: expect.any(String), kind: 'alert', label: 'Panic (high)', incidentId: panicId },
    ]);
  });

  it('answers only the range asked for', async () => {
    const from = pings[10]!.at;
    const to = pings[20]!.at;
    const { track } = (
      await get(`/tourists/t-walker/track?from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`)
    ).body as TrackResponse;
    expect(track.points.map((p) => p.at)).toEqual(pings.slice(10, 21).map((p) => p.at));
    expect(track.marks).toEqual([]);
    expect(track.stops).toMatchObject([{ startAt: from, endAt: to, durationS: 300 }]);
  });

  it("answers a group's tracks in one request, in the order asked", async () => {
    const { status, body } = await get('/tracks?touristIds=t-friend,t-walker');
    expect(status).toBe(200);
    const { tracks } = body as TracksResponse;
    expect(tracks.map((t: TouristTrack) => t.touristId)).toEqual(['t-friend', 't-walker']);
    expect(tracks.map((t) => t.points.length)).toEqual([33, 33]);
    expect(tracks[0]!.marks.map((m) => m.kind)).toEqual(['zone_enter', 'zone_exit']);
  });

  it(`answers the oldest ${MAX_TRACK_POINTS} positions of a longer range, flagged truncated`, async () => {
    const first = Date.now() - 55 * 60_000;
    const all = Array.from({ length: MAX_TRACK_POINTS + 1 }, (_, i) => ({
      touristId: 't-chatty',
      latitude: 1,
      longitude: 1 + i / 1e6,
      at: new Date(first + i * 100).toISOString(),
    }));
    for (let start = 0; start < all.length; start += 1000)
      expect((await post('/gps/batch', { pings: all.slice(start, start + 1000) })).status).toBeLessThan(300);
    const { track } = (await get('/tourists/t-chatty/track')).body as TrackResponse;
    expect(track.truncated).toBe(true);
    expect(track.points).toHaveLength(MAX_TRACK_POINTS);
    expect(track.points.at(-1)!.at).toBe(all[MAX_TRACK_POINTS - 1]!.at);
  }, 60_000);

  it('audits each read of a track', async () => {
    await get('/tourists/t-walker/track');
    const { rows } = await server.ctx.db.query<{ action: string; target: string }>(
      `select action, target from audit_log where action = 'tourist.track' order by seq desc limit 1`,
    );
    expect(rows).toEqual([{ action: 'tourist.track', target: 't-walker' }]);
  });

  it('answers 404 with a sentence for a tourist nobody knows, alone or in a group', async () => {
    const alone = await get('/tourists/t-nobody/track');
    expect(alone.status).toBe(404);
    expect(alone.body.error).toMatch(/No tourist has id "t-nobody"/);
    const group = await get('/tracks?touristIds=t-walker,t-nobody');
    expect(group.status).toBe(404);
    expect(group.body.error).toMatch(/t-nobody/);
  });

  it.each([
    ['from=yesterday', 'from', /from must be an ISO 8601 date-time/],
    ['to=12', 'to', /to must be an ISO 8601 date-time/],
    [
      `from=${encodeURIComponent('2026-01-02T00:00:00Z')}&to=${encodeURIComponent('2026-01-01T00:00:00Z')}`,
      'from',
      /from must be before to/,
    ],
    [
      `from=${encodeURIComponent('2026-01-01T00:00:00Z')}&to=${encodeURIComponent('2026-01-09T00:00:00Z')}`,
      'from',
      /at most 7 days before to/,
    ],
    [`from=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`, 'from', /from must be before to/],
  ])('answers 400 naming the field for %s', async (query, field, message) => {
    const { status, body } = await get(`/tourists/t-walker/track?${query}`);
    expect(status).toBe(400);
    expect(body.ok).toBe(false);
    expect(body.error).toMatch(message);
    expect(body.issues[0].path).toBe(field);
  });

  it('answers 400 for a group without ids or over 20 tourists', async () => {
    const none = await get('/tracks?touristIds=,');
    expect(none.status).toBe(400);
    expect(none.body.error).toMatch(/touristIds must name at least one tourist/);
    const many = await get(`/tracks?touristIds=${Array.from({ length: 21 }, (_, i) => `t-${i}`).join(',')}`);
    expect(many.status).toBe(400);
    expect(many.body.error).toMatch(/touristIds must name at most 20 tourists/);
  });
});
