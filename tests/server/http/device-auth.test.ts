import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSigningKey } from '../../../server/did/signing-key.ts';
import { signDidToken } from '../../../server/did/token.ts';
import { openStream } from '../../helpers/sse.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

// Sign-in off, DEVICE_AUTH optional (the defaults on loopback): tokens are checked, token-less calls pass unverified.
let server: TestServer;
let counter = 0;
const unique = (name: string) => `${name}-${Date.now().toString(36)}-${counter++}`;
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const post = (path: string, body: unknown, token?: string) =>
  call(server.url, 'POST', path, body, token ? bearer(token) : {});
const get = (path: string, token?: string) => call(server.url, 'GET', path, undefined, token ? bearer(token) : {});

const square = (lat: number, lng: number, size = 0.01) => [
  [lat, lng],
  [lat + size, lng],
  [lat + size, lng + size],
  [lat, lng + size],
];
const IN_RED = { latitude: 25.575, longitude: 91.885 };
const OUTSIDE = { latitude: 20.0, longitude: 78.0 };

async function tokenFor(touristId?: string): Promise<string> {
  const answer = await post('/did/issue', {
    kycType: 'passport',
    kycHash: 'b'.repeat(64),
    ...(touristId && { touristId }),
  });
  expect(answer.status).toBe(201);
  return answer.body.didToken;
}

async function expiredTokenFor(touristId: string): Promise<string> {
  const day = 24 * 3600 * 1000;
  return signDidToken(loadSigningKey(server.config), {
    didId: 'did:local:old',
    kycType: 'passport',
    digest: '0'.repeat(64),
    touristId,
    issuedAt: new Date(Date.now() - 15 * day),
    expiresAt: new Date(Date.now() - day),
  });
}

async function storedPingKeys(): Promise<string[]> {
  const { rows } = await server.ctx.db.query<{ ping_key: string }>('select ping_key from gps_last');
  return rows.map((row) => row.ping_key);
}

async function geofenceIncidentOf(touristId: string) {
  const { rows } = await server.ctx.db.query<{ verified: boolean; meta: Record<string, unknown> }>(
    "select verified, meta from incidents where tourist_id = $1 and type = 'geofence'",
    [touristId],
  );
  return rows;
}

beforeAll(async () => {
  server = await startTestServer();
  const zone = { id: 'zone-red', riskLevel: 'red', regionId: 'shillong', polygon: square(25.57, 91.88) };
  expect((await post('/geofences', zone)).status).toBe(201);
});
afterAll(async () => {
  await server?.stop();
});

