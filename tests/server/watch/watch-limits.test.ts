// The watch's limits as the server applies them (issue 32, points 1, 5 and 6), in a region where it is midday
// now so day limits hold whatever the hour of the run: red against yellow (and both at once), a zone's own
// override in `meta.watch`, only server receive times counting (never a phone's clock), and detection by the
// running check at most one interval after the limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../../server/config.ts';
import { runWatchCheck } from '../../../server/jobs/watch-check.ts';
import type { Incident } from '../../../src/api/entities.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';
import { reporting, secondsAfter, uniqueTourist, watchIncidentsOf } from '../support/watch.ts';

const REGION = 'limits-day';
/** The region's boundary: a square of 1° from (40, 30), far from every seeded region. */
const BOX = { lat: 40, lng: 30 };

/** An Etc/GMT zone whose local hour is `hour` now. */
function zoneWhereHourIs(hour: number): string {
  let offset = (hour - new Date().getUTCHours() + 24) % 24;
  if (offset > 12) offset -= 24;
  return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

let places = 0;
/** A fresh spot inside the region, about 2 km from the last one. */
const nextSpot = () => ({ lat: BOX.lat + 0.05 + 0.02 * places++, lng: BOX.lng + 0.5 });

async function zoneAt(
  server: TestServer,
  spot: { lat: number; lng: number },
  riskLevel: 'red' | 'yellow',
  meta?: object,
): Promise<string> {
  const id = `gf-${uniqueTourist(riskLevel)}`;
  const d = 0.005;
  const polygon = [
    [spot.lat - d, spot.lng - d],
    [spot.lat + d, spot.lng - d],
    [spot.lat + d, spot.lng + d],
    [spot.lat - d, spot.lng + d],
  ];
  const res = await call(server.url, 'POST', '/geofences', {
    id,
    name: id,
    riskLevel,
    regionId: REGION,
    polygon,
    ...(meta && { meta }),
  });
  expect(res.status).toBe(201);
  return id;
}

async function dayRegion(server: TestServer): Promise<void> {
  const res = await call(server.url, 'POST', '/regions', {
    id: REGION,
    name: 'Limits',
    timeZone: zoneWhereHourIs(12),
    homeView: { center: [BOX.lat + 0.5, BOX.lng + 0.5], zoom: 10 },
    boundary: [
      [BOX.lat, BOX.lng],
      [BOX.lat + 1, BOX.lng],
      [BOX.lat + 1, BOX.lng + 1],
      [BOX.lat, BOX.lng + 1],
    ],
    contacts: [],
  });
  expect(res.status).toBe(201);
}

const rulesOf = (incidents: Incident[]) =>
  incidents.map((incident) => [incident.type, incident.severity, incident.meta.limitS]);

describe('limits checked by hand', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ retentionIntervalMs: 0, watchCheckMs: 0 });
    await dayRegion(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('in a yellow zone: silent after 30 min (not 10), stranded after 45 min (not 20), medium by day', async () => {
    const spot = nextSpot();
    await zoneAt(server, spot, 'yellow');
    const tourist = uniqueTourist('yellow');
    const start = await reporting(server, tourist, spot.lat, spot.lng);
    const end = Date.now();
    await runWatchCheck(server.ctx, secondsAfter(end, 20 * 60 + 1));
    expect(await watchIncidentsOf(server, tourist)).toEqual([]);
    await runWatchCheck(server.ctx, secondsAfter(start, 30 * 60 - 1));
    expect(await watchIncidentsOf(server, tourist)).toEqual([]);
    await runWatchCheck(server.ctx, secondsAfter(end, 30 * 60 + 1));
    expect(rulesOf(await watchIncidentsOf(server, tourist))).toEqual([['silent', 'medium', 1800]]);
    await runWatchCheck(server.ctx, secondsAfter(start, 45 * 60 - 60));
    expect(await watchIncidentsOf(server, tourist)).toHaveLength(1);
    await runWatchCheck(server.ctx, secondsAfter(end, 45 * 60 + 1));
    expect(rulesOf(await watchIncidentsOf(server, tourist))).toEqual([
      ['silent', 'medium', 1800],
      ['stranded', 'medium', 2700],
    ]);
  });

  it('where a red and a yellow zone overlap, red decides: silent after 10 min, stranded after 20, high', async () => {
    const spot = nextSpot();
    await zoneAt(server, spot, 'yellow');
    const red = await zoneAt(server, spot, 'red');
    const tourist = uniqueTourist('both');
    const start = await reporting(server, tourist, spot.lat, spot.lng);
    const end = Date.now();
    await runWatchCheck(server.ctx, secondsAfter(start, 10 * 60 - 1));
    expect(await watchIncidentsOf(server, tourist)).toEqual([]);
    await runWatchCheck(server.ctx, secondsAfter(end, 20 * 60 + 1));
    const both = await watchIncidentsOf(server, tourist);
    expect(rulesOf(both)).toEqual([
      ['silent', 'high', 600],
      ['stranded', 'high', 1200],
    ]);
    expect(both[0].meta).toMatchObject({ zoneId: red, riskLevel: 'red' });
  });

  it("a zone's meta.watch overrides the region inside it: 2 min of silence in this red zone", async () => {
    const spot = nextSpot();
    await zoneAt(server, spot, 'red', { watch: { silentInRedAfterS: 120 } });
    const tourist = uniqueTourist('override');
    const start = await reporting(server, tourist, spot.lat, spot.lng);
    const end = Date.now();
    await runWatchCheck(server.ctx, secondsAfter(start, 119));
    expect(await watchIncidentsOf(server, tourist)).toEqual([]);
    await runWatchCheck(server.ctx, secondsAfter(end, 121));
    expect(rulesOf(await watchIncidentsOf(server, tourist))).toEqual([['silent', 'high', 120]]);
  });

  it("counts the server's receive time, never the phone's clock: pings dated 2 h ago are silent only 30 min after they arrive", async () => {
    const spot = nextSpot();
    const tourist = uniqueTourist('clock');
    const twoHoursAgo = new Date(Date.now() - 2 * 3600_000).toISOString();
    const start = Date.now();
    for (let i = 0; i < 3; i++) {
      const res = await call(server.url, 'POST', '/gps/update', {
        touristId: tourist,
        latitude: spot.lat,
        longitude: spot.lng,
        at: twoHoursAgo,
      });
      expect(res.status).toBeLessThan(300);
    }
    const end = Date.now();
    await runWatchCheck(server.ctx, secondsAfter(start, 30 * 60 - 1));
    expect(await watchIncidentsOf(server, tourist)).toEqual([]);
    await runWatchCheck(server.ctx, secondsAfter(end, 30 * 60 + 1));
    const [silent] = await watchIncidentsOf(server, tourist);
    expect(silent).toMatchObject({ type: 'silent', regionId: REGION, meta: { limitS: 1800 } });
    expect(Date.parse(silent.meta.lastSeenAt!)).toBeGreaterThanOrEqual(start);
  });
});

