// Web Push at least once (issue 35 point 5): the sender works from a durable cursor over stream_events, so a
// panic is pushed even when the server is killed before its push went out, or when the panic reached the
// store only through the journal's replay at start; and two servers on one PostgreSQL push it once.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webPush from 'web-push';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { PushMessage } from '../../../src/api/push.ts';
import type { StreamMessage } from '../../../src/api/stream.ts';
import { duePushes } from '../../../server/push/push-messages.ts';
import { freePort, spawnServer, type SpawnedServer } from '../../../tools/spawn-server.ts';
import { BrowserKeys, PushReceiver } from '../../helpers/push-receiver.ts';
import { spawnServerPair, type ServerPair } from '../../helpers/server-pair.ts';
import { call, dropSchema, uniqueSchema } from '../../helpers/server.ts';

const PANIC = { latitude: 25.5788, longitude: 91.8933 };
const onPostgres = Boolean(process.env.DATABASE_URL);

let receiver: PushReceiver;
const dataDirs: string[] = [];
const schemas: string[] = [];
const running = new Set<SpawnedServer>();

beforeAll(async () => {
  receiver = await PushReceiver.start();
});
afterEach(async () => {
  await Promise.all([...running].map((server) => server.kill()));
  running.clear();
});
afterAll(async () => {
  await receiver?.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  if (process.env.DATABASE_URL) for (const schema of schemas) await dropSchema(process.env.DATABASE_URL, schema);
});

/** One store the test restarts a server on: a folder (PGlite) or a schema (PostgreSQL), kept across starts. */
function store(): Record<string, string> {
  const dir = mkdtempSync(join(tmpdir(), 'pad-push-cursor-'));
  dataDirs.push(dir);
  const schema = uniqueSchema();
  schemas.push(schema);
  // A short time limit: on PostgreSQL a killed server's lease (twice it, plus 5 s) must run out within the test.
  return { DATA_DIR: dir, DATABASE_SCHEMA: schema, PUSH_TIMEOUT_MS: '2000', PUSH_POLL_MS: '300' };
}

async function start(env: Record<string, string>, until?: 'listening'): Promise<SpawnedServer> {
  const server = await spawnServer({ ...env, PORT: String(await freePort()) }, [], { until });
  running.add(server);
  return server;
}

async function subscribe(url: string, browser: BrowserKeys): Promise<void> {
  const answer = await call(url, 'POST', '/push/subscriptions', { subscription: browser.subscription() });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

/** The incidents this browser was pushed, one entry per request received. */
const pushedIncidents = (browser: BrowserKeys) =>
  receiver.to(browser).map((request) => PushMessage.parse(browser.read(request)).incidentId);

describe('a server killed after a panic’s 201, before its push went out', () => {
  it('pushes that panic once it starts again on the same store', { timeout: 120_000 }, async () => {
    const env = store();
    const phone = receiver.browser('killed-phone', 'hang');
    const server = await start(env);
    await subscribe(server.url, phone);
    const raised = await call(server.url, 'POST', '/panic-alert', { ...PANIC, touristId: 'push-killed' });
    expect(raised.status).toBe(201);
    // The push service holds the request open: the push has not completed when the server dies.
    await expect.poll(() => receiver.to(phone).length, { timeout: 15_000 }).toBe(1);
    await server.kill();
    running.delete(server);

    receiver.modes.set('/killed-phone', 'ok');
    await start(env);
    await expect
      .poll(() => pushedIncidents(phone), { timeout: 30_000, interval: 100 })
      .toEqual([raised.body.incident.id, raised.body.incident.id]);
    // Sent again once, then the cursor moved past it: a later poll does not send it a third time.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(receiver.to(phone)).toHaveLength(2);
  });
});

describe('a panic taken into the journal while the store was not ready', () => {
  it('is pushed once the store holds it, once', { timeout: 120_000 }, async () => {
    const env = store();
    const phone = receiver.browser('journal-phone');
    let server = await start(env);
    await subscribe(server.url, phone);
    expect(await server.stop()).toBe(0);
    running.delete(server);

    server = await start({ ...env, START_STORE_DELAY_MS: '3000' }, 'listening');
    const raised = await call(server.url, 'POST', '/panic-alert', { ...PANIC, touristId: 'push-journal' });
    expect(raised.status).toBe(201);
    // Answered by the start window, from the journal: the store is not open yet.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(503);
    await expect
      .poll(() => pushedIncidents(phone), { timeout: 30_000, interval: 100 })
      .toEqual([raised.body.incident.id]);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(pushedIncidents(phone)).toEqual([raised.body.incident.id]);
  });
});

describe('two servers on one store', () => {
  let pair: ServerPair | undefined;
  afterAll(async () => pair?.stop());

  it.runIf(onPostgres)(
    'push each panic once, whichever took it (PostgreSQL only: PGlite is one server’s own folder)',
    { timeout: 120_000 },
    async () => {
      const { publicKey, privateKey } = webPush.generateVAPIDKeys();
      // Both poll often, so each is looking at the cursor while the other pushes.
      pair = await spawnServerPair({ VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, PUSH_POLL_MS: '100' });
      const phone = receiver.browser('pair-phone');
      await subscribe(pair.a.url, phone);
      const raised: string[] = [];
      for (let n = 0; n < 6; n++) {
        const answer = await call((n % 2 === 0 ? pair.a : pair.b).url, 'POST', '/panic-alert', {
          ...PANIC,
          touristId: `push-pair-${n}`,
        });
        expect(answer.status).toBe(201);
        raised.push(answer.body.incident.id);
      }
      await expect
        .poll(() => new Set(pushedIncidents(phone)).size, { timeout: 30_000, interval: 100 })
        .toBe(raised.length);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(pushedIncidents(phone).sort()).toEqual([...raised].sort());
    },
  );
});

describe('which committed events are still worth a push', () => {
  const alert = (incidentId: string): StreamMessage =>
    ({
      type: 'alert',
      alert: { incidentId, regionId: 'r1', at: '2026-11-27T01:00:00.000Z', latitude: 1, longitude: 2 },
    }) as StreamMessage;

  it('skips an event older than its TTL and sends the others with what is left of it', () => {
    const now = Date.parse('2026-11-27T03:00:00.000Z');
    const pushes = duePushes(
      [
        { message: alert('fresh'), createdAt: '2026-11-27T02:59:50.000Z' },
        { message: alert('late'), createdAt: '2026-11-27T02:30:00.000Z' },
        { message: alert('stale'), createdAt: '2026-11-27T01:59:59.000Z' },
        {
          message: { type: 'incident_update', incident: { id: 'acknowledged' } } as StreamMessage,
          createdAt: '2026-11-27T02:59:59.000Z',
        },
      ],
      now,
    );
    expect(pushes.map((push) => [push.message.incidentId, push.ttlSeconds])).toEqual([
      ['fresh', 3590],
      ['late', 1800],
    ]);
  });
});