describe('a device token names the tourist a phone writes as', () => {
  it("refuses a ping of tourist B sent with A's token with 403, storing nothing", async () => {
    const [a, b] = [unique('a'), unique('b')];
    const token = await tokenFor(a);
    const single = await post('/gps/update', { ...OUTSIDE, touristId: b }, token);
    expect(single.status).toBe(403);
    expect(single.body).toEqual({
      ok: false,
      error: expect.stringMatching(new RegExp(`acts for tourist "${a}".*"${b}"`)),
    });
    const batch = await post(
      '/gps/batch',
      {
        pings: [
          { ...OUTSIDE, touristId: a },
          { ...OUTSIDE, touristId: b },
        ],
      },
      token,
    );
    expect(batch.status).toBe(403);
    expect(batch.body.error).toContain('pings.1.touristId');
    expect(await storedPingKeys()).not.toContain(a);
    expect(await storedPingKeys()).not.toContain(b);
  });

  it('takes the tourist from the token when the body names none, and marks what it raises verified', async () => {
    const a = unique('a');
    const token = await tokenFor(a);
    const ping = await post('/gps/update', { ...OUTSIDE, deviceId: 'phone-1' }, token);
    expect(ping.status).toBe(201);
    expect(ping.body.ping).toMatchObject({ touristId: a, deviceId: 'phone-1' });
    expect((await post('/gps/update', { ...IN_RED, touristId: a }, token)).status).toBe(201);
    expect(await geofenceIncidentOf(a)).toEqual([
      { verified: true, meta: expect.not.objectContaining({ unverified: expect.anything() }) },
    ]);

    const soft = await post('/soft-alert', { ...OUTSIDE, type: 'safe' }, token);
    expect(soft.body.incident).toMatchObject({ touristId: a, verified: true });
    const events = await post('/events', { events: [{ type: 'ble' }] }, token);
    expect(events.status).toBe(201);
    const { rows } = await server.ctx.db.query('select tourist_id from events where tourist_id = $1 and type = $2', [
      a,
      'ble',
    ]);
    expect(rows).toHaveLength(1);
  });

  it('accepts token-less GPS and events, and marks what they raise verified:false with the reason', async () => {
    const a = unique('a');
    expect((await post('/gps/update', { ...OUTSIDE, touristId: a })).status).toBe(201);
    expect((await post('/gps/update', { ...IN_RED, touristId: a })).status).toBe(201);
    expect(await geofenceIncidentOf(a)).toEqual([
      { verified: false, meta: expect.objectContaining({ unverified: 'no device token' }) },
    ]);
    expect((await post('/events', { touristId: a, events: [{ type: 'ble' }] })).status).toBe(201);
    expect((await post('/events/ble', { touristId: a, events: [{ type: 'near' }] })).status).toBe(201);
    expect((await post('/sync/offline', { batch: [{ type: 'offline', touristId: a }] })).status).toBe(201);
    const soft = await post('/soft-alert', { ...OUTSIDE, type: 'safe', touristId: a });
    expect(soft.body.incident).toMatchObject({
      touristId: a,
      verified: false,
      meta: { unverified: 'no device token' },
    });
  });

  it('answers 401 with a sentence for an expired, altered or foreign token on GPS and events', async () => {
    const a = unique('a');
    const expired = await post('/gps/update', { ...OUTSIDE, touristId: a }, await expiredTokenFor(a));
    expect(expired.status).toBe(401);
    expect(expired.body.error).toMatch(/^The DID token has expired\. .*POST \/did\/issue/);
    const token = await tokenFor(a);
    const altered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    expect((await post('/events', { events: [{ type: 'x' }] }, altered)).status).toBe(401);
    expect((await post('/sync/offline', { batch: [{ type: 'x' }] }, 'not.a.token')).status).toBe(401);
    expect(await storedPingKeys()).not.toContain(a);
  });

  it('refuses an offline batch entry naming another tourist, and a pairing for another tourist', async () => {
    const [a, b] = [unique('a'), unique('b')];
    const token = await tokenFor(a);
    const sync = await post(
      '/sync/offline',
      { batch: [{ type: 'offline' }, { type: 'offline', touristId: b }] },
      token,
    );
    expect(sync.status).toBe(403);
    expect(sync.body.error).toContain('batch.1.touristId');
    expect((await post('/tourists/register', { touristId: b })).status).toBe(201);
    expect((await post('/devices/pair', { touristId: b }, token)).status).toBe(403);
  });

  it('a token issued without a touristId verifies nobody: it names no tourist and what it raises is unverified', async () => {
    const token = await tokenFor();
    const claims = (await post('/did/verify', { token })).body.claims;
    expect(claims).not.toHaveProperty('touristId');
    const b = unique('b');
    const soft = await post('/soft-alert', { ...OUTSIDE, type: 'safe', touristId: b }, token);
    expect(soft.status).toBe(201);
    expect(soft.body.incident).toMatchObject({
      touristId: b,
      verified: false,
      meta: { unverified: 'the device token names no tourist' },
    });
    const panic = await post('/panic-alert', { ...OUTSIDE, touristId: b }, token);
    expect(panic.body.alert.verified).toBe(false);
  });
});

