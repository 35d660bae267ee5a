import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GpsPing } from '../../../src/api/entities.ts';
import { gpsHistoryJson } from '../../../server/stores/gps-json.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

let server: TestServer;
let keyCounter = 0;
const uniqueKey = (name: string) => `${name}-${Date.now().toString(36)}-${keyCounter++}`;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

const post = (path: string, body: unknown) => call(server.url, 'POST', path, body);
const get = (path: string) => call(server.url, 'GET', path);

async function storedPings(key: string) {
  const { rows } = await server.ctx.db.query<{
    latitude: number;
    longitude: number;
    tourist_id: string | null;
    device_id: string | null;
  }>('select latitude, longitude, tourist_id, device_id from gps_pings where ping_key = $1 order by at, id', [key]);
  return rows;
}

/** What the position bus (server/positions) was given: the positions published once stored. */
const published: GpsPing[] = [];
const gpsMessagesFor = async (key: string) =>
  published.filter((ping) => (ping.touristId ?? ping.deviceId ?? 'anon') === key);

beforeAll(async () => {
  server = await startTestServer();
  server.app.positions.subscribe((pings) => published.push(...pings));
});
afterAll(async () => {
  await server?.stop();
});

describe('POST /gps/update validation', () => {
  it('rejects a numeric string latitude instead of coercing it', async () => {
    const res = await post('/gps/update', { latitude: '25.5', longitude: 91.8, touristId: uniqueKey('t') });
    expect(res.status).toBe(400);
    expect(res.body.ok).toBe(false);
    expect(res.body.issues).toContainEqual(expect.objectContaining({ path: 'latitude' }));
  });

  it('rejects a latitude out of range', async () => {
    const res = await post('/gps/update', { latitude: 91, longitude: 91.8 });
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path: 'latitude', message: 'latitude must be between -90 and 90' });
  });

  it('rejects a time that is not ISO 8601', async () => {
    const res = await post('/gps/update', { latitude: 25, longitude: 91, at: 'yesterday' });
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual(expect.objectContaining({ path: 'at' }));
  });

  it('rejects a time before 1970, which PostgreSQL would misread or refuse', async () => {
    const single = await post('/gps/update', { latitude: 25, longitude: 91, at: '0000-01-01T00:00:00Z' });
    expect(single.status).toBe(400);
    expect(single.body.issues).toEqual([{ path: 'at', message: 'at must not be before 1970' }]);
    const batch = await post('/gps/batch', {
      pings: [
        { latitude: 1, longitude: 1 },
        { latitude: 1, longitude: 1, at: '0001-06-01T00:00:00Z' },
      ],
    });
    expect(batch.status).toBe(400);
    expect(batch.body.issues).toEqual([{ path: 'pings.1.at', message: 'pings.1.at must not be before 1970' }]);
  });

  it('rejects NUL characters with a 400 instead of failing in the database', async () => {
    const res = await post('/gps/update', { latitude: 25, longitude: 91, touristId: 'a\u0000b' });
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual(expect.objectContaining({ path: 'touristId' }));
  });
});

describe('POST /gps/update', () => {
  it('stores the ping, answers it with its time and ignores unknown fields', async () => {
    const touristId = uniqueKey('t');
    const res = await post('/gps/update', {
      latitude: 25.57,
      longitude: 91.89,
      touristId,
      deviceId: 'dev-1',
      speed: 3,
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      ok: true,
      ping: { touristId, deviceId: 'dev-1', latitude: 25.57, longitude: 91.89, at: expect.any(String) },
    });
    expect(Math.abs(Date.parse(res.body.ping.at) - Date.now())).toBeLessThan(60_000);
    expect(await storedPings(touristId)).toEqual([
      { latitude: 25.57, longitude: 91.89, tourist_id: touristId, device_id: 'dev-1' },
    ]);
  });

  it('accepts a null touristId and keys the ping by deviceId', async () => {
    const deviceId = uniqueKey('d');
    const res = await post('/gps/update', { latitude: 1, longitude: 2, touristId: null, deviceId });
    expect(res.status).toBe(201);
    expect(res.body.ping.touristId).toBeNull();
    expect(await storedPings(deviceId)).toHaveLength(1);
  });

  it("keys a ping with neither id as 'anon'", async () => {
    const before = (await storedPings('anon')).length;
    const res = await post('/gps/update', { latitude: -33.5, longitude: 151.25, touristId: null, deviceId: null });
    expect(res.status).toBe(201);
    const anon = await storedPings('anon');
    expect(anon).toHaveLength(before + 1);
    expect(anon.at(-1)).toEqual({ latitude: -33.5, longitude: 151.25, tourist_id: null, device_id: null });
  });

  it('normalises the time to UTC and records a future time as the time received', async () => {
    const touristId = uniqueKey('t');
    const offset = await post('/gps/update', { latitude: 1, longitude: 1, touristId, at: '2026-01-01T12:00:00+05:30' });
    expect(offset.body.ping.at).toBe('2026-01-01T06:30:00.000Z');
    const future = await post('/gps/update', { latitude: 1, longitude: 1, touristId, at: '2099-01-01T00:00:00Z' });
    expect(Math.abs(Date.parse(future.body.ping.at) - Date.now())).toBeLessThan(60_000);
  });

  it('publishes the position once stored, and writes no stream event for it', async () => {
    const touristId = uniqueKey('t');
    await post('/gps/update', { latitude: 3.25, longitude: 4.5, touristId });
    expect(await gpsMessagesFor(touristId)).toEqual([
      { touristId, deviceId: null, latitude: 3.25, longitude: 4.5, at: expect.any(String) },
    ]);
    const { rows } = await server.ctx.db.query(`select seq from stream_events where data::text like $1`, [
      `%${touristId}%`,
    ]);
    expect(rows).toEqual([]);
  });
});

