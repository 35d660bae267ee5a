import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';
import { openStream } from '../../helpers/sse.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

async function rows<T>(sql: string, params: unknown[] = []): Promise<T[]> {
  return (await server.ctx.db.query<T>(sql, params)).rows;
}

const everyField = {
  name: 'Asha Rao',
  phone: '+919876543210',
  nationality: 'IN',
  languages: ['Hindi', 'English', 'Khasi'],
  idType: 'aadhaar',
  idLast4: '4321',
  emergencyContacts: [{ name: 'Ravi Rao', relation: 'brother', phone: '+919812345678' }],
  itinerary: [
    { place: 'Shillong', from: '2026-11-20', to: '2026-11-24' },
    { place: 'Cherrapunji', from: '2026-11-24', to: '2026-11-27' },
  ],
};

const register = (body: object) => call(server.url, 'POST', '/tourists/register', body);

describe('registration with a profile', () => {
  it('stores every field and answers them in GET /tourists/{id} with devices, position, alerts and trail', async () => {
    const res = await register({ touristId: 't-full', ...everyField });
    expect(res.status).toBe(201);
    expect(
      (await call(server.url, 'POST', '/devices/pair', { touristId: 't-full', deviceId: 'dev-full' })).status,
    ).toBe(201);
    await call(server.url, 'POST', '/gps/update', {
      touristId: 't-full',
      deviceId: 'dev-full',
      latitude: 25.57,
      longitude: 91.88,
    });
    await call(server.url, 'POST', '/gps/update', {
      touristId: 't-full',
      deviceId: 'dev-full',
      latitude: 25.58,
      longitude: 91.89,
    });
    await call(server.url, 'POST', '/panic-alert', { touristId: 't-full', latitude: 25.58, longitude: 91.89 });

    const { status, body } = await call(server.url, 'GET', '/tourists/t-full');
    expect(status).toBe(200);
    const { profile } = body;
    expect(profile).toMatchObject({ id: 't-full', ...everyField, alertCount: 1 });
    expect(profile.devices).toEqual([
      expect.objectContaining({
        id: 'dev-full',
        lastReport: expect.objectContaining({ latitude: 25.58, longitude: 91.89 }),
      }),
    ]);
    expect(profile.position).toMatchObject({ latitude: 25.58, longitude: 91.89 });
    expect(profile.trail.map((p: { latitude: number }) => p.latitude)).toEqual([25.57, 25.58]);
    expect(profile.alerts).toEqual([expect.objectContaining({ type: 'panic', touristId: 't-full' })]);
    expect(profile.verification).toEqual({ verified: false, bindings: [] });
  });

  it("answers the last 24 hours' trail thinned to one point per 5 minutes before its newest 100, oldest first", async () => {
    await register({ touristId: 't-trail' });
    // A ping every 30 s for 20 hours, and one from yesterday that is out of the window.
    await server.ctx.db.query(
      `insert into gps_pings (ping_key, tourist_id, latitude, longitude, at)
       select 't-trail', 't-trail', 25 + g / 100000.0, 91, now() - g * interval '30 seconds' from generate_series(1, 2400) as g
       union all select 't-trail', 't-trail', 1, 1, now() - interval '25 hours'`,
    );
    const { profile } = (await call(server.url, 'GET', '/tourists/t-trail')).body;
    const times = profile.trail.map((point: { at: string }) => Date.parse(point.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    expect(profile.trail.some((point: { latitude: number }) => point.latitude === 1)).toBe(false);
    expect(profile.trail.at(-1).latitude).toBeCloseTo(25.00001, 6);
    // 20 hours hold 240 slots of 5 minutes; the newest 100 pings (50 minutes) come as sent.
    expect(profile.trail.length).toBeGreaterThanOrEqual(100 + 225);
    expect(profile.trail.length).toBeLessThanOrEqual(100 + 241);
    expect(Date.now() - times[0]).toBeGreaterThan(19.5 * 3600_000);
  });

  it('keeps API.md behaviour: registering again answers 200 and replaces only the fields sent', async () => {
    await register({ touristId: 't-again2', ...everyField });
    const res = await register({ touristId: 't-again2', phone: '+14155550100' });
    expect(res.status).toBe(200);
    const { body } = await call(server.url, 'GET', '/tourists/t-again2');
    expect(body.profile).toMatchObject({ name: 'Asha Rao', phone: '+14155550100', idLast4: '4321', nationality: 'IN' });
  });

  it.each([
    [
      'a 12-digit Aadhaar number as idLast4',
      { idType: 'aadhaar', idLast4: '123456789012' },
      { type: 'aadhaar', last4: '9012' },
      '123456789012',
    ],
    [
      'a spaced Aadhaar number as idLast4',
      { idType: 'aadhaar', idLast4: '1234 5678 9012' },
      { type: 'aadhaar', last4: '9012' },
      '1234 5678 9012',
    ],
    [
      'a passport number longer than 4 as idLast4',
      { idType: 'passport', idLast4: 'K1234567' },
      { type: 'passport', last4: '4567' },
      'K1234567',
    ],
    [
      'a whole number in idNumber',
      { idType: 'passport', idLast4: '4567', idNumber: 'K7654321' },
      { type: 'passport', last4: '4321' },
      'K7654321',
    ],
    [
      'an Aadhaar number in aadhaarNumber',
      { idType: undefined, idLast4: undefined, aadhaarNumber: '123456789012' },
      { type: 'aadhaar', last4: '9012' },
      '123456789012',
    ],
  ])('keeps only the type and last 4 of %s, and says so', async (what, fields, identity, whole) => {
    const touristId = `t-cut-${what.length}-${whole.length}`;
    const res = await register({ ...everyField, touristId, ...fields });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      identity,
      notice: expect.stringContaining(`last 4 characters (${identity.last4})`),
    });
    expect(await rows('select id_type, id_last4 from tourists where id = $1', [touristId])).toEqual([
      { id_type: identity.type, id_last4: identity.last4 },
    ]);
    const stored = JSON.stringify(await rows('select * from tourists'));
    expect(stored).not.toContain(whole);
    expect(stored).not.toContain(whole.replaceAll(' ', ''));
  });

  it('cuts an Aadhaar number hidden in free text to its last 4', async () => {
    const res = await register({
      touristId: 't-hidden',
      name: 'Asha 1234 5678 9012',
      emergencyContacts: [{ name: 'Ravi 2345-6789-0123', phone: '+919812345678' }],
    });
    expect(res.status).toBe(201);
    const [row] = await rows<{ name: string; emergency_contacts: { name: string }[] }>(
      'select name, emergency_contacts from tourists where id = $1',
      ['t-hidden'],
    );
    expect(row).toEqual({
      name: 'Asha XXXX XXXX 9012',
      emergency_contacts: [{ name: 'Ravi XXXX XXXX 0123', phone: '+919812345678' }],
    });
  });

  it.each([
    ['a phone that cannot be a number', { phone: '98765' }, 'phone', /phone must be a phone number/],
    [
      'a contact phone that cannot be a number',
      { emergencyContacts: [{ name: 'Ravi', phone: '0098' }] },
      'emergencyContacts.0.phone',
      /emergencyContacts\.0\.phone must be a phone number/,
    ],
    [
      'a contact string that cannot be a number',
      { emergencyContacts: ['+919812345678', 'Ravi'] },
      'emergencyContacts.1',
      /emergencyContacts\.1 must be a phone number/,
    ],
    [
      'a stop ending before it starts',
      { itinerary: [{ place: 'Shillong', from: '2026-11-24', to: '2026-11-20' }] },
      'itinerary.0.to',
      /itinerary\.0\.to must not be before itinerary\.0\.from/,
    ],
    [
      'stops out of date order',
      {
        itinerary: [
          { place: 'A', from: '2026-11-24', to: '2026-11-25' },
          { place: 'B', from: '2026-11-20', to: '2026-11-21' },
        ],
      },
      'itinerary.1.from',
      /itinerary\.1\.from must not be before itinerary\.0\.from/,
    ],
    [
      'an over-long nationality',
      { nationality: 'x'.repeat(65) },
      'nationality',
      /nationality must be at most 64 characters/,
    ],
    [
      'an over-long contact name',
      { emergencyContacts: [{ name: 'x'.repeat(201), phone: '+919812345678' }] },
      'emergencyContacts.0.name',
      /at most 200 characters/,
    ],
    [
      'idLast4 with fewer than 4 letters or digits',
      { idType: 'passport', idLast4: '12' },
      'idLast4',
      /idLast4 must be the last 4 letters or digits/,
    ],
  ])('answers 400 naming the field for %s, storing nothing', async (_what, fields, field, sentence) => {
    const res = await register({ touristId: 't-bad', ...everyField, ...fields });
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe(field);
    expect(res.body.error).toMatch(sentence);
    expect(await rows('select id from tourists where id = $1', ['t-bad'])).toEqual([]);
  });

  it('keeps a free-text itinerary and phone-string contacts beside the structured ones, and answers them in the profile', async () => {
    await register({ touristId: 't-app-trip', ...everyField });
    await register({
      touristId: 't-app-trip',
      itinerary: 'Guwahati → Shillong → Cherrapunji',
      emergencyContacts: ['+91-9876500001', '098765 00002'],
    });
    const { profile } = (await call(server.url, 'GET', '/tourists/t-app-trip')).body;
    expect(profile).toMatchObject({
      itinerary: everyField.itinerary,
      itineraryNote: 'Guwahati → Shillong → Cherrapunji',
      emergencyContacts: [],
      emergencyPhones: ['+919876500001', '+919876500002'],
    });
  });

  it('answers a tourist who never registered from what is known, marked not registered, and audits the read', async () => {
    await call(server.url, 'POST', '/gps/update', { touristId: 't-sim', latitude: 25.57, longitude: 91.88 });
    await call(server.url, 'POST', '/panic-alert', { touristId: 't-sim', latitude: 25.57, longitude: 91.88 });
    const res = await call(server.url, 'GET', '/tourists/t-sim');
    expect(res.status).toBe(200);
    expect(res.body.profile).toMatchObject({
      id: 't-sim',
      registered: false,
      registeredAt: null,
      name: null,
      phone: null,
      emergencyContacts: [],
      itinerary: [],
      itineraryNote: null,
      emergencyPhones: [],
      alertCount: 1,
      position: { latitude: 25.57, longitude: 91.88 },
    });
    expect(res.body.profile.trail).toHaveLength(1);
    expect(await rows("select action from audit_log where target = 't-sim'")).toEqual([
      { action: 'tourist.profile_read' },
    ]);
    expect((await call(server.url, 'GET', '/tourists/t-full')).body.profile).toMatchObject({
      registered: true,
      registeredAt: expect.any(String),
    });
  });

  it('answers 404 with a sentence for an unknown tourist', async () => {
    const res = await call(server.url, 'GET', '/tourists/t-nobody');
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('No tourist t-nobody: it was never registered, or it was erased.');
  });
});