describe('a device token reads only its own tourist', () => {
  it("answers 403 to A's token asking for B's history or events", async () => {
    const [a, b] = [unique('a'), unique('b')];
    const token = await tokenFor(a);
    const history = await get(`/gps/history?touristId=${b}`, token);
    expect(history.status).toBe(403);
    expect(history.body.error).toMatch(new RegExp(`may not read the data of "${b}"`));
    expect((await get(`/events?touristId=${b}`, token)).status).toBe(403);
    expect((await get(`/gps/last?touristIds=${a},${b}`, token)).status).toBe(403);
    expect((await get(`/gps/history?touristId=${a}`, token)).status).toBe(200);
  });

  it("answers A's token with A's trail and events only, while a token-less read sees everyone", async () => {
    const [a, b] = [unique('a'), unique('b')];
    for (const touristId of [a, b]) {
      expect((await post('/gps/update', { ...OUTSIDE, touristId })).status).toBe(201);
      expect((await post('/events', { touristId, events: [{ type: 'note' }] })).status).toBe(201);
    }
    const token = await tokenFor(a);
    expect(Object.keys((await get('/gps/history?keys=1000', token)).body.history)).toEqual([a]);
    expect((await get('/gps/last', token)).body.pings.map((ping: { touristId: string }) => ping.touristId)).toEqual([
      a,
    ]);
    expect(
      new Set(
        (await get('/events?limit=500', token)).body.events.map((event: { touristId: string }) => event.touristId),
      ),
    ).toEqual(new Set([a]));
    expect(Object.keys((await get('/gps/history?keys=1000')).body.history)).toEqual(expect.arrayContaining([a, b]));
  });
});

describe('panics are never refused for their token', () => {
  it("stores a panic naming B sent with A's token (201), unverified, with B kept as sent", async () => {
    const [a, b] = [unique('a'), unique('b')];
    const answer = await post('/panic-alert', { ...OUTSIDE, touristId: b }, await tokenFor(a));
    expect(answer.status).toBe(201);
    expect(answer.body.alert).toMatchObject({ touristId: b, verified: false });
    expect(answer.body.incident).toMatchObject({
      touristId: b,
      verified: false,
      meta: { unverified: 'the device token names another tourist' },
    });
  });

  it('stores a panic with an expired or garbage token as unverified, and one with its own token as verified', async () => {
    const a = unique('a');
    const expired = await post('/panic-alert', { ...OUTSIDE, touristId: a }, await expiredTokenFor(a));
    expect(expired.status).toBe(201);
    expect(expired.body.incident).toMatchObject({
      verified: false,
      meta: { unverified: 'the device token has expired' },
    });
    const garbage = await post('/panic-alert', OUTSIDE, 'garbage');
    expect(garbage.status).toBe(201);
    expect(garbage.body.incident.meta.unverified).toBe('the device token is not valid');
    const own = await post('/panic-alert', OUTSIDE, await tokenFor(a));
    expect(own.body.alert).toMatchObject({ touristId: a, verified: true });
    expect(own.body.incident.meta).not.toHaveProperty('unverified');
  });

  it("stores a band SOS for B with A's token unverified, and one without a tourist as A's", async () => {
    const [a, b] = [unique('a'), unique('b')];
    const token = await tokenFor(a);
    const other = await post('/api/panic', { deviceId: 'band-1', touristDid: b }, token);
    expect(other.status).toBe(201);
    expect(other.body.incident).toMatchObject({ touristId: b, verified: false });
    const own = await post('/api/panic', { deviceId: 'band-1' }, token);
    expect(own.body.incident).toMatchObject({ touristId: a, verified: true });
  });

  it('carries verified on the stream, in /panic-alerts and in /incidents', async () => {
    const a = unique('a');
    const stream = await openStream(`${server.url}/panic-alerts/stream`);
    try {
      const raised = await post('/panic-alert', OUTSIDE, await tokenFor(a));
      const message = await stream.waitFor((m) => m.data.type === 'alert' && m.data.alert.id === raised.body.alert.id);
      expect(message.data.alert.verified).toBe(true);
      const update = await stream.waitFor(
        (m) => m.data.type === 'incident_update' && m.data.incident.id === raised.body.incident.id,
      );
      expect(update.data.incident.verified).toBe(true);
    } finally {
      stream.close();
    }
    const alerts = (await get('/panic-alerts?limit=500')).body.alerts;
    expect(alerts.every((alert: { verified: unknown }) => typeof alert.verified === 'boolean')).toBe(true);
    expect(alerts.find((alert: { touristId: string }) => alert.touristId === a).verified).toBe(true);
    const incidents = (await get('/incidents?limit=500')).body.incidents;
    expect(incidents.find((incident: { touristId: string }) => incident.touristId === a).verified).toBe(true);
  });
});
