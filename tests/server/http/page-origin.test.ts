// The reference phone app's requests (../shared/reference-clients/phone-app.md), each exactly as it sends them,
// from a page on another site: with the preflight a browser makes first (a JSON body or its Digital ID token
// makes every one of them non-simple) and the Origin header, before and after it holds a token. Each answer
// must let the page read it and hold the fields the app reads (issue 46).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

const PHONE_ORIGIN = 'https://tourist-phone.example';
const SHILLONG = { latitude: 25.5788, longitude: 91.8933 };

let server: TestServer;
/** The app's localStorage: `did.token`, `touristId`, `deviceId`. */
const phone: { token?: string; touristId?: string; deviceId?: string } = {};

beforeAll(async () => {
  server = await startTestServer({ corsOrigins: ['https://ops.example'] });
});
afterAll(() => server.stop());

const listOf = (header: string | null) => (header ?? '').split(',').map((entry) => entry.trim().toLowerCase());

/**
 * One request as the app's axios sends it from its page: the interceptor adds the token once it has one.
 * A browser preflights a JSON body or an Authorization header; the page reads the answer only when both
 * the preflight and the answer allow its origin.
 */
async function fromThePhone(method: 'GET' | 'POST', path: string, body?: unknown) {
  const headers: Record<string, string> = {
    Origin: PHONE_ORIGIN,
    ...(phone.token && { Authorization: `Bearer ${phone.token}` }),
  };
  const asks = [...(body === undefined ? [] : ['content-type']), ...(phone.token ? ['authorization'] : [])];
  if (asks.length > 0) {
    const preflight = await fetch(server.url + path.split('?')[0], {
      method: 'OPTIONS',
      headers: {
        Origin: PHONE_ORIGIN,
        'Access-Control-Request-Method': method,
        'Access-Control-Request-Headers': asks.join(','),
      },
    });
    expect([path, preflight.status]).toEqual([path, 204]);
    expect([path, preflight.headers.get('access-control-allow-origin')]).toEqual([path, '*']);
    expect(listOf(preflight.headers.get('access-control-allow-methods'))).toContain(method.toLowerCase());
    expect(listOf(preflight.headers.get('access-control-allow-headers'))).toEqual(expect.arrayContaining(asks));
  }
  const answer = await call(server.url, method, path, body, headers);
  expect([path, answer.headers.get('access-control-allow-origin')]).toEqual([path, '*']);
  return answer;
}

/** The reads the app makes on opening and on its views; before a token and after, the same fields. */
async function readsTheAppMakes() {
  const online = await fromThePhone('GET', '/panic-alerts');
  expect(online.status).toBe(200);
  expect(online.body).toMatchObject({ ok: true, alerts: expect.any(Array) });
  const regions = await fromThePhone('GET', '/regions');
  expect(regions.body.ok).toBe(true);
  const home = regions.body.regions.find((region: { id: string }) => region.id === 'default');
  expect(home.contacts.length).toBeGreaterThan(0);
  for (const contact of home.contacts) {
    expect(typeof (contact.label ?? contact.name)).toBe('string');
    expect(contact.phone).toEqual(expect.any(String));
  }
  const zones = await fromThePhone('GET', '/geofences');
  expect(zones.body).toMatchObject({ ok: true, geofences: expect.any(Array) });
  const score = await fromThePhone('GET', '/safety-score?regionId=default');
  expect(score.body).toMatchObject({ ok: true, score: expect.any(Number) });
  return online.body.alerts;
}

