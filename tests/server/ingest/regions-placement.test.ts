// Where a panic outside every zone is filed (issue 31): under the region whose boundary holds it, the smallest
// where boundaries overlap, `default` outside every boundary; a zone still decides first. The boundaries are
// drawn here as an admin would: a fresh install has none (issue 46). And the seeded regions carry India's
// numbers, their state's tourism line, and a night-time count in their time zone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoRegions } from '../../../server/simulate/places.ts';
import { Region } from '../../../src/api/entities.ts';
import { boundaryProblem } from '../../../src/domain/boundary-checks.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';
import { createAssam, drawBoundary } from '../support/regions.ts';

/** Between Police Bazar and Ward's Lake: inside Shillong's boundary, outside the demo's zones. */
const SHILLONG_STREET = { latitude: 25.59, longitude: 91.9 };
/** Pan Bazar, Guwahati: inside both Guwahati's and Assam's boundaries. */
const GUWAHATI_STREET = { latitude: 26.185, longitude: 91.75 };
/** Kaziranga: inside Assam's boundary only. */
const KAZIRANGA = { latitude: 26.58, longitude: 93.17 };
const square = (lat: number, lng: number, half = 0.005): [number, number][] => [
  [lat - half, lng - half],
  [lat - half, lng + half],
  [lat + half, lng + half],
  [lat + half, lng - half],
];

describe('the region of a point outside every zone', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    await drawBoundary(server, 'shillong');
    await drawBoundary(server, 'guwahati');
    await createAssam(server);
  });
  afterAll(() => server.stop());
  const panicAt = async (point: { latitude: number; longitude: number }) => {
    const answer = await call(server.url, 'POST', '/panic-alert', point);
    expect(answer.status).toBe(201);
    return answer.body as {
      incident: { regionId: string; meta: Record<string, unknown> };
      alert: { regionId: string };
    };
  };

  it('files a panic in Shillong outside every zone under shillong, alert and incident alike', async () => {
    const { incident, alert } = await panicAt(SHILLONG_STREET);
    expect([incident.regionId, alert.regionId]).toEqual(['shillong', 'shillong']);
    expect(incident.meta).not.toHaveProperty('geofenceId');
  });

  it('files a soft alert inside a boundary under that region too', async () => {
    const answer = await call(server.url, 'POST', '/soft-alert', { ...SHILLONG_STREET, type: 'low_battery' });
    expect(answer.body.incident.regionId).toBe('shillong');
  });

  it('where boundaries overlap the smallest wins: Guwahati inside Assam is guwahati, Kaziranga is assam', async () => {
    expect((await panicAt(GUWAHATI_STREET)).incident.regionId).toBe('guwahati');
    expect((await panicAt(KAZIRANGA)).incident.regionId).toBe('assam');
  });

  it('outside every boundary the panic goes to default, as API.md says', async () => {
    expect((await panicAt({ latitude: -33.9, longitude: -70.6 })).incident.regionId).toBe('default');
  });

  it('a zone still decides first, even one of another region inside the boundary', async () => {
    await call(server.url, 'POST', '/geofences', {
      id: 'gf-in-shillong',
      riskLevel: 'yellow',
      regionId: 'bengaluru',
      polygon: square(25.6, 91.92),
    });
    const { incident } = await panicAt({ latitude: 25.6, longitude: 91.92 });
    expect(incident.regionId).toBe('bengaluru');
    expect(incident.meta.geofenceId).toBe('gf-in-shillong');
  });

  it('a region drawn now takes the next panic inside it, at once', async () => {
    const island = { latitude: 10.5, longitude: 72.6 };
    expect((await panicAt(island)).incident.regionId).toBe('default');
    const created = await call(server.url, 'POST', '/regions', {
      id: 'lakshadweep',
      name: 'Lakshadweep',
      timeZone: 'Asia/Kolkata',
      homeView: { center: [10.5, 72.6], zoom: 9 },
      boundary: square(10.5, 72.6, 0.5),
      contacts: [{ label: 'Emergency', phone: '112', kind: 'emergency' }],
    });
    expect(created.status).toBe(201);
    expect((await panicAt(island)).incident.regionId).toBe('lakshadweep');
  });
});

describe('the seeded regions', () => {
  let server: TestServer;
  let regions: Region[];
  beforeAll(async () => {
    server = await startTestServer();
    regions = (await call(server.url, 'GET', '/regions')).body.regions.map((region: unknown) => Region.parse(region));
  });
  afterAll(() => server.stop());

  it.each(['default', 'shillong', 'guwahati', 'bengaluru'])("%s carries India's numbers, each with its kind", (id) => {
    const region = regions.find((candidate) => candidate.id === id)!;
    const byKind = Object.fromEntries(region.contacts.map((contact) => [contact.kind, contact.phone]));
    expect(byKind).toMatchObject({
      emergency: '112',
      police: '100',
      fire: '101',
      ambulance: '108',
      disaster: '1070',
      womens_helpline: '181',
    });
    expect(region.timeZone).toBe('Asia/Kolkata');
  });

  it("the north-eastern regions carry their state's tourism line and a home view on the city, and no region a boundary", () => {
    const tourism = Object.fromEntries(
      regions.map((region) => [region.id, region.contacts.find((contact) => contact.kind === 'tourism')?.phone]),
    );
    expect(tourism).toMatchObject({ shillong: '1800-599-2026', guwahati: '+91-361-2547102' });
    expect(regions.map((region) => [region.id, region.boundary])).toEqual([
      ['bengaluru', null],
      ['default', null],
      ['guwahati', null],
      ['shillong', null],
    ]);
    expect(regions.find((region) => region.id === 'shillong')!.homeView).toEqual({
      center: [25.5788, 91.8933],
      zoom: 13,
    });
  });

  it("the demo's outlines, which these tests draw, pass the boundary checks", () => {
    for (const { id, boundary } of demoRegions) expect([id, boundaryProblem(boundary)]).toEqual([id, undefined]);
  });

  it("the night count of the safety credit follows a region's time zone as edited", async () => {
    // 20:00 UTC is 01:30 in Kolkata (night) and 20:00 in London (not night).
    await call(server.url, 'POST', '/regions', {
      id: 'tz-town',
      name: 'TZ town',
      timeZone: 'Asia/Kolkata',
      homeView: { center: [0, 0], zoom: 3 },
      boundary: null,
      contacts: [],
    });
    await server.ctx.db.query(
      `insert into incidents (id, type, severity, status, latitude, longitude, created_at, region_id, meta)
       values ('tz-1', 'panic', 'high', 'open', 0, 0, (date_trunc('day', now() at time zone 'UTC') - interval '4 hours') at time zone 'UTC', 'tz-town', '{}')`,
    );
    const nightCount = async () =>
      (await call(server.url, 'GET', '/safety-credit?regionId=tz-town')).body.inputs.nightCount;
    expect(await nightCount()).toBe(1);
    await call(server.url, 'PUT', '/regions/tz-town', {
      name: 'TZ town',
      timeZone: 'Europe/London',
      homeView: { center: [0, 0], zoom: 3 },
      boundary: null,
      contacts: [],
    });
    expect(await nightCount()).toBe(0);
  });
});
