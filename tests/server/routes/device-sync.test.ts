import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

let server: TestServer;
let counter = 0;
const uniqueId = (name: string) => `${name}-${Date.now().toString(36)}-${counter++}`;
const sync = (body: unknown) => call(server.url, 'POST', '/sync/offline', body);
const band = (body: unknown) => call(server.url, 'POST', '/events/ble', body);

interface ListedEvent {
  id: string;
  type: string;
  deviceId: string | null;
  touristId: string | null;
  payload: unknown;
  createdAt: string;
}

/** What GET /events answers for one device, newest first. */
async function listedFor(deviceId: string): Promise<ListedEvent[]> {
  const res = await call(server.url, 'GET', '/events?limit=500');
  expect(res.status).toBe(200);
  return res.body.events.filter((event: ListedEvent) => event.deviceId === deviceId);
}

async function storedIdsFor(deviceId: string): Promise<string[]> {
  const { rows } = await server.ctx.db.query<{ id: string }>('select id from events where device_id = $1 order by id', [
    deviceId,
  ]);
  return rows.map((row) => row.id);
}

beforeAll(async () => {
  server = await startTestServer({ retentionIntervalMs: 0 });
});
afterAll(async () => {
  await server?.stop();
});

describe('POST /sync/offline', () => {
  it('stores the queue as events: type offline unless given, the body deviceId unless the entry has one', async () => {
    const deviceId = uniqueId('phone');
    const otherDevice = uniqueId('phone');
    const touristId = uniqueId('t');
    const res = await sync({
      deviceId,
      batch: [
        {
          type: 'gps',
          touristId,
          payload: { latitude: 25.57, longitude: 91.88 },
          createdAt: '2026-11-20T10:00:00+05:30',
          extra: 'dropped',
        },
        { id: null, type: null, payload: { note: 'queued' }, createdAt: null },
        { deviceId: otherDevice, type: 'sos' },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true, count: 3 });

    expect(await listedFor(deviceId)).toEqual([
      {
        id: expect.any(String),
        type: 'offline',
        deviceId,
        touristId: null,
        payload: { note: 'queued' },
        createdAt: expect.any(String),
      },
      {
        id: expect.any(String),
        type: 'gps',
        deviceId,
        touristId,
        payload: { latitude: 25.57, longitude: 91.88 },
        createdAt: '2026-11-20T04:30:00.000Z',
      },
    ]);
    expect(await listedFor(otherDevice)).toEqual([
      {
        id: expect.any(String),
        type: 'sos',
        deviceId: otherDevice,
        touristId: null,
        payload: null,
        createdAt: expect.any(String),
      },
    ]);
  });

  it('stores each id once when the phone retries a sync, and still counts every entry', async () => {
    const deviceId = uniqueId('phone');
    const ids = [uniqueId('e'), uniqueId('e')];
    const batch = ids.map((id) => ({ id, payload: { id } }));
    expect((await sync({ deviceId, batch })).body).toEqual({ ok: true, count: 2 });
    expect((await sync({ deviceId, batch })).body).toEqual({ ok: true, count: 2 });

    const newId = uniqueId('e');
    const retryWithMore = await sync({ deviceId, batch: [...batch, { id: newId }, { id: newId }] });
    expect(retryWithMore.status).toBe(201);
    expect(retryWithMore.body).toEqual({ ok: true, count: 4 });
    expect(await storedIdsFor(deviceId)).toEqual([...ids, newId].sort());
  });

  it('answers count 0 for an empty queue, as the reference did', async () => {
    const res = await sync({ deviceId: null, batch: [] });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true, count: 0 });
  });

  it('refuses a bad entry with a 400 naming the field, and stores none of the batch', async () => {
    const deviceId = uniqueId('phone');
    const res = await sync({
      deviceId,
      batch: [{ type: 'fine' }, { id: 'x'.repeat(129) }, { createdAt: 'yesterday' }, 7],
    });
    expect(res.status).toBe(400);
    expect(res.body.ok).toBe(false);
    expect(res.body.error).toContain('batch.1.id must be at most 128 characters');
    expect(res.body.issues.map((issue: { path: string }) => issue.path)).toEqual([
      'batch.1.id',
      'batch.2.createdAt',
      'batch.3',
    ]);
    expect(await storedIdsFor(deviceId)).toEqual([]);
  });

  it('refuses a missing list, a list that is not one, and more than 1000 entries', async () => {
    const deviceId = uniqueId('phone');
    const missing = await sync({ deviceId });
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toEqual([{ path: 'batch', message: 'batch must be a list of events' }]);

    const notAList = await sync({ deviceId, batch: { type: 'x' } });
    expect(notAList.status).toBe(400);
    expect(notAList.body.issues[0].path).toBe('batch');

    const tooMany = await sync({ deviceId, batch: Array.from({ length: 1001 }, () => ({})) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.issues).toEqual([{ path: 'batch', message: 'batch must hold at most 1000 events' }]);
    expect(await storedIdsFor(deviceId)).toEqual([]);
  });

  it('takes 1000 entries with ids and times, beyond 64 KiB, and answers 413 beyond 512 KiB', async () => {
    const deviceId = uniqueId('phone');
    // Long past, so these do not crowd the other tests' events out of GET /events.
    const createdAt = '2026-01-01T00:00:00.000Z';
    const batch = Array.from({ length: 1000 }, (_, i) => ({
      id: `${deviceId}-${i}`,
      type: 'gps',
      createdAt,
      payload: { seq: i },
    }));
    expect(JSON.stringify({ deviceId, batch }).length).toBeGreaterThan(64 * 1024);
    const res = await sync({ deviceId, batch });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true, count: 1000 });
    expect(await storedIdsFor(deviceId)).toHaveLength(1000);

    const huge = await sync({ deviceId: uniqueId('phone'), batch: [{ payload: 'x'.repeat(600 * 1024) }] });
    expect(huge.status).toBe(413);
    expect(huge.body.ok).toBe(false);
  });
});