describe('GET /gps/last', () => {
  it('keeps the newest position: an older ping synced late does not replace it', async () => {
    const touristId = uniqueKey('t');
    await post('/gps/update', { latitude: 10, longitude: 10, touristId, at: minutesAgo(1) });
    await post('/gps/update', { latitude: 20, longitude: 20, touristId, at: minutesAgo(30) });
    const { body } = await get('/gps/last');
    const mine = body.pings.filter((p: { touristId: string }) => p.touristId === touristId);
    expect(mine).toEqual([expect.objectContaining({ latitude: 10, longitude: 10 })]);
    expect(await storedPings(touristId)).toHaveLength(2);
  });

  it('answers one ping per key, newest first', async () => {
    const older = uniqueKey('t');
    const newer = uniqueKey('t');
    await post('/gps/batch', {
      pings: [
        { latitude: 1, longitude: 1, touristId: older, at: minutesAgo(9) },
        { latitude: 2, longitude: 2, touristId: older, at: minutesAgo(5) },
        { latitude: 3, longitude: 3, touristId: newer, at: minutesAgo(3) },
      ],
    });
    const { status, body } = await get('/gps/last');
    expect(status).toBe(200);
    const keys = body.pings.map(
      (p: { touristId: string | null; deviceId: string | null }) => p.touristId ?? p.deviceId ?? 'anon',
    );
    expect(new Set(keys).size).toBe(keys.length);
    const times = body.pings.map((p: { at: string }) => Date.parse(p.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const mine = body.pings.filter((p: { touristId: string }) => p.touristId === older || p.touristId === newer);
    expect(mine.map((p: { touristId: string; latitude: number }) => [p.touristId, p.latitude])).toEqual([
      [newer, 3],
      [older, 2],
    ]);
  });
});

describe('GET /gps/history', () => {
  it('answers each trail oldest first, limited to the newest points per key', async () => {
    const walker = uniqueKey('t');
    const other = uniqueKey('t');
    const pings = [5, 4, 3, 2, 1].map((m) => ({ latitude: m, longitude: m, touristId: walker, at: minutesAgo(m) }));
    await post('/gps/batch', {
      pings: [...pings].reverse().concat([{ latitude: 9, longitude: 9, touristId: other, at: minutesAgo(2) }]),
    });

    const { status, body } = await get('/gps/history?limit=3');
    expect(status).toBe(200);
    expect(body.history[walker].map((p: { latitude: number }) => p.latitude)).toEqual([3, 2, 1]);
    expect(body.history[walker][0]).toEqual({ latitude: 3, longitude: 3, at: pings[2].at });
    expect(body.history[other]).toEqual([{ latitude: 9, longitude: 9, at: expect.any(String) }]);
  });

  it('keeps only the last `minutes` when given, and the last day by default', async () => {
    const touristId = uniqueKey('t');
    await post('/gps/batch', {
      pings: [
        { latitude: 1, longitude: 1, touristId, at: minutesAgo(3 * 24 * 60) },
        { latitude: 2, longitude: 2, touristId, at: minutesAgo(60) },
        { latitude: 3, longitude: 3, touristId, at: minutesAgo(5) },
      ],
    });
    const recent = await get('/gps/history?minutes=10');
    expect(recent.body.history[touristId].map((p: { latitude: number }) => p.latitude)).toEqual([3]);
    const byDefault = await get('/gps/history');
    expect(byDefault.body.history[touristId].map((p: { latitude: number }) => p.latitude)).toEqual([2, 3]);
    const stale = uniqueKey('t');
    await post('/gps/update', { latitude: 4, longitude: 4, touristId: stale, at: minutesAgo(2 * 24 * 60) });
    expect((await get('/gps/history')).body.history[stale]).toBeUndefined();
  });

  it('rejects a limit out of range', async () => {
    const res = await get('/gps/history?limit=0');
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual(expect.objectContaining({ path: 'limit' }));
  });

  it('treats a key named like an object property as any other key', async () => {
    await post('/gps/update', { latitude: 7, longitude: 7, touristId: '__proto__' });
    const { status, body } = await get('/gps/history?minutes=5');
    expect(status).toBe(200);
    expect(Object.hasOwn(body.history, '__proto__')).toBe(true);
  });
});

describe('trails read a chunk of keys per statement', () => {
  it('gives the same trails, in key order, whatever the chunk', async () => {
    const keys = ['c', 'a', 'b'].map((name) => uniqueKey(`chunked-${name}`));
    for (const [k, touristId] of keys.entries()) {
      const res = await post('/gps/batch', {
        pings: [3, 2, 1].map((m) => ({ latitude: k, longitude: m, touristId, at: minutesAgo(m) })),
      });
      expect(res.status).toBe(201);
    }
    const filter = { since: new Date(Date.now() - 60 * 60_000), keys: 1000, perKey: 2 };
    const whole = JSON.parse(await gpsHistoryJson(server.ctx.db, filter, 100_000)) as Record<
      string,
      { longitude: number }[]
    >;
    const ours = Object.keys(whole).filter((key) => keys.includes(key));
    expect(ours).toEqual([...keys].sort());
    for (const key of keys) expect(whole[key]!.map((point) => point.longitude)).toEqual([2, 1]);
    // One trail per statement: two points per key, a chunk of two points.
    expect(JSON.parse(await gpsHistoryJson(server.ctx.db, filter, 2))).toEqual(whole);
    expect(Object.keys(JSON.parse(await gpsHistoryJson(server.ctx.db, filter, 2)))).toEqual(Object.keys(whole));
  });
});

describe('POST /gps/batch', () => {
  it('stores every ping, moves the last position to the newest, and publishes each ping in time order', async () => {
    const touristId = uniqueKey('t');
    const pings = Array.from({ length: 50 }, (_, i) => ({
      latitude: i,
      longitude: i,
      touristId,
      at: minutesAgo(50 - i),
    }));
    const res = await post('/gps/batch', { pings: [...pings].reverse() });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true, count: 50 });
    expect(await storedPings(touristId)).toHaveLength(50);
    const last = (await get('/gps/last')).body.pings.find((p: { touristId: string }) => p.touristId === touristId);
    expect(last.latitude).toBe(49);
    expect((await gpsMessagesFor(touristId)).map((p) => p.latitude)).toEqual(pings.map((p) => p.latitude));
  });

  it('moves the last position to the ping that arrived last among pings of one time', async () => {
    const touristId = uniqueKey('t');
    const at = minutesAgo(1);
    const res = await post('/gps/batch', {
      pings: [2, 3, 1].map((latitude) => ({ latitude, longitude: 0, touristId, at })),
    });
    expect(res.status).toBe(201);
    const last = (await get('/gps/last')).body.pings.find((p: { touristId: string }) => p.touristId === touristId);
    expect(last.latitude).toBe(1);
    expect(await storedPings(touristId)).toHaveLength(3);
  });

  it('accepts 1000 pings and rejects 1001', async () => {
    const touristId = uniqueKey('t');
    const ping = { latitude: 1, longitude: 1, touristId };
    const tooMany = await post('/gps/batch', { pings: Array.from({ length: 1001 }, () => ping) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.issues).toContainEqual(expect.objectContaining({ path: 'pings' }));
    const most = await post('/gps/batch', { pings: Array.from({ length: 1000 }, () => ping) });
    expect(most.status).toBe(201);
    expect(await storedPings(touristId)).toHaveLength(1000);
  });

  it('takes a realistic batch of 1000 pings with ids and times, larger than the 64 KiB general body limit', async () => {
    const touristId = uniqueKey('offline-sync-tourist');
    const pings = Array.from({ length: 1000 }, (_, i) => ({
      touristId,
      deviceId: 'device-with-a-long-identifier-0001',
      latitude: 25.578812345 + i * 1e-6,
      longitude: 91.893312345 - i * 1e-6,
      at: minutesAgo(1000 - i),
    }));
    expect(JSON.stringify({ pings }).length).toBeGreaterThan(64 * 1024);
    const res = await post('/gps/batch', { pings });
    expect(res.status).toBe(201);
    expect(await storedPings(touristId)).toHaveLength(1000);
  });

  it('rejects an empty batch', async () => {
    const res = await post('/gps/batch', { pings: [] });
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path: 'pings', message: 'pings must not be empty' });
  });

  it('stores nothing when one ping is invalid, and names it', async () => {
    const touristId = uniqueKey('t');
    const res = await post('/gps/batch', {
      pings: [
        { latitude: 1, longitude: 1, touristId },
        { latitude: 2, longitude: 200, touristId },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual(expect.objectContaining({ path: 'pings.1.longitude' }));
    expect(await storedPings(touristId)).toEqual([]);
    expect(await gpsMessagesFor(touristId)).toEqual([]);
  });
});
