// A wristband's SOS (POST /api/panic, no coordinates) is never dropped.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  call(server.url, 'POST', path, body, headers);

async function bandEventsFor(incidentId: string) {
  const { rows } = await server.ctx.db.query<{ payload: any }>(
    "select payload from events where type = 'band_sos' and payload->>'incidentId' = $1",
    [incidentId],
  );
  return rows.map((row) => row.payload);
}

describe('POST /api/panic', () => {
  it("raises a panic at the band's last known position, keeping what the band sent", async () => {
    const ping = await post('/gps/update', { latitude: 25.574, longitude: 91.882, deviceId: 'band-1' });
    expect(ping.status).toBe(201);
    const sos = await post('/api/panic', {
      deviceId: 'band-1',
      touristDid: 'did:local:t1',
      events: [{ kind: 'fall' }],
      bandMetadata: { battery: 41 },
    });
    expect(sos.status).toBe(201);
    expect(sos.body.incident).toMatchObject({
      type: 'panic',
      severity: 'high',
      status: 'open',
      latitude: 25.574,
      longitude: 91.882,
      deviceId: 'band-1',
      touristId: 'did:local:t1',
      meta: { source: 'band', positionAt: ping.body.ping.at },
    });
    expect(sos.body.alert).toMatchObject({ incidentId: sos.body.incident.id, latitude: 25.574 });
    expect(await bandEventsFor(sos.body.incident.id)).toEqual([
      { incidentId: sos.body.incident.id, events: [{ kind: 'fall' }], bandMetadata: { battery: 41 } },
    ]);
  });

  it('uses the position of the tourist the band is paired with', async () => {
    await post('/tourists/register', { touristId: 'tourist-paired' });
    const paired = await post('/devices/pair', { touristId: 'tourist-paired', deviceId: 'band-2' });
    expect(paired.status).toBeLessThan(300);
    await post('/gps/update', { latitude: 26.14, longitude: 91.73, touristId: 'tourist-paired' });
    const sos = await post('/api/panic', { deviceId: 'band-2' });
    expect(sos.body.incident).toMatchObject({ latitude: 26.14, longitude: 91.73, meta: { source: 'band' } });
  });

  it("with no position known, raises it at the default region's centre flagged noLocation", async () => {
    const sos = await post('/api/panic', { deviceId: 'band-never-seen', touristDid: 'did:local:x' });
    expect(sos.status).toBe(201);
    expect(sos.body.incident).toMatchObject({
      regionId: 'default',
      latitude: 20.5937,
      longitude: 78.9629,
      meta: { source: 'band', noLocation: true },
    });
  });

  it.each([
    ['an empty object', {}],
    ['a list', [1, 2]],
    [
      'odd ids and unstorable details',
      { deviceId: 7, touristDid: 'a\u0000b', bandMetadata: { note: 'x\uD800' }, events: 'not a list' },
    ],
  ])('never drops an SOS whose body is %s', async (_name, body) => {
    const sos = await post('/api/panic', body);
    expect(sos.status).toBe(201);
    expect(sos.body.incident.type).toBe('panic');
    const listed = await call(server.url, 'GET', '/incidents/filter');
    expect(listed.body.incidents.map((i: { id: string }) => i.id)).toContain(sos.body.incident.id);
  });

  it('a retried SOS with the same Idempotency-Key is one panic', async () => {
    const first = await post('/api/panic', { deviceId: 'band-retry' }, { 'Idempotency-Key': 'sos-1' });
    const again = await post('/api/panic', { deviceId: 'band-retry' }, { 'Idempotency-Key': 'sos-1' });
    expect(again.body.incident.id).toBe(first.body.incident.id);
  });
});
