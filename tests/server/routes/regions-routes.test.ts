// Regions set up from the console (issue 31): an admin creates and edits them; every field is checked with a
// sentence naming it, nothing half-stored; each write is audited with before and after and announced on the stream.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeViewOf } from '../../../src/domain/region-home-view.ts';
import { signedInAs } from '../../helpers/auth.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';
import { openStream } from '../../helpers/sse.ts';

const HILL_TOWN = {
  id: 'tawang',
  name: 'Tawang',
  timeZone: 'Asia/Kolkata',
  homeView: { center: [27.586, 91.859], zoom: 13 },
  boundary: [
    [27.62, 91.82],
    [27.62, 91.9],
    [27.55, 91.9],
    [27.55, 91.82],
  ],
  contacts: [
    { label: 'Emergency', phone: '112', kind: 'emergency' },
    { label: 'Tawang police station', phone: '+91-3794-222244', kind: 'police', position: [27.588, 91.865] },
  ],
};

describe('POST /regions and PUT /regions/:id', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());
  const send = (method: string, path: string, body: unknown) => call(server.url, method, path, body);
  const storedIds = async () =>
    (await call(server.url, 'GET', '/regions')).body.regions.map((region: { id: string }) => region.id);

  it("creates a region that GET /regions lists with API.md's fields and the new ones", async () => {
    const created = await send('POST', '/regions', HILL_TOWN);
    expect(created.status).toBe(201);
    const listed = (await call(server.url, 'GET', '/regions')).body.regions.find(
      (region: { id: string }) => region.id === 'tawang',
    );
    expect(listed).toEqual({ ...HILL_TOWN, center: [27.586, 91.859], updatedAt: expect.any(String) });
    // The reference phone app reads label and phone.
    expect(
      listed.contacts.map((contact: { label: string; phone: string }) => `${contact.label}: ${contact.phone}`),
    ).toEqual(['Emergency: 112', 'Tawang police station: +91-3794-222244']);
  });

  it('edits every field but the id, and answers 404 for an unknown region', async () => {
    const { id: _id, ...fields } = HILL_TOWN;
    const edited = await send('PUT', '/regions/tawang', {
      ...fields,
      name: 'Tawang district',
      timeZone: 'Asia/Thimphu',
      contacts: [{ label: 'Fire', phone: '101', kind: 'fire' }],
    });
    expect(edited.status).toBe(200);
    expect(edited.body.region).toMatchObject({
      id: 'tawang',
      name: 'Tawang district',
      timeZone: 'Asia/Thimphu',
      contacts: [{ label: 'Fire', phone: '101', kind: 'fire' }],
    });
    const missing = await send('PUT', '/regions/atlantis', fields);
    expect(missing.status).toBe(404);
    expect(missing.body.error).toBe('No region has id atlantis; create it with POST /regions.');
  });

  it.each([
    [
      'a time zone Intl does not know',
      { timeZone: 'Asia/Atlantis' },
      'timeZone',
      'Invalid request body: timeZone must be an IANA time zone name such as Asia/Kolkata.',
    ],
    [
      'an offset for a time zone',
      { timeZone: '+05:30' },
      'timeZone',
      'Invalid request body: timeZone must be an IANA time zone name such as Asia/Kolkata.',
    ],
    [
      'an unknown contact kind',
      { contacts: [{ label: 'Coast guard', phone: '1554', kind: 'coast_guard' }] },
      'contacts.0.kind',
      'Invalid request body: contacts.0.kind must be one of emergency, police, ambulance, fire, disaster, womens_helpline, tourism.',
    ],
    [
      'a boundary of two distinct points',
      {
        boundary: [
          [27.6, 91.8],
          [27.6, 91.9],
          [27.6, 91.8],
        ],
      },
      'boundary',
      'Invalid request body: boundary must have at least 3 distinct points (it has 2).',
    ],
    [
      'a boundary that crosses itself',
      {
        boundary: [
          [27.6, 91.8],
          [27.5, 91.9],
          [27.6, 91.9],
          [27.5, 91.8],
        ],
      },
      'boundary',
      'Invalid request body: boundary must not cross itself (edges 1 and 3 meet).',
    ],
    [
      'a boundary point out of range',
      {
        boundary: [
          [27.6, 91.8],
          [97.6, 91.9],
          [27.5, 91.9],
        ],
      },
      'boundary',
      'Invalid request body: boundary.1 must have latitude in [-90, 90] and longitude in [-180, 180].',
    ],
    [
      'a station position out of range',
      { contacts: [{ label: 'Police', phone: '100', kind: 'police', position: [27.6, 191.8] }] },
      'contacts.0.position',
      'Invalid request body: contacts.0.position must have latitude in [-90, 90] and longitude in [-180, 180].',
    ],
    [
      'a home view zoomed past 22',
      { homeView: { center: [27.586, 91.859], zoom: 30 } },
      'homeView.zoom',
      'Invalid request body: homeView.zoom must be between 0 and 22.',
    ],
  ])('refuses %s with a 400 naming the field, storing nothing', async (_case, change, path, sentence) => {
    const answer = await send('POST', '/regions', { ...HILL_TOWN, id: 'refused', ...change });
    expect(answer.status).toBe(400);
    expect(answer.body.error).toBe(sentence);
    expect(answer.body.issues[0].path).toBe(path);
    expect(await storedIds()).not.toContain('refused');
  });

  it("takes a missing home view from the boundary, or the spec's centre without one; a PUT without one keeps the stored view", async () => {
    const { id: _id, homeView: _homeView, ...withoutHome } = HILL_TOWN;
    const onBoundary = await send('POST', '/regions', { ...withoutHome, id: 'home-on-boundary' });
    expect(onBoundary.status).toBe(201);
    expect(onBoundary.body.region.homeView).toEqual(homeViewOf(HILL_TOWN.boundary as [number, number][]));
    const [lat, lng] = onBoundary.body.region.homeView.center;
    expect([lat > 27.55 && lat < 27.62, lng > 91.82 && lng < 91.9]).toEqual([true, true]);
    const nowhere = await send('POST', '/regions', { ...withoutHome, id: 'home-nowhere', boundary: null });
    expect(nowhere.body.region.homeView).toEqual({ center: [20.5937, 78.9629], zoom: 5 });
    const edited = await send('PUT', '/regions/home-nowhere', { ...withoutHome, name: 'Renamed' });
    expect(edited.status).toBe(200);
    expect(edited.body.region).toMatchObject({ name: 'Renamed', homeView: { center: [20.5937, 78.9629], zoom: 5 } });
  });

  it('refuses a duplicate id with a sentence naming it, keeping the first region', async () => {
    const duplicate = await send('POST', '/regions', { ...HILL_TOWN, id: 'shillong', name: 'Impostor' });
    expect(duplicate.status).toBe(400);
    expect(duplicate.body.error).toBe(
      'Invalid request body: id shillong is taken: a region with this id exists (edit it with PUT /regions/shillong).',
    );
    const shillong = (await call(server.url, 'GET', '/regions')).body.regions.find(
      (region: { id: string }) => region.id === 'shillong',
    );
    expect(shillong.name).toBe('Shillong');
  });

  it('audits a create and an edit with what was there before and after', async () => {
    const { id: _id, ...fields } = HILL_TOWN;
    await send('POST', '/regions', { ...HILL_TOWN, id: 'audited' });
    await send('PUT', '/regions/audited', { ...fields, name: 'Audited again' });
    const { entries } = (await call(server.url, 'GET', '/audit?limit=5')).body;
    const mine = entries.filter((entry: { target: string }) => entry.target === 'audited');
    expect(mine.map((entry: { action: string }) => entry.action)).toEqual(['region.update', 'region.create']);
    expect(mine[0].detail).toMatchObject({ before: { name: 'Tawang' }, after: { name: 'Audited again' } });
    expect(mine[1].detail).toMatchObject({ before: null, after: { id: 'audited', name: 'Tawang' } });
  });

  it('announces the change on the stream as region_update, so open dashboards read it without a reload', async () => {
    const stream = await openStream(`${server.url}/panic-alerts/stream`);
    try {
      await stream.waitForMessages(1);
      const { id: _id, ...fields } = HILL_TOWN;
      await send('PUT', '/regions/tawang', {
        ...fields,
        contacts: [{ label: "Women's helpline", phone: '181', kind: 'womens_helpline' }],
      });
      const message = await stream.waitFor((m) => m.data.type === 'region_update');
      expect(message.data.region).toMatchObject({
        id: 'tawang',
        contacts: [{ label: "Women's helpline", phone: '181', kind: 'womens_helpline' }],
      });
    } finally {
      stream.close();
    }
  });
});

describe('regions with sign-in on', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ auth: 'on', adminPassword: 'regions admin password', logLevel: 'error' });
  });
  afterAll(() => server.stop());

  it('lets an admin create a region, audited under their name, and refuses a supervisor', async () => {
    const supervisor = await signedInAs(server, 'supervisor', 'sam');
    const refused = await call(
      server.url,
      'POST',
      '/regions',
      { ...HILL_TOWN, id: 'by-supervisor' },
      { cookie: supervisor },
    );
    expect(refused.status).toBe(403);
    const admin = await signedInAs(server, 'admin', 'ada');
    const created = await call(server.url, 'POST', '/regions', { ...HILL_TOWN, id: 'by-admin' }, { cookie: admin });
    expect(created.status).toBe(201);
    const { entries } = (await call(server.url, 'GET', '/audit?action=region.create', undefined, { cookie: admin }))
      .body;
    expect(entries[0]).toMatchObject({ actor: 'ada', role: 'admin', target: 'by-admin' });
  });
});