describe('the reference phone app, step by step, from its own site', () => {
  it('opens before it holds a Digital ID: online, regions with contacts, zones and the score', async () => {
    await call(server.url, 'POST', '/panic-alert', { ...SHILLONG, touristId: 'another-tourist' });
    // Its "online" check reads nobody's alerts: it has proved no one yet.
    expect(await readsTheAppMakes()).toEqual([]);
  });

  it('registers (Settings → Register Tourist) with its whole Aadhaar and a typed phone', async () => {
    const res = await fromThePhone('POST', '/tourists/register', {
      name: 'Asha Devi',
      phone: '+91-9876543210',
      aadhaar: '234567890123',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      ok: true,
      touristId: expect.any(String),
      identity: { type: 'aadhaar', last4: '0123' },
    });
    phone.touristId = res.body.touristId;
  });

  it('pairs its device (Settings → Pair Device)', async () => {
    const res = await fromThePhone('POST', '/devices/pair', {
      touristId: phone.touristId,
      bleAddress: 'AA:BB:CC:DD:EE:FF',
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ ok: true, deviceId: expect.any(String) });
    phone.deviceId = res.body.deviceId;
  });

  it('issues its Digital ID (Security → Issue ID) with a free-text itinerary and phone-string contacts', async () => {
    const kycHash = 'f1e2d3c4b5a6978812345678901234567890abcdefabcdefabcdefabcdef0123';
    const res = await fromThePhone('POST', '/did/issue', {
      kycType: 'passport',
      kycHash,
      validDays: 14,
      itinerary: 'Guwahati → Shillong → Cherrapunji',
      emergencyContacts: ['+91-9876500001', '+91-9876500002'],
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ didToken: expect.any(String), expiresAt: expect.any(String) });
    const days = (Date.parse(res.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(13.9);
    expect(days).toBeLessThanOrEqual(14);
    phone.token = res.body.didToken;
  });

  it('verifies it (Security → Verify ID): ok and claims.exp in seconds, the trip kept as it was sent', async () => {
    const res = await fromThePhone('POST', '/did/verify', { token: phone.token });
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    expect(res.body.claims.exp * 1000).toBeGreaterThan(Date.now() + 13 * 86_400_000);
    expect(res.body.claims).toMatchObject({
      itineraryNote: 'Guwahati → Shillong → Cherrapunji',
      emergencyPhones: ['+919876500001', '+919876500002'],
    });
  });

  it('issues a Digital ID with itinerary and contacts left empty (null), and with the structured forms', async () => {
    const empty = await fromThePhone('POST', '/did/issue', {
      kycType: 'aadhaar',
      kycHash: 'a'.repeat(64),
      validDays: 14,
      itinerary: null,
      emergencyContacts: null,
    });
    expect(empty.status).toBe(201);
    const structured = await fromThePhone('POST', '/did/issue', {
      kycType: 'passport',
      kycHash: 'b'.repeat(64),
      itinerary: [{ place: 'Shillong', from: '2026-12-01', to: '2026-12-04' }],
      emergencyContacts: [{ name: 'Ravi', phone: '+91 98123 45678' }],
    });
    expect(structured.status).toBe(201);
    const claims = (await fromThePhone('POST', '/did/verify', { token: structured.body.didToken })).body.claims;
    expect(claims).toMatchObject({
      itinerary: [{ place: 'Shillong' }],
      emergencyContacts: [{ name: 'Ravi', phone: '+919812345678' }],
    });
  });

  it('tracks, raises an SOS, says "I\'m safe" and "Low battery", with its ids and with none', async () => {
    for (const ids of [
      { touristId: phone.touristId, deviceId: phone.deviceId },
      { touristId: null, deviceId: null },
    ]) {
      expect((await fromThePhone('POST', '/gps/update', { ...SHILLONG, ...ids })).status).toBe(201);
      expect((await fromThePhone('POST', '/panic-alert', { ...SHILLONG, ...ids })).status).toBe(201);
      expect((await fromThePhone('POST', '/soft-alert', { ...SHILLONG, ...ids, type: 'safe' })).status).toBe(201);
      expect((await fromThePhone('POST', '/soft-alert', { ...SHILLONG, ...ids, type: 'low_battery' })).status).toBe(
        201,
      );
    }
    const incidents = (await call(server.url, 'GET', '/incidents')).body.incidents.filter(
      (incident: { touristId: string }) => incident.touristId === phone.touristId,
    );
    expect(incidents.map((incident: { type: string }) => incident.type).sort()).toEqual([
      'low_battery',
      'panic',
      'safe',
    ]);
  });

  it('reads everything again with its token; once a supervisor bound its Digital ID, its alerts with the fields the Alerts view shows', async () => {
    expect(await readsTheAppMakes()).toEqual([]);
    const { sub: didId } = (await fromThePhone('POST', '/did/verify', { token: phone.token })).body.claims;
    expect((await call(server.url, 'POST', '/did/bind', { didId, touristId: phone.touristId })).status).toBe(201);
    const alerts = await readsTheAppMakes();
    expect(alerts.length).toBeGreaterThan(0);
    for (const alert of alerts) {
      expect(alert).toMatchObject({
        id: expect.any(String),
        type: 'panic',
        status: 'open',
        location: '25.5788, 91.8933',
        touristId: phone.touristId,
      });
      expect(Number.isNaN(new Date(alert.timestamp).getTime())).toBe(false);
    }
  });
});
