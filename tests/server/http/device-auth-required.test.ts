import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

// DEVICE_AUTH=required: GPS and events need a token naming a tourist; a panic never does.
let server: TestServer;
let counter = 0;
const unique = (name: string) => `${name}-${Date.now().toString(36)}-${counter++}`;
const post = (path: string, body: unknown, token?: string) =>
  call(server.url, 'POST', path, body, token ? { Authorization: `Bearer ${token}` } : {});
const OUTSIDE = { latitude: 20.0, longitude: 78.0 };

async function tokenFor(touristId?: string): Promise<string> {
  const answer = await post('/did/issue', {
    kycType: 'passport',
    kycHash: 'c'.repeat(64),
    ...(touristId && { touristId }),
  });
  expect(answer.status).toBe(201);
  return answer.body.didToken;
}

async function eventsOf(touristId: string): Promise<string[]> {
  const { rows } = await server.ctx.db.query<{ type: string }>(
    'select type from events where tourist_id = $1 order by type',
    [touristId],
  );
  return rows.map((row) => row.type);
}

beforeAll(async () => {
  server = await startTestServer({ deviceAuth: 'required' });
});
afterAll(async () => {
  await server?.stop();
});

describe('DEVICE_AUTH=required', () => {
  it('refuses a token-less GPS ping with 401 and a sentence, and stores nothing', async () => {
    const a = unique('a');
    const answer = await post('/gps/update', { ...OUTSIDE, touristId: a });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({
      ok: false,
      error: expect.stringMatching(/requires a device token for POST \/gps\/update.*Authorization: Bearer/),
    });
    expect((await post('/gps/batch', { pings: [{ ...OUTSIDE, touristId: a }] })).status).toBe(401);
    const { rows } = await server.ctx.db.query('select 1 from gps_pings where ping_key = $1', [a]);
    expect(rows).toEqual([]);
  });

  it('refuses token-less events on every events route', async () => {
    const a = unique('a');
    expect((await post('/events', { touristId: a, events: [{ type: 'ble' }] })).status).toBe(401);
    expect((await post('/events/ble', { touristId: a, events: [{ type: 'near' }] })).status).toBe(401);
    expect((await post('/sync/offline', { batch: [{ type: 'offline', touristId: a }] })).status).toBe(401);
    expect(await eventsOf(a)).toEqual([]);
  });

  it('refuses a token that names no tourist, and accepts one that does', async () => {
    const a = unique('a');
    const nobody = await post('/gps/update', { ...OUTSIDE, touristId: a }, await tokenFor());
    expect(nobody.status).toBe(401);
    expect(nobody.body.error).toContain('its device token names no tourist');
    const own = await post('/gps/update', OUTSIDE, await tokenFor(a));
    expect(own.status).toBe(201);
    expect(own.body.ping.touristId).toBe(a);
  });

  it('stores a token-less panic (201) marked verified:false, and a band SOS too', async () => {
    const a = unique('a');
    const panic = await post('/panic-alert', { ...OUTSIDE, touristId: a });
    expect(panic.status).toBe(201);
    expect(panic.body.alert).toMatchObject({ touristId: a, verified: false });
    expect(panic.body.incident).toMatchObject({ verified: false, meta: { unverified: 'no device token' } });
    const sos = await post('/api/panic', { touristDid: a });
    expect(sos.status).toBe(201);
    expect(sos.body.incident.verified).toBe(false);
  });

  it('stores the panic entries of a refused offline batch, and only those', async () => {
    const a = unique('a');
    const answer = await post('/sync/offline', {
      batch: [
        { id: unique('q'), type: 'panic', touristId: a },
        { type: 'offline', touristId: a },
      ],
    });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toMatch(/Its panic entry was stored all the same\.$/);
    expect(await eventsOf(a)).toEqual(['panic']);
  });
});
