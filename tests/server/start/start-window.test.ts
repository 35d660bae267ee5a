// The server listens from the first moment of a start: while the store opens (held open here by the
// test-only START_STORE_DELAY_MS), panics are answered 201 from the durable journal with the ids they keep,
// every other route 503 with Retry-After; once the store is open they are stored and announced, once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PanicAlertResponse } from '../../../src/api/responses.ts';
import { call, dropSchema, uniqueSchema } from '../../helpers/server.ts';
import { openStream } from '../../helpers/sse.ts';
import { freePort, spawnServer, type SpawnedServer } from '../../../tools/spawn-server.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'pad-start-'));
const schema = uniqueSchema();
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (process.env.DATABASE_URL) await dropSchema(process.env.DATABASE_URL, schema);
});

const PANIC = { latitude: 25.5788, longitude: 91.8933, touristId: 'start-window' };

async function untilReady(server: SpawnedServer): Promise<void> {
  await expect
    .poll(async () => (await fetch(`${server.url}/healthz`)).status, { timeout: 60_000, interval: 100 })
    .toBe(200);
}

async function storedCopies(url: string, incidentId: string): Promise<number> {
  const listed = await call(url, 'GET', '/incidents?limit=500');
  return listed.body.incidents.filter((incident: { id: string }) => incident.id === incidentId).length;
}

/** Every `alert` the stream has announced since its beginning, for this alert id. */
async function announcements(url: string, alertId: string): Promise<number> {
  const stream = await openStream(`${url}/panic-alerts/stream`, '0');
  try {
    const health = await call(url, 'GET', '/healthz');
    await stream.waitFor((message) => Number(message.id) >= health.body.streamPosition, 10_000);
    return stream.messages.filter((message) => message.data.type === 'alert' && message.data.alert.id === alertId)
      .length;
  } finally {
    stream.close();
  }
}

describe('the start window', () => {
  const env = async () => ({ DATA_DIR: dataDir, PORT: String(await freePort()), DATABASE_SCHEMA: schema });

  it('answers panics 201 from the journal and every other route 503 until the store is open; they are then stored and announced once', async () => {
    const base = await env();
    const server = await spawnServer({ ...base, START_STORE_DELAY_MS: '6000' }, [], { until: 'listening' });
    try {
      const health = await call(server.url, 'GET', '/healthz');
      expect(health.status).toBe(503);
      expect(health.body).toMatchObject({ ok: false, status: 'starting' });
      expect(health.headers.get('retry-after')).toBe('1');

      const read = await call(server.url, 'GET', '/panic-alerts');
      expect(read.status).toBe(503);
      expect(read.headers.get('retry-after')).toBe('1');
      expect(read.body.ok).toBe(false);
      expect(read.body.error).toMatch(/starting/);
      expect((await call(server.url, 'POST', '/gps/update', { latitude: 1, longitude: 1 })).status).toBe(503);

      const first = await call(server.url, 'POST', '/panic-alert', PANIC, { 'Idempotency-Key': 'start-1' });
      expect(first.status).toBe(201);
      expect(PanicAlertResponse.safeParse(first.body).success).toBe(true);
      expect(first.body.alert.incidentId).toBe(first.body.incident.id);
      const again = await call(server.url, 'POST', '/panic-alert', PANIC, { 'Idempotency-Key': 'start-1' });
      expect(again.status).toBe(201);
      expect(again.body).toEqual(first.body);
      const otherBody = await call(
        server.url,
        'POST',
        '/panic-alert',
        { ...PANIC, latitude: 10 },
        { 'Idempotency-Key': 'start-1' },
      );
      expect(otherBody.status).toBe(422);

      const bad = await call(server.url, 'POST', '/panic-alert', { latitude: 95, longitude: 91.8 });
      expect(bad.status).toBe(400);
      expect(bad.body.error).toMatch(/latitude/);

      const band = await call(server.url, 'POST', '/api/panic', { deviceId: 'band-start' });
      expect(band.status).toBe(201);
      expect(PanicAlertResponse.safeParse(band.body).success).toBe(true);

      await untilReady(server);
      expect(await storedCopies(server.url, first.body.incident.id)).toBe(1);
      expect(await storedCopies(server.url, band.body.incident.id)).toBe(1);
      const stored = (await call(server.url, 'GET', '/incidents?limit=500')).body.incidents.find(
        (i: { id: string }) => i.id === first.body.incident.id,
      );
      expect(stored.createdAt).toBe(first.body.incident.createdAt);
      expect(await announcements(server.url, first.body.alert.id)).toBe(1);
      expect(await announcements(server.url, band.body.alert.id)).toBe(1);

      const afterStart = await call(server.url, 'POST', '/panic-alert', PANIC, { 'Idempotency-Key': 'start-1' });
      expect(afterStart.status).toBe(201);
      expect(afterStart.body.incident.id).toBe(first.body.incident.id);
      expect(afterStart.body.alert.id).toBe(first.body.alert.id);
    } finally {
      await server.kill();
    }
  }, 120_000);

  it('a panic taken during start is still there, once, after a SIGKILL in the middle of its replay', async () => {
    const base = await env();
    let server = await spawnServer({ ...base, START_STORE_DELAY_MS: '3000', START_REPLAY_DELAY_MS: '60000' }, [], {
      until: 'listening',
    });
    let raised: Awaited<ReturnType<typeof call>>;
    try {
      raised = await call(
        server.url,
        'POST',
        '/panic-alert',
        { ...PANIC, touristId: 'kill-in-replay' },
        { 'Idempotency-Key': 'start-2' },
      );
      expect(raised.status).toBe(201);
      await expect
        .poll(() => server.output(), { timeout: 60_000, interval: 50 })
        .toMatch(/holding the replay of 1 panic/);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(503);
    } finally {
      await server.kill();
    }

    server = await spawnServer(base);
    try {
      expect(await storedCopies(server.url, raised.body.incident.id)).toBe(1);
      expect(await announcements(server.url, raised.body.alert.id)).toBe(1);
      const retry = await call(
        server.url,
        'POST',
        '/panic-alert',
        { ...PANIC, touristId: 'kill-in-replay' },
        { 'Idempotency-Key': 'start-2' },
      );
      expect(retry.body.incident.id).toBe(raised.body.incident.id);
    } finally {
      await server.kill();
    }
  }, 120_000);

  it('a retry during start of a panic the store already holds (and the journal no longer does) names that panic, which stays stored once', async () => {
    const base = await env();
    const body = { ...PANIC, touristId: 'retry-of-stored' };
    let server = await spawnServer(base);
    const stored = await call(server.url, 'POST', '/panic-alert', body, { 'Idempotency-Key': 'start-3' });
    expect(stored.status).toBe(201);
    expect(await server.stop()).toBe(0); // a clean stop syncs the store and empties the journal

    server = await spawnServer({ ...base, START_STORE_DELAY_MS: '3000' }, [], { until: 'listening' });
    try {
      const retry = await call(server.url, 'POST', '/panic-alert', body, { 'Idempotency-Key': 'start-3' });
      expect(retry.status).toBe(201);
      expect((await fetch(`${server.url}/healthz`)).status).toBe(503); // answered by the start window
      expect(retry.body.incident.id).toBe(stored.body.incident.id);
      expect(retry.body.alert.id).toBe(stored.body.alert.id);
      await untilReady(server);
      expect(await storedCopies(server.url, stored.body.incident.id)).toBe(1);
      expect(await announcements(server.url, stored.body.alert.id)).toBe(1);
    } finally {
      await server.kill();
    }
  }, 120_000);
});