describe('the running check', () => {
  const INTERVAL_MS = 1000;
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ retentionIntervalMs: 0, watchCheckMs: INTERVAL_MS });
    await dayRegion(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('WATCH_CHECK_MS defaults to 15 s', () => {
    expect(configFromEnv({}).watchCheckMs).toBe(15_000);
  });

  it('raises a silence at most one check interval after its limit, not before', async () => {
    const spot = nextSpot();
    const tourist = uniqueTourist('latency');
    await reporting(server, tourist, spot.lat, spot.lng);
    // As if the pings had been received 30 min less 2 s ago: the limit passes 2 s from now.
    await server.ctx.db.query(
      `update watch_last set seen_at = seen_at - interval '1798 seconds', still_since = still_since - interval '1798 seconds',
         recent_seen = array(select t - interval '1798 seconds' from unnest(recent_seen) as t), due_at = due_at - interval '1798 seconds'
       where ping_key = $1`,
      [tourist],
    );
    const { rows } = await server.ctx.db.query<{ due_at: Date | string }>(
      'select due_at from watch_last where ping_key = $1',
      [tourist],
    );
    const limitPassesAt = Date.parse(new Date(rows[0].due_at).toISOString());
    let raised: Incident | undefined;
    while (!raised && Date.now() < limitPassesAt + 5 * INTERVAL_MS) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      [raised] = await watchIncidentsOf(server, tourist);
    }
    expect(raised).toMatchObject({ type: 'silent', meta: { limitS: 1800 } });
    const lateByMs = Date.parse(raised!.createdAt) - limitPassesAt;
    expect(lateByMs).toBeGreaterThan(0);
    // One interval, and the time a check itself takes on this shared machine.
    expect(lateByMs).toBeLessThanOrEqual(INTERVAL_MS + 500);
  });
});
