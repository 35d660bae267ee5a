// Editing a zone from the console (issue 31): PUT and DELETE /geofences/:id with If-Match, the 409 that
// names who saved last, audit entries with before and after, the stream's geofence_update, and ingest
// following the change at once.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../helpers/auth.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';
import { openStream, type SseConnection } from '../../helpers/sse.ts';

let server: TestServer;
let alice: string;
let bob: string;
let stream: SseConnection;

const square = (lat: number, lng: number, size = 0.01): [number, number][] => [
  [lat, lng],
  [lat + size, lng],
  [lat + size, lng + size],
  [lat, lng + size],
];
const zone = (id: string, polygon = square(25.57, 91.88)) => ({
  id,
  name: `Zone ${id}`,
  riskLevel: 'red',
  regionId: 'shillong',
  polygon,
  meta: { placeId: 'police-bazar' },
});
const put = (id: string, body: unknown, headers: Record<string, string>) =>
  call(server.url, 'PUT', `/geofences/${id}`, body, headers);
const del = (id: string, headers: Record<string, string>) =>
  call(server.url, 'DELETE', `/geofences/${id}`, undefined, headers);

async function create(id: string, polygon?: [number, number][]) {
  const created = await call(server.url, 'POST', '/geofences', zone(id, polygon), { cookie: alice });
  expect(created.status).toBe(201);
  return created.body.geofence;
}

async function auditOf(target: string) {
  const { rows } = await server.ctx.db.query<{ action: string; actor: string; detail: { previous: any; saved: any } }>(
    'select action, actor, detail from audit_log where target = $1 order by seq',
    [target],
  );
  return rows;
}

beforeAll(async () => {
  server = await startTestServer({ auth: 'on' });
  alice = await signedInAs(server, 'supervisor', 'alice');
  bob = await signedInAs(server, 'supervisor', 'bob');
  stream = await openStream(`${server.url}/panic-alerts/stream`, undefined, { cookie: alice });
});
afterAll(async () => {
  stream?.close();
  await server?.stop();
});