describe('the Digital ID carries the trip', () => {
  it('puts itinerary and emergencyContacts in the signed claims that /did/verify answers', async () => {
    const issued = await call(server.url, 'POST', '/did/issue', {
      kycType: 'aadhaar',
      kycHash: 'a'.repeat(64),
      itinerary: everyField.itinerary,
      emergencyContacts: everyField.emergencyContacts,
    });
    expect(issued.status).toBe(201);
    const verified = await call(server.url, 'POST', '/did/verify', { token: issued.body.didToken });
    expect(verified.body.claims).toMatchObject({
      itinerary: everyField.itinerary,
      emergencyContacts: everyField.emergencyContacts,
    });
  });

  it('refuses an itinerary out of order on /did/issue too', async () => {
    const res = await call(server.url, 'POST', '/did/issue', {
      kycType: 'aadhaar',
      kycHash: 'a'.repeat(64),
      itinerary: [{ place: 'A', from: '2026-11-24', to: '2026-11-20' }],
    });
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe('itinerary.0.to');
  });
});

describe('reading, exporting and erasing a profile', () => {
  it('appends an audit entry for each read, naming the tourist by id only', async () => {
    await register({ touristId: 't-read', ...everyField });
    await call(server.url, 'GET', '/tourists/t-read');
    const entries = await rows<{ action: string; target: string; detail: object }>(
      "select action, target, detail from audit_log where target = 't-read'",
    );
    expect(entries).toEqual([{ action: 'tourist.profile_read', target: 't-read', detail: {} }]);
  });

  it('exports everything held as an attachment, audited', async () => {
    await register({ touristId: 't-export', ...everyField });
    await call(server.url, 'POST', '/gps/update', { touristId: 't-export', latitude: 26.1, longitude: 91.7 });
    await call(server.url, 'POST', '/panic-alert', { touristId: 't-export', latitude: 26.1, longitude: 91.7 });
    const res = await call(server.url, 'GET', '/tourists/t-export/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="tourist-t-export.json"');
    expect(res.body.tourist).toMatchObject({ id: 't-export', phone: everyField.phone, id_last4: '4321' });
    expect(res.body.pings).toEqual([expect.objectContaining({ latitude: 26.1, longitude: 91.7 })]);
    expect(res.body.incidents).toHaveLength(1);
    expect(
      await rows("select action from audit_log where target = 't-export' and action = 'tourist.export'"),
    ).toHaveLength(1);
  });

  it('erases the person and keeps the incidents anonymised; profile and export then answer 404', async () => {
    await register({ touristId: 't-erase', ...everyField });
    await call(server.url, 'POST', '/devices/pair', { touristId: 't-erase', deviceId: 'dev-erase' });
    await call(server.url, 'POST', '/gps/update', {
      touristId: 't-erase',
      deviceId: 'dev-erase',
      latitude: 25.6,
      longitude: 91.9,
    });
    const panic = await call(server.url, 'POST', '/panic-alert', {
      touristId: 't-erase',
      deviceId: 'dev-erase',
      latitude: 25.6,
      longitude: 91.9,
    });
    const incidentId = panic.body.incident.id;

    const erased = await call(server.url, 'DELETE', '/tourists/t-erase');
    expect(erased.status).toBe(200);
    expect(erased.body).toMatchObject({
      incidents: 1,
      pings: 1,
      devices: 1,
      anonymousId: expect.stringMatching(/^erased-/),
    });

    const [incident] = await rows<{ tourist_id: string; device_id: string | null; latitude: number }>(
      'select tourist_id, device_id, latitude from incidents where id = $1',
      [incidentId],
    );
    expect(incident).toEqual({ tourist_id: erased.body.anonymousId, device_id: null, latitude: 25.6 });
    expect(await rows("select 1 from gps_pings where ping_key in ('t-erase', 'dev-erase')")).toEqual([]);
    expect(await rows("select 1 from devices where id = 'dev-erase'")).toEqual([]);
    expect(JSON.stringify(await rows('select * from incidents where id = $1', [incidentId]))).not.toContain('Asha');
    expect((await call(server.url, 'GET', '/tourists/t-erase')).status).toBe(404);
    expect((await call(server.url, 'GET', '/tourists/t-erase/export')).status).toBe(404);
    expect((await call(server.url, 'DELETE', '/tourists/t-erase')).status).toBe(404);

    const [audit] = await rows<{ target: string; detail: object }>(
      "select target, detail from audit_log where action = 'tourist.erase'",
    );
    expect(audit).toEqual({ target: erased.body.anonymousId, detail: { incidents: 1, pings: 1, devices: 1 } });
  });

  it('announces the erasure on the stream (tourist_erased, with the device ids and the anonymous id), so open dashboards drop the person', async () => {
    await register({ touristId: 't-gone', ...everyField });
    await call(server.url, 'POST', '/devices/pair', { touristId: 't-gone', deviceId: 'dev-gone' });
    await call(server.url, 'POST', '/gps/update', {
      touristId: 't-gone',
      deviceId: 'dev-gone',
      latitude: 25.6,
      longitude: 91.9,
    });
    const stream = await openStream(`${server.url}/panic-alerts/stream`);
    try {
      await stream.waitForMessages(1);
      const erased = await call(server.url, 'DELETE', '/tourists/t-gone');
      expect(erased.status).toBe(200);
      expect(erased.body).not.toHaveProperty('pingKeys');
      const message = await stream.waitFor((m) => m.data.type === 'tourist_erased');
      expect(message.data).toEqual({
        type: 'tourist_erased',
        touristId: 't-gone',
        pingKeys: ['t-gone', 'dev-gone'],
        anonymousId: erased.body.anonymousId,
      });
    } finally {
      stream.close();
    }
  });

  it("replaces the id where an incident's meta holds it as a value, whatever the id, and nothing else", async () => {
    await register({ touristId: 't' });
    const panic = await call(server.url, 'POST', '/panic-alert', { touristId: 't', latitude: 25.6, longitude: 91.9 });
    await server.ctx.db.query(
      `update incidents set meta = '{"test": true, "for": "t", "note": "t went out"}' where id = $1`,
      [panic.body.incident.id],
    );
    const erased = await call(server.url, 'DELETE', '/tourists/t');
    expect(erased.status).toBe(200);
    const [incident] = await rows<{ meta: object }>('select meta from incidents where id = $1', [
      panic.body.incident.id,
    ]);
    expect(incident.meta).toEqual({ test: true, for: erased.body.anonymousId, note: 't went out' });
  });
});
