// A zone decides the region of every panic inside it: one in a made-up region would take those panics out
// of every operator's region filter, so a zone must name a region /regions lists, and only a supervisor writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Region } from '../../../src/api/entities.ts';
import { signedInAs } from '../../helpers/auth.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

const square: [number, number][] = [
  [33, 33],
  [33, 33.01],
  [33.01, 33.01],
  [33.01, 33],
];
const SEEDED_REGIONS = ['bengaluru', 'default', 'guwahati', 'shillong'];

async function storedZone(
  server: TestServer,
  id: string,
): Promise<{ region_id: string; risk_level: string } | undefined> {
  const { rows } = await server.ctx.db.query<{ region_id: string; risk_level: string }>(
    'select region_id, risk_level from geofences where id = $1',
    [id],
  );
  return rows[0];
}

async function zoneSaves(server: TestServer): Promise<number> {
  const { rows } = await server.ctx.db.query<{ n: number }>(
    "select count(*)::int as n from audit_log where action = 'geofence.save'",
  );
  return rows[0].n;
}

describe('POST /geofences: regionId', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.stop());
  const save = (body: unknown) => call(server.url, 'POST', '/geofences', body);

  it('a fresh server knows the seeded regions, and takes a zone in each', async () => {
    const regions = await call(server.url, 'GET', '/regions');
    const ids = regions.body.regions.map((region: unknown) => Region.parse(region).id);
    expect(ids).toEqual(SEEDED_REGIONS);
    for (const regionId of ids) {
      const saved = await save({ id: `gf-in-${regionId}`, riskLevel: 'yellow', regionId, polygon: square });
      expect([regionId, saved.status, saved.body.geofence?.regionId]).toEqual([regionId, 201, regionId]);
    }
  });

  it('puts a zone sent without regionId in region `default`, which /regions lists', async () => {
    const saved = await save({ id: 'gf-no-region', riskLevel: 'green', polygon: square });
    expect(saved.status).toBe(201);
    expect(saved.body.geofence.regionId).toBe('default');
    expect((await storedZone(server, 'gf-no-region'))?.region_id).toBe('default');
  });

  it.each(['void', 'Shillong', 'shillong-2'])(
    'refuses regionId %j with 400 naming the field and the known ids, storing nothing',
    async (regionId) => {
      const auditedBefore = await zoneSaves(server);
      const res = await save({ id: 'gf-unknown-region', riskLevel: 'red', regionId, polygon: square });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ ok: false, issues: [{ path: 'regionId' }] });
      expect(res.body.error).toMatch(/regionId/);
      for (const known of SEEDED_REGIONS) expect(res.body.error).toContain(known);
      expect(await storedZone(server, 'gf-unknown-region')).toBeUndefined();
      expect(await zoneSaves(server)).toBe(auditedBefore);
    },
  );

  it('leaves a zone as it was when an overwrite names an unknown region', async () => {
    expect((await save({ id: 'gf-kept', riskLevel: 'yellow', regionId: 'guwahati', polygon: square })).status).toBe(
      201,
    );
    const auditedBefore = await zoneSaves(server);
    const res = await save({ id: 'gf-kept', riskLevel: 'red', regionId: 'void', polygon: square });
    expect(res.status).toBe(400);
    expect(await storedZone(server, 'gf-kept')).toEqual({ region_id: 'guwahati', risk_level: 'yellow' });
    expect(await zoneSaves(server)).toBe(auditedBefore);
  });
});

describe('POST /geofences with sign-in on', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ auth: 'on' });
  });
  afterAll(() => server.stop());
  const zone = (id: string) => ({ id, riskLevel: 'red', regionId: 'shillong', polygon: square });

  it('lets a supervisor write a zone, recorded with their name and role', async () => {
    const cookie = await signedInAs(server, 'supervisor', 'zone-supervisor');
    const res = await call(server.url, 'POST', '/geofences', zone('gf-by-supervisor'), { cookie });
    expect(res.status).toBe(201);
    expect(await storedZone(server, 'gf-by-supervisor')).toEqual({ region_id: 'shillong', risk_level: 'red' });
    const { rows } = await server.ctx.db.query<{ actor: string; role: string }>(
      "select actor, role from audit_log where action = 'geofence.save' and target = 'gf-by-supervisor'",
    );
    expect(rows).toEqual([{ actor: 'zone-supervisor', role: 'supervisor' }]);
  });

  it('refuses an operator with 403 and stores nothing', async () => {
    const cookie = await signedInAs(server, 'operator', 'zone-operator');
    const res = await call(server.url, 'POST', '/geofences', zone('gf-by-operator'), { cookie });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ ok: false, error: expect.stringMatching(/supervisor/) });
    expect(await storedZone(server, 'gf-by-operator')).toBeUndefined();
  });

  it('refuses nobody signed in with 401 and stores nothing', async () => {
    const res = await call(server.url, 'POST', '/geofences', zone('gf-by-nobody'));
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ ok: false, error: expect.any(String) });
    expect(await storedZone(server, 'gf-by-nobody')).toBeUndefined();
  });
});
