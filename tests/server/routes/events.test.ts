import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

let server: TestServer;
let counter = 0;
const uniqueId = (name: string) => `${name}-${Date.now().toString(36)}-${counter++}`;
const post = (body: unknown) => call(server.url, 'POST', '/events', body);
const list = (query = '') => call(server.url, 'GET', `/events${query}`);

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('POST /events', () => {
  it('stores every event with a generated id, the sender ids and the payload as JSON', async () => {
    const deviceId = uniqueId('d');
    const res = await post({
      deviceId,
      touristId: null,
      events: [
        { type: 'ble', payload: { rssi: -70, seen: ['aa:bb'] }, createdAt: '2026-01-01T10:00:00+05:30' },
        { type: 'offline', extra: 'ignored' },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true, count: 2 });

    const mine = (await list('?limit=500')).body.events.filter((e: { deviceId: string }) => e.deviceId === deviceId);
    expect(mine).toEqual([
      {
        id: expect.any(String),
        type: 'offline',
        deviceId,
        touristId: null,
        payload: null,
        createdAt: expect.any(String),
      },
      {
        id: expect.any(String),
        type: 'ble',
        deviceId,
        touristId: null,
        payload: { rssi: -70, seen: ['aa:bb'] },
        createdAt: '2026-01-01T04:30:00.000Z',
      },
    ]);
    expect(mine[0].id).not.toBe(mine[1].id);
  });

  it('rejects an empty list, a missing type and a bad time, storing nothing', async () => {
    const deviceId = uniqueId('d');
    const empty = await post({ deviceId, events: [] });
    expect(empty.status).toBe(400);
    expect(empty.body.issues).toContainEqual({ path: 'events', message: 'events must not be empty' });

    const bad = await post({ deviceId, events: [{ type: 'ble' }, { payload: 1 }, { type: 'x', createdAt: 'noon' }] });
    expect(bad.status).toBe(400);
    expect(bad.body.issues.map((i: { path: string }) => i.path)).toEqual(['events.1.type', 'events.2.createdAt']);
    const { rows } = await server.ctx.db.query('select id from events where device_id = $1', [deviceId]);
    expect(rows).toEqual([]);
  });

  it('answers 400, not 500, for a time before 1970', async () => {
    const res = await post({ events: [{ type: 'ble', createdAt: '0000-01-01T00:00:00Z' }] });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([
      { path: 'events.0.createdAt', message: 'events.0.createdAt must not be before 1970' },
    ]);
  });

  it('answers 413 for a body over 64 KiB', async () => {
    const res = await post({ events: [{ type: 'blob', payload: 'x'.repeat(70 * 1024) }] });
    expect(res.status).toBe(413);
    expect(res.body.ok).toBe(false);
  });

  it('answers 400, not 500, for a NUL character in a payload', async () => {
    const res = await post({ events: [{ type: 'ble', payload: { name: 'a\u0000b' } }] });
    expect(res.status).toBe(400);
    expect(res.body.issues).toEqual([{ path: 'events.0.payload.name', message: expect.stringContaining('NUL') }]);
  });
});

describe('GET /events', () => {
  it('answers newest first, events sent together in reverse of their sent order, up to the limit', async () => {
    const touristId = uniqueId('t');
    await post({ touristId, events: [{ type: 'e1' }, { type: 'e2' }, { type: 'e3' }] });
    const res = await list('?limit=2');
    expect(res.status).toBe(200);
    expect(res.body.events.map((e: { type: string; touristId: string }) => [e.type, e.touristId])).toEqual([
      ['e3', touristId],
      ['e2', touristId],
    ]);
  });

  it('orders by event time, not by arrival', async () => {
    const touristId = uniqueId('t');
    await post({ touristId, events: [{ type: 'later', createdAt: '2020-01-02T00:00:00Z' }] });
    await post({ touristId, events: [{ type: 'earlier', createdAt: '2020-01-01T00:00:00Z' }] });
    const types = (await list('?limit=500')).body.events
      .filter((e: { touristId: string }) => e.touristId === touristId)
      .map((e: { type: string }) => e.type);
    expect(types).toEqual(['later', 'earlier']);
  });

  it('defaults to 20 and refuses a limit over 500', async () => {
    await post({ events: Array.from({ length: 25 }, (_, i) => ({ type: `bulk-${i}` })) });
    expect((await list()).body.events).toHaveLength(20);
    const tooMany = await list('?limit=501');
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.issues).toContainEqual(expect.objectContaining({ path: 'limit' }));
  });
});
