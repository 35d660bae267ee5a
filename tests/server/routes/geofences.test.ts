import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Geofence } from '../../../src/api/entities.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const triangle: [number, number][] = [
  [12.97, 77.59],
  [12.98, 77.6],
  [12.96, 77.61],
];

function save(body: unknown) {
  return call(server.url, 'POST', '/geofences', body);
}

async function geofenceCount(): Promise<number> {
  const { rows } = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from geofences');
  return rows[0].n;
}

describe('POST /geofences', () => {
  it('creates a zone with 201, generating id, name and region when absent', async () => {
    const res = await save({ riskLevel: 'green', polygon: triangle });
    expect(res.status).toBe(201);
    const geofence = Geofence.parse(res.body.geofence);
    expect(geofence.id).toMatch(/^gf-[0-9a-f-]{36}$/);
    expect(geofence).toEqual({
      id: geofence.id,
      name: geofence.id,
      riskLevel: 'green',
      regionId: 'default',
      polygon: triangle,
      meta: {},
      // Beyond API.md (issue 31): the version a later PUT names in If-Match, and who saved it when.
      version: 1,
      updatedBy: 'anonymous',
      updatedAt: geofence.updatedAt,
    });
  });

  it('gives each generated zone its own id', async () => {
    const a = await save({ riskLevel: 'green', polygon: triangle });
    const b = await save({ riskLevel: 'green', polygon: triangle });
    expect(a.body.geofence.id).not.toBe(b.body.geofence.id);
  });

  it('replaces a zone by id with 200 and keeps its meta when the update sends none', async () => {
    const created = await save({
      id: 'gf-market',
      name: 'Market',
      riskLevel: 'yellow',
      regionId: 'shillong',
      polygon: triangle,
      meta: { placeId: 'police-bazaar' },
    });
    expect(created.status).toBe(201);
    const moved: [number, number][] = [
      [25.57, 91.88],
      [25.58, 91.89],
      [25.56, 91.9],
    ];
    const replaced = await save({
      id: 'gf-market',
      name: 'Market (night)',
      riskLevel: 'red',
      regionId: 'shillong',
      polygon: moved,
    });
    expect(replaced.status).toBe(200);
    expect(replaced.body.geofence).toEqual({
      id: 'gf-market',
      name: 'Market (night)',
      riskLevel: 'red',
      regionId: 'shillong',
      polygon: moved,
      meta: { placeId: 'police-bazaar' },
      version: 2,
      updatedBy: 'anonymous',
      updatedAt: replaced.body.geofence.updatedAt,
    });
    const listed = await call(server.url, 'GET', '/geofences?regionId=shillong');
    expect(listed.body.geofences).toContainEqual(replaced.body.geofence);
  });

  it('replaces meta when the update sends one', async () => {
    await save({ id: 'gf-meta', riskLevel: 'green', polygon: triangle, meta: { placeId: 'a' } });
    const res = await save({
      id: 'gf-meta',
      riskLevel: 'green',
      polygon: triangle,
      meta: { placeId: 'b', note: 'kept' },
    });
    expect(res.body.geofence.meta).toEqual({ placeId: 'b', note: 'kept' });
  });

  it('uses the moved polygon for placing alerts after a replace', async () => {
    await save({
      id: 'gf-moving',
      riskLevel: 'red',
      regionId: 'guwahati',
      polygon: [
        [40, 40],
        [40, 41],
        [41, 41],
        [41, 40],
      ],
    });
    await save({
      id: 'gf-moving',
      riskLevel: 'red',
      regionId: 'guwahati',
      polygon: [
        [42, 42],
        [42, 43],
        [43, 43],
        [43, 42],
      ],
    });
    const outside = await call(server.url, 'POST', '/panic-alert', { latitude: 40.5, longitude: 40.5 });
    const inside = await call(server.url, 'POST', '/panic-alert', { latitude: 42.5, longitude: 42.5 });
    expect(outside.body.incident.regionId).toBe('default');
    expect(inside.body.incident.meta.geofenceId).toBe('gf-moving');
  });

  it.each([
    ['two points', { riskLevel: 'red', polygon: triangle.slice(0, 2) }, 'polygon'],
    [
      'a point off the globe',
      {
        riskLevel: 'red',
        polygon: [
          [91, 0],
          [0, 1],
          [1, 1],
        ],
      },
      'polygon.0.0',
    ],
    [
      'a point given as strings',
      {
        riskLevel: 'red',
        polygon: [
          ['12.9', '77.5'],
          [0, 1],
          [1, 1],
        ],
      },
      'polygon.0.0',
    ],
    ['an unknown risk level', { riskLevel: 'purple', polygon: triangle }, 'riskLevel'],
    ['no polygon', { riskLevel: 'red' }, 'polygon'],
    ['meta that is not an object', { riskLevel: 'red', polygon: triangle, meta: 'x' }, 'meta'],
  ])('rejects %s with 400 naming the field, storing nothing', async (_name, body, field) => {
    const before = await geofenceCount();
    const res = await save(body);
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(field);
    expect(await geofenceCount()).toBe(before);
  });

  it('refuses an outline of 2 distinct points (3 given, the last repeating the first) with a sentence naming polygon', async () => {
    const before = await geofenceCount();
    const res = await save({
      id: 'gf-flat',
      riskLevel: 'red',
      polygon: [
        [12.97, 77.59],
        [12.98, 77.6],
        [12.97, 77.59],
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      ok: false,
      error: 'Invalid request body: polygon must have at least 3 distinct points; it has 2.',
      issues: [{ path: 'polygon' }],
    });
    expect(await geofenceCount()).toBe(before);
  });
});

describe('GET /geofences', () => {
  it('lists every zone, or one region’s', async () => {
    await save({ id: 'gf-g1', riskLevel: 'red', regionId: 'guwahati', polygon: triangle });
    const all = await call(server.url, 'GET', '/geofences');
    expect(all.status).toBe(200);
    expect(all.body.geofences.length).toBe(await geofenceCount());
    const one = await call(server.url, 'GET', '/geofences?regionId=guwahati');
    expect(one.body.geofences.length).toBeGreaterThan(0);
    expect(one.body.geofences.every((g: Geofence) => g.regionId === 'guwahati')).toBe(true);
    expect(one.body.geofences.map((g: Geofence) => g.id)).toContain('gf-g1');
  });
});