describe('POST /events/ble', () => {
  it("stores each entry as a ble event of the body's tourist and device, an entry's own fields winning", async () => {
    const deviceId = uniqueId('band');
    const touristId = uniqueId('t');
    const res = await band({
      deviceId,
      touristId,
      events: [
        { payload: { address: 'aa:bb:cc', rssi: -61 }, createdAt: '2026-11-22T08:00:00Z' },
        { type: 'ble_lost', touristId: null, payload: { address: 'aa:bb:cc' }, createdAt: '2026-11-22T08:05:00Z' },
      ],
    });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({ ok: true, count: 2 });
    expect(await listedFor(deviceId)).toEqual([
      {
        id: expect.any(String),
        type: 'ble_lost',
        deviceId,
        touristId,
        payload: { address: 'aa:bb:cc' },
        createdAt: '2026-11-22T08:05:00.000Z',
      },
      {
        id: expect.any(String),
        type: 'ble',
        deviceId,
        touristId,
        payload: { address: 'aa:bb:cc', rssi: -61 },
        createdAt: '2026-11-22T08:00:00.000Z',
      },
    ]);
  });

  it('stores each id once across retries', async () => {
    const deviceId = uniqueId('band');
    const events = [{ id: uniqueId('ble') }, { id: uniqueId('ble') }];
    await band({ deviceId, touristId: null, events });
    const retry = await band({ deviceId, touristId: null, events });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual({ ok: true, count: 2 });
    expect(await storedIdsFor(deviceId)).toEqual(events.map((event) => event.id).sort());
  });

  it('refuses bad input with a 400 naming the field, and stores nothing', async () => {
    const deviceId = uniqueId('band');
    const missing = await band({ deviceId, touristId: 't' });
    expect(missing.status).toBe(400);
    expect(missing.body.issues).toEqual([{ path: 'events', message: 'events must be a list of events' }]);

    const badEntries = await band({
      deviceId,
      touristId: 42,
      events: [{ payload: { rssi: -50 } }, 'aa:bb', { type: '' }],
    });
    expect(badEntries.status).toBe(400);
    expect(badEntries.body.issues.map((issue: { path: string }) => issue.path)).toEqual([
      'touristId',
      'events.1',
      'events.2.type',
    ]);
    expect(badEntries.body.issues[0].message).toBe('touristId must be a string');

    const nul = await band({ deviceId, events: [{ payload: { name: 'a\u0000b' } }] });
    expect(nul.status).toBe(400);
    expect(nul.body.issues).toEqual([{ path: 'events.0.payload.name', message: expect.stringContaining('NUL') }]);
    expect(await storedIdsFor(deviceId)).toEqual([]);
  });
});

describe('GET /openapi.json', () => {
  it('documents both routes with their request bodies', async () => {
    const { body: document } = await call(server.url, 'GET', '/openapi.json');
    const bodyOf = (url: string) => document.paths[url]?.post?.requestBody?.content?.['application/json']?.schema;
    expect(Object.keys(bodyOf('/sync/offline').properties)).toEqual(['deviceId', 'batch']);
    expect(Object.keys(bodyOf('/events/ble').properties)).toEqual(['deviceId', 'touristId', 'events']);
    expect(bodyOf('/sync/offline').properties.batch).toMatchObject({ type: 'array', maxItems: 1000 });
  });
});
