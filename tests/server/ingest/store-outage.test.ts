// Issue 47: while PostgreSQL is away (every connection reset, new ones refused), panics are answered 201
// from the journal, every other route 503 with Retry-After, and /healthz names the store; once it is back
// the journaled panics are stored once, under the ids and receive times they were answered with, and a
// stream kept open through the outage is sent each of them once.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';
import { openStream } from '../../helpers/sse.ts';
import { WebhookReceiver } from '../../helpers/webhook-receiver.ts';
import { addressOf, startTcpProxy, type TcpProxy } from '../../helpers/tcp-proxy.ts';

const DATABASE_URL = process.env.DATABASE_URL;
const SHILLONG = { latitude: 25.5788, longitude: 91.8933 };
/** The same tourist's panic under the same key: the first, its retry during the cut, and one after it. */
const keyedPanic = (url: string) =>
  call(url, 'POST', '/panic-alert', { ...SHILLONG, touristId: 't-outage-1' }, { 'Idempotency-Key': 'outage-key-1' });

async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.runIf(DATABASE_URL)('a panic while PostgreSQL is away', () => {
  let proxy: TcpProxy;
  let server: TestServer;

  beforeAll(async () => {
    proxy = await startTcpProxy(addressOf(DATABASE_URL!));
    server = await startTestServer({ databaseUrl: proxy.through(DATABASE_URL!) });
  }, 120_000);
  afterAll(async () => {
    await proxy?.restore();
    await server?.stop();
    await proxy?.close();
  });

  it('is answered 201 from the journal, stored once when the store returns, and streamed once', async () => {
    const stream = await openStream(`${server.url}/panic-alerts/stream`);
    try {
      await stream.waitFor((message) => message.data?.type === 'snapshot');
      const { latitude: lat, longitude: lng } = SHILLONG;
      const zone = {
        id: 'gf-outage',
        riskLevel: 'red',
        regionId: 'shillong',
        polygon: [
          [lat - 0.01, lng - 0.01],
          [lat + 0.01, lng - 0.01],
          [lat + 0.01, lng + 0.01],
          [lat - 0.01, lng + 0.01],
        ],
      };
      expect((await call(server.url, 'POST', '/geofences', zone)).status).toBe(201);
      // This server reads its zones again after its own write commits.
      await until('the zone in memory', async () => server.app.zonesInMemory.placementOf(SHILLONG, () => 'none').zone);
      await proxy.cut();
      const keyed = await keyedPanic(server.url);
      expect(keyed.status).toBe(201);
      // Filed from the zones in memory: the red zone drawn before the cut.
      expect(keyed.body.alert).toMatchObject({ regionId: 'shillong', geofenceId: 'gf-outage', riskLevel: 'red' });
      const unkeyed = await call(server.url, 'POST', '/panic-alert', { latitude: 26.1, longitude: 91.7 });
      expect(unkeyed.status).toBe(201);
      const retry = await keyedPanic(server.url);
      expect(retry.status).toBe(201);
      expect(retry.body.incident.id).toBe(keyed.body.incident.id);
      expect(retry.body.alert.at).toBe(keyed.body.alert.at);

      const list = await call(server.url, 'GET', '/incidents');
      expect(list.status).toBe(503);
      expect(list.body).toMatchObject({ ok: false, store: 'unavailable' });
      expect(list.body.error).toMatch(/store is unavailable; new panics are still being taken/);
      expect(Number(list.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      const health = await call(server.url, 'GET', '/healthz');
      expect(health.status).toBe(503);
      expect(health.body.store).toBe('unavailable');
      expect(health.body.error).toMatch(/PostgreSQL/);
      await stream.waitFor((message) => message.data?.available === false);
      const ids = [keyed.body.incident.id, unkeyed.body.incident.id];
      // Operators see them through the cut: each once, without an id (the store has not given it one yet).
      for (const id of ids) await stream.waitFor((message) => !message.id && message.data?.alert?.incidentId === id);

      await proxy.restore();
      const stored = await until('the journaled panics in the store', async () => {
        const answer = await call(server.url, 'GET', '/incidents?limit=100');
        if (answer.status !== 200) return undefined;
        const found = answer.body.incidents.filter((incident: { id: string }) => ids.includes(incident.id));
        return found.length === 2 ? found : undefined;
      });
      const byId = new Map(stored.map((incident: { id: string; createdAt: string }) => [incident.id, incident]));
      expect(byId.get(keyed.body.incident.id)).toMatchObject({
        createdAt: keyed.body.incident.createdAt,
        touristId: 't-outage-1',
      });
      expect(byId.get(unkeyed.body.incident.id)).toMatchObject({ createdAt: unkeyed.body.incident.createdAt });

      await stream.waitFor((message) => message.data?.available === true);
      for (const id of ids) await stream.waitFor((message) => message.data?.alert?.incidentId === id);
      const alertsOf = (id: string, stored: boolean) =>
        stream.messages.filter((message) => message.data?.alert?.incidentId === id && !!message.id === stored);
      expect(ids.map((id) => [alertsOf(id, false).length, alertsOf(id, true).length])).toEqual([
        [1, 1],
        [1, 1],
      ]);

      const after = await keyedPanic(server.url);
      expect(after.body.incident.id).toBe(keyed.body.incident.id);
      const all = await call(server.url, 'GET', '/incidents?limit=100');
      expect(all.body.incidents.filter((incident: { id: string }) => ids.includes(incident.id))).toHaveLength(2);
    } finally {
      stream.close();
    }
  }, 90_000);

  it("takes a band's SOS, an sos and a fall event while the store is away, each placed at the last known position once it is back", async () => {
    const band = 'band-outage-1';
    expect((await call(server.url, 'POST', '/gps/update', { deviceId: band, ...SHILLONG })).status).toBe(201);
    await proxy.cut();
    const sos = await call(server.url, 'POST', '/api/panic', { deviceId: band }, { 'Idempotency-Key': 'band-sos-1' });
    expect(sos.status).toBe(201);
    const events = await call(server.url, 'POST', '/events', {
      deviceId: band,
      touristId: 't-band',
      events: [
        { id: 'ev-sos-1', type: 'sos' },
        { id: 'ev-fall-1', type: 'fall', payload: { latitude: 25.58, longitude: 91.89 } },
      ],
    });
    expect(events.status).toBe(201);
    const mixed = await call(server.url, 'POST', '/events', {
      deviceId: band,
      events: [
        { id: 'ev-sos-2', type: 'sos' },
        { id: 'ev-ble-1', type: 'ble_seen' },
      ],
    });
    expect(mixed.status).toBe(503);
    expect(mixed.body.error).toMatch(/sos and fall events were taken all the same/);
    await proxy.restore();

    const mine = await until('the band and event panics in the store', async () => {
      const answer = await call(server.url, 'GET', '/incidents?limit=200');
      if (answer.status !== 200) return undefined;
      const found = answer.body.incidents.filter((incident: { deviceId: string | null }) => incident.deviceId === band);
      return found.length >= 4 ? found : undefined;
    });
    const bySos = mine.find((incident: { id: string }) => incident.id === sos.body.incident.id);
    expect(bySos).toMatchObject({
      latitude: SHILLONG.latitude,
      longitude: SHILLONG.longitude,
      meta: { positionAt: expect.any(String) },
    });
    expect(mine.filter((incident: { type: string }) => incident.type === 'fall')).toHaveLength(1);
    expect(
      mine.filter((incident: { meta: { eventId?: string } }) => incident.meta.eventId === 'ev-sos-1'),
    ).toHaveLength(1);
    expect(
      mine.filter((incident: { meta: { eventId?: string } }) => incident.meta.eventId === 'ev-sos-2'),
    ).toHaveLength(1);
  }, 90_000);

  it('answers a panic from the journal while its table is locked, and stores it once the lock is gone', async () => {
    const holder = new pg.Client({ connectionString: DATABASE_URL });
    await holder.connect();
    try {
      await holder.query('begin');
      await holder.query(`lock table "${server.config.databaseSchema}".incidents in access exclusive mode`);
      // The lock is held until after the answers: the panic did not wait for the store.
      const panic = await call(server.url, 'POST', '/panic-alert', {
        latitude: 26.2,
        longitude: 91.75,
        touristId: 't-locked',
      });
      expect(panic.status).toBe(201);
      const read = await call(server.url, 'GET', '/incidents');
      expect(read.status).toBe(503);
      expect(read.body.store).toBe('unavailable');
      await holder.query('rollback');
      const stored = await until('the panic taken under the lock, stored', async () => {
        const answer = await call(server.url, 'GET', '/incidents?limit=200');
        if (answer.status !== 200) return undefined;
        const found = answer.body.incidents.filter(
          (incident: { touristId: string }) => incident.touristId === 't-locked',
        );
        return found.length > 0 ? found : undefined;
      });
      await new Promise((resolve) => setTimeout(resolve, 1500)); // the late attempt and the journal's pass are both done
      const again = await call(server.url, 'GET', '/incidents?limit=200');
      expect(
        again.body.incidents.filter((incident: { touristId: string }) => incident.touristId === 't-locked'),
      ).toHaveLength(1);
      expect(stored[0]).toMatchObject({ id: panic.body.incident.id, createdAt: panic.body.incident.createdAt });
    } finally {
      await holder.end();
    }
  }, 90_000);

  it('puts back what it journaled in journal order, announced and sent to webhooks, while GPS pings are refused', async () => {
    const receiver = await WebhookReceiver.start();
    try {
      const hook = await call(server.url, 'POST', '/webhooks', { url: receiver.url, events: ['panic.created'] });
      expect(hook.status).toBe(201);
      receiver.secret = hook.body.secret;
      const stream = await openStream(`${server.url}/panic-alerts/stream`);
      await stream.waitFor((message) => message.data?.type === 'snapshot');
      await proxy.cut();
      let pinging = true;
      const pingAnswers: number[] = [];
      const pings = (async () => {
        for (let n = 0; pinging; n++) {
          const ping = { touristId: `gps-${n % 20}`, latitude: 26.1 + n / 1e4, longitude: 91.7 };
          pingAnswers.push((await call(server.url, 'POST', '/gps/update', ping)).status);
        }
      })();
      const answered: string[] = [];
      for (let n = 1; n <= 5; n++) {
        const panic = await call(server.url, 'POST', '/panic-alert', {
          latitude: 26.3,
          longitude: 91.6,
          touristId: `order-${n}`,
        });
        expect(panic.status).toBe(201);
        answered.push(panic.body.incident.id);
      }
      pinging = false;
      await pings;
      expect(new Set(pingAnswers)).toEqual(new Set([503]));
      await proxy.restore();

      const ofAnswered = (stored: boolean) =>
        stream.messages.filter(
          (message) => !!message.id === stored && answered.includes(message.data?.alert?.incidentId),
        );
      await stream.waitFor((message) => !message.id && message.data?.alert?.incidentId === answered[4]);
      expect(ofAnswered(false).map((message) => message.data.alert.incidentId)).toEqual(answered);
      for (const id of answered)
        await stream.waitFor((message) => !!message.id && message.data?.alert?.incidentId === id, 30_000);
      const announced = ofAnswered(true);
      expect(announced.map((message) => message.data.alert.incidentId)).toEqual(answered);
      const ids = announced.map((message) => Number(message.id));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      stream.close();
      await until(
        'a webhook for each',
        async () =>
          answered.every((id) => receiver.received.some((got) => got.event.data.incident?.id === id)) || undefined,
      );
      expect(receiver.received.every((got) => got.signatureValid)).toBe(true);
    } finally {
      await receiver.close();
    }
  }, 90_000);
});