describe('PUT /geofences/:id', () => {
  it('replaces the zone named by its current version, answers version 2 with its ETag, and GET lists it', async () => {
    const created = await create('gf-edit');
    expect(created).toMatchObject({ version: 1, updatedBy: 'alice' });
    const moved = square(25.6, 91.9);
    const res = await put(
      'gf-edit',
      { ...zone('gf-edit', moved), name: "Ward's Lake", riskLevel: 'yellow' },
      { cookie: bob, 'if-match': '"1"' },
    );
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe('"2"');
    expect(res.body.geofence).toMatchObject({
      id: 'gf-edit',
      name: "Ward's Lake",
      riskLevel: 'yellow',
      polygon: moved,
      version: 2,
      updatedBy: 'bob',
    });
    const listed = await call(server.url, 'GET', '/geofences?regionId=shillong', undefined, { cookie: alice });
    expect(listed.body.geofences).toContainEqual(res.body.geofence);
  });

  it('accepts the version as 3, "3" or W/"3"', async () => {
    await create('gf-tags');
    for (const [version, tag] of [
      [1, '1'],
      [2, '"2"'],
      [3, 'W/"3"'],
    ] as const) {
      const res = await put('gf-tags', zone('gf-tags'), { cookie: alice, 'if-match': tag });
      expect([tag, res.status, res.body.geofence.version]).toEqual([tag, 200, version + 1]);
    }
  });

  it('a stale version answers 409 naming who saved last and when, with their zone to reload, and changes nothing', async () => {
    await create('gf-race');
    const bobs = await put('gf-race', { ...zone('gf-race'), name: "Bob's outline" }, { cookie: bob, 'if-match': '1' });
    expect(bobs.status).toBe(200);
    const alices = await put(
      'gf-race',
      { ...zone('gf-race'), name: "Alice's outline" },
      { cookie: alice, 'if-match': '1' },
    );
    expect(alices.status).toBe(409);
    expect(alices.body.error).toBe(
      `Zone "Bob's outline" was changed by bob at ${bobs.body.geofence.updatedAt} (version 2); reload their version before saving.`,
    );
    expect(alices.body.geofence).toEqual(bobs.body.geofence);
    const [stored] = (
      await call(server.url, 'GET', '/geofences?regionId=shillong', undefined, { cookie: alice })
    ).body.geofences.filter((z: { id: string }) => z.id === 'gf-race');
    expect(stored).toEqual(bobs.body.geofence);
  });

  it('without If-Match answers 428 with a sentence, and a malformed one 400 naming the header', async () => {
    await create('gf-blind');
    const blind = await put('gf-blind', zone('gf-blind'), { cookie: alice });
    expect(blind.status).toBe(428);
    expect(blind.body.error).toMatch(/^If-Match is required: send the zone's version/);
    const malformed = await put('gf-blind', zone('gf-blind'), { cookie: alice, 'if-match': 'yesterday' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.issues).toEqual([
      { path: 'If-Match', message: expect.stringMatching(/^If-Match must be the zone's version/) },
    ]);
  });

  it('refuses an outline of 2 distinct points, a self-intersecting one, an area over 5,000 km² and an unknown region with 400, naming the field', async () => {
    await create('gf-bad');
    const flat = await put(
      'gf-bad',
      {
        ...zone('gf-bad'),
        polygon: [
          [25.57, 91.88],
          [25.58, 91.89],
          [25.57, 91.88],
        ],
      },
      { cookie: alice, 'if-match': '1' },
    );
    expect([flat.status, flat.body.issues[0].path]).toEqual([400, 'polygon']);
    expect(flat.body.error).toBe('Invalid request body: polygon must have at least 3 distinct points; it has 2.');
    const bowtie = [
      [25.57, 91.88],
      [25.58, 91.89],
      [25.58, 91.88],
      [25.57, 91.89],
    ];
    const crossing = await put('gf-bad', { ...zone('gf-bad'), polygon: bowtie }, { cookie: alice, 'if-match': '1' });
    expect(crossing.status).toBe(400);
    expect(crossing.body.error).toBe(
      'Invalid request body: polygon crosses itself: the edge from point 1 to point 2 meets the edge from point 3 to point 4.',
    );
    const huge = await put(
      'gf-bad',
      { ...zone('gf-bad'), polygon: square(25, 91, 1) },
      { cookie: alice, 'if-match': '1' },
    );
    expect([huge.status, huge.body.issues[0].path]).toEqual([400, 'polygon']);
    expect(huge.body.error).toMatch(/polygon covers [\d,.]+ km²; a zone may cover at most 5,000 km²/);
    const nowhere = await put(
      'gf-bad',
      { ...zone('gf-bad'), regionId: 'atlantis' },
      { cookie: alice, 'if-match': '1' },
    );
    expect([nowhere.status, nowhere.body.issues[0].path]).toEqual([400, 'regionId']);
    expect((await auditOf('gf-bad')).map((entry) => entry.action)).toEqual(['geofence.save']);
  });

  it('answers 404 for a zone that does not exist', async () => {
    const res = await put('gf-never', zone('gf-never'), { cookie: alice, 'if-match': '1' });
    expect(res.status).toBe(404);
    expect(res.body.error).toBe('No zone has id "gf-never"; create it with POST /geofences.');
  });
});

describe('DELETE /geofences/:id', () => {
  it('deletes with the current version only, and a second delete answers 404', async () => {
    await create('gf-gone');
    await put('gf-gone', zone('gf-gone'), { cookie: bob, 'if-match': '1' });
    const stale = await del('gf-gone', { cookie: alice, 'if-match': '1' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatch(
      /^Zone "Zone gf-gone" was changed by bob at .+ \(version 2\); reload their version before saving\.$/,
    );
    const blind = await del('gf-gone', { cookie: alice });
    expect(blind.status).toBe(428);
    const deleted = await del('gf-gone', { cookie: alice, 'if-match': '2' });
    expect(deleted).toMatchObject({ status: 200, body: { ok: true, deletedId: 'gf-gone' } });
    const listed = await call(server.url, 'GET', '/geofences', undefined, { cookie: alice });
    expect(listed.body.geofences.map((z: { id: string }) => z.id)).not.toContain('gf-gone');
    expect((await del('gf-gone', { cookie: alice, 'if-match': '2' })).status).toBe(404);
  });
});

describe('every zone write is audited and announced', () => {
  it('POST, PUT and DELETE each leave an audit entry with the zone before and after', async () => {
    const created = await create('gf-audited');
    const replaced = await put(
      'gf-audited',
      { ...zone('gf-audited'), riskLevel: 'green' },
      { cookie: bob, 'if-match': '1' },
    );
    await del('gf-audited', { cookie: alice, 'if-match': '2' });
    const entries = await auditOf('gf-audited');
    expect(entries.map(({ action, actor }) => [action, actor])).toEqual([
      ['geofence.save', 'alice'],
      ['geofence.update', 'bob'],
      ['geofence.delete', 'alice'],
    ]);
    expect(entries[0].detail).toEqual({ previous: null, saved: created });
    expect(entries[1].detail).toEqual({ previous: created, saved: replaced.body.geofence });
    expect(entries[2].detail).toEqual({ previous: replaced.body.geofence, saved: null });
  });

  it('each write is a geofence_update on the stream: the zone when written, its id when deleted', async () => {
    const created = await create('gf-streamed');
    const replaced = await put('gf-streamed', zone('gf-streamed', square(25.59, 91.87)), {
      cookie: alice,
      'if-match': '1',
    });
    await del('gf-streamed', { cookie: alice, 'if-match': '2' });
    await stream.waitFor((m) => m.data.type === 'geofence_update' && m.data.deletedId === 'gf-streamed');
    const updates = stream.messages.filter(
      (m) => m.data.type === 'geofence_update' && (m.data.geofence?.id ?? m.data.deletedId) === 'gf-streamed',
    );
    expect(updates.map((m) => m.data)).toEqual([
      { type: 'geofence_update', geofence: created },
      { type: 'geofence_update', geofence: replaced.body.geofence },
      { type: 'geofence_update', deletedId: 'gf-streamed' },
    ]);
  });
});

describe('ingest follows a zone write at once', () => {
  const ping = (touristId: string, latitude: number, longitude: number) =>
    call(server.url, 'POST', '/gps/update', { touristId, latitude, longitude });
  const incidentsOf = async (touristId: string) =>
    (await call(server.url, 'GET', '/incidents?limit=500', undefined, { cookie: alice })).body.incidents.filter(
      (incident: { touristId: string; type: string }) =>
        incident.touristId === touristId && incident.type === 'geofence',
    );

  it('a ping where a zone was moved to opens an incident; one where a deleted zone was opens none', async () => {
    await create('gf-follow', square(27.0, 92.0));
    // The cache holds the zone at its first place before the move.
    expect((await ping('walker-before', 27.005, 92.005)).status).toBe(201);
    expect(await incidentsOf('walker-before')).toHaveLength(1);
    await put('gf-follow', zone('gf-follow', square(27.1, 92.1)), { cookie: alice, 'if-match': '1' });
    expect((await ping('walker-moved', 27.105, 92.105)).status).toBe(201);
    expect(await incidentsOf('walker-moved')).toMatchObject([{ meta: { geofenceId: 'gf-follow' } }]);
    expect((await ping('walker-old-place', 27.005, 92.005)).status).toBe(201);
    expect(await incidentsOf('walker-old-place')).toEqual([]);
    await del('gf-follow', { cookie: alice, 'if-match': '2' });
    expect((await ping('walker-deleted', 27.105, 92.105)).status).toBe(201);
    expect(await incidentsOf('walker-deleted')).toEqual([]);
  });
});
