import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Incident } from '../../../src/api/entities.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

async function panic(body: Record<string, unknown> = {}): Promise<Incident> {
  const res = await call(server.url, 'POST', '/panic-alert', { latitude: 20, longitude: 78, ...body });
  expect(res.status).toBe(201);
  return res.body.incident;
}

async function act(action: 'acknowledge' | 'resolve', id: string) {
  return call(server.url, 'POST', `/incidents/${action}`, { id });
}

async function streamTypesFor(id: string): Promise<string[]> {
  const { rows } = await server.ctx.db.query<{ status: string }>(
    "select data->'incident'->>'status' as status from stream_events where type = 'incident_update' and data->'incident'->>'id' = $1 order by seq",
    [id],
  );
  return rows.map((r) => r.status);
}

describe('POST /incidents/acknowledge and /incidents/resolve', () => {
  it('moves open → acknowledged → resolved, stamping each time and announcing each change', async () => {
    const created = await panic();
    const acked = await act('acknowledge', created.id);
    expect(acked.status).toBe(200);
    expect(acked.body.incident).toMatchObject({ id: created.id, status: 'acknowledged', resolvedAt: null });
    expect(Date.parse(acked.body.incident.acknowledgedAt)).toBeGreaterThanOrEqual(Date.parse(created.createdAt));

    const resolved = await act('resolve', created.id);
    expect(resolved.status).toBe(200);
    expect(resolved.body.incident).toMatchObject({
      status: 'resolved',
      acknowledgedAt: acked.body.incident.acknowledgedAt,
    });
    expect(resolved.body.incident.resolvedAt).not.toBeNull();

    expect(await streamTypesFor(created.id)).toEqual(['open', 'acknowledged', 'resolved']);
    const listed = await call(server.url, 'GET', '/incidents');
    expect(listed.body.incidents.find((i: Incident) => i.id === created.id)).toEqual(resolved.body.incident);
  });

  it('resolves an open incident directly, leaving acknowledgedAt empty', async () => {
    const created = await panic();
    const resolved = await act('resolve', created.id);
    expect(resolved.body.incident).toMatchObject({ status: 'resolved', acknowledgedAt: null });
  });

  it('treats acknowledging twice as a no-op 200 without a stream event', async () => {
    const created = await panic();
    const first = await act('acknowledge', created.id);
    const second = await act('acknowledge', created.id);
    expect(second.status).toBe(200);
    expect(second.body.incident).toEqual(first.body.incident);
    expect(await streamTypesFor(created.id)).toEqual(['open', 'acknowledged']);
  });

  it('treats resolving twice as a no-op 200 keeping the first resolvedAt', async () => {
    const created = await panic();
    const first = await act('resolve', created.id);
    const second = await act('resolve', created.id);
    expect(second.status).toBe(200);
    expect(second.body.incident.resolvedAt).toBe(first.body.incident.resolvedAt);
    expect(await streamTypesFor(created.id)).toEqual(['open', 'resolved']);
  });

  it('refuses to acknowledge a resolved incident with 409 and leaves it resolved', async () => {
    const created = await panic();
    await act('resolve', created.id);
    const res = await act('acknowledge', created.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ ok: false, error: expect.stringMatching(/resolved/) });
    const { rows } = await server.ctx.db.query<{ status: string; acknowledged_at: unknown }>(
      'select status, acknowledged_at from incidents where id = $1',
      [created.id],
    );
    expect(rows[0]).toEqual({ status: 'resolved', acknowledged_at: null });
    expect(await streamTypesFor(created.id)).toEqual(['open', 'resolved']);
  });

  it.each(['acknowledge', 'resolve'] as const)('answers 404 to %s of an unknown id', async (action) => {
    const res = await act(action, 'inc-does-not-exist');
    expect(res.status).toBe(404);
    expect(res.body.ok).toBe(false);
    expect(res.body.error).toContain('inc-does-not-exist');
  });

  it.each([
    ['missing id', {}],
    ['numeric id', { id: 7 }],
    ['empty id', { id: '' }],
  ])('answers 400 naming id for a %s', async (_name, body) => {
    const res = await call(server.url, 'POST', '/incidents/acknowledge', body);
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe('id');
  });

  it('applies concurrent acknowledgements once: one change, one stream event', async () => {
    const created = await panic();
    const answers = await Promise.all(Array.from({ length: 8 }, () => act('acknowledge', created.id)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    expect(new Set(answers.map((a) => a.body.incident.acknowledgedAt)).size).toBe(1);
    expect(await streamTypesFor(created.id)).toEqual(['open', 'acknowledged']);
  });

  it('never lets a racing acknowledge undo a resolve', async () => {
    const created = await panic();
    const answers = await Promise.all([
      act('resolve', created.id),
      act('acknowledge', created.id),
      act('acknowledge', created.id),
    ]);
    for (const answer of answers) expect([200, 409]).toContain(answer.status);
    const { rows } = await server.ctx.db.query<{ status: string }>('select status from incidents where id = $1', [
      created.id,
    ]);
    expect(rows[0].status).toBe('resolved');
  });
});

describe('GET /incidents', () => {
  it("lists newest first by receive time (whatever the phones' clocks say), 100 by default, honouring limit", async () => {
    const created = [];
    for (let i = 0; i < 3; i++) created.push(await panic({ at: `2031-01-0${3 - i}T00:00:00Z` }));
    const res = await call(server.url, 'GET', '/incidents?limit=3');
    expect(res.status).toBe(200);
    expect(res.body.incidents.map((i: Incident) => i.id)).toEqual(created.map((i) => i.id).reverse());
    const all = await call(server.url, 'GET', '/incidents');
    const { rows } = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from incidents');
    expect(all.body.incidents.length).toBe(Math.min(100, rows[0].n));
  });

  it.each(['0', '501', '2.5', 'abc'])('rejects limit=%s with 400 naming limit', async (limit) => {
    const res = await call(server.url, 'GET', `/incidents?limit=${limit}`);
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe('limit');
  });
});

/** As if the server had received it `minutes` ago (the API stamps the receive time itself). */
async function receivedAgo(incident: Incident, minutes: number): Promise<Incident> {
  await server.ctx.db.query('update incidents set created_at = $2 where id = $1', [incident.id, minutesAgo(minutes)]);
  return { ...incident, createdAt: minutesAgo(minutes) };
}

describe('GET /incidents/filter', () => {
  let recentInRegion: Incident;
  let oldInRegion: Incident;
  let oldOpenPanic: Incident;
  let recentElsewhere: Incident;

  beforeAll(async () => {
    await call(server.url, 'POST', '/geofences', {
      id: 'gf-filter',
      riskLevel: 'yellow',
      regionId: 'guwahati',
      polygon: [
        [50, 50],
        [50, 51],
        [51, 51],
        [51, 50],
      ],
    });
    oldOpenPanic = await receivedAgo(await panic({ latitude: 50.5, longitude: 50.5 }), 180);
    const resolved = await panic({ latitude: 50.5, longitude: 50.5 });
    expect((await act('resolve', resolved.id)).status).toBe(200);
    oldInRegion = await receivedAgo(resolved, 120);
    recentInRegion = await receivedAgo(await panic({ latitude: 50.5, longitude: 50.5, at: minutesAgo(600) }), 5);
    recentElsewhere = await receivedAgo(await panic({ latitude: -10, longitude: -10 }), 3);
  });

  const ids = (res: { body: { incidents: Incident[] } }) => res.body.incidents.map((i) => i.id);

  it('narrows to a region, newest first by receive time', async () => {
    const res = await call(server.url, 'GET', '/incidents/filter?regionId=guwahati');
    expect(ids(res)).toEqual([recentInRegion.id, oldInRegion.id, oldOpenPanic.id]);
  });

  it('narrows to the last minutes by receive time, yet always keeps an unresolved panic of the region', async () => {
    const res = await call(server.url, 'GET', '/incidents/filter?regionId=guwahati&minutes=60');
    expect(ids(res)).toEqual([recentInRegion.id, oldOpenPanic.id]);
  });

  it('reads regionId=all or no regionId as every region, minutes=0 as all time', async () => {
    for (const query of ['regionId=all&minutes=0', '', 'minutes=0']) {
      const res = await call(server.url, 'GET', `/incidents/filter?${query}`);
      expect(ids(res)).toEqual(expect.arrayContaining([recentInRegion.id, oldInRegion.id, recentElsewhere.id]));
      const times = res.body.incidents.map((i: Incident) => Date.parse(i.createdAt));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    }
  });

  it('across every region over the last 10 minutes', async () => {
    const res = await call(server.url, 'GET', '/incidents/filter?minutes=10');
    expect(ids(res)).toEqual(expect.arrayContaining([recentInRegion.id, recentElsewhere.id, oldOpenPanic.id]));
    expect(ids(res)).not.toContain(oldInRegion.id);
  });

  it('answers every incident field for field as GET /incidents does, whatever its state', async () => {
    const reported = await panic({
      latitude: 50.6,
      longitude: 50.6,
      touristId: 'tourist-json',
      deviceId: 'device-json',
      at: '2026-11-23T10:00:00.123456Z',
    });
    const acknowledged = await panic({ latitude: 50.6, longitude: 50.6 });
    expect((await act('acknowledge', acknowledged.id)).status).toBe(200);
    expect(
      (await call(server.url, 'POST', '/incidents/assign', { id: acknowledged.id, assignee: 'dana' })).status,
    ).toBe(200);
    const escalated = await panic({ latitude: 50.6, longitude: 50.6 });
    await server.ctx.db.query('update incidents set escalated_at = now() where id = $1', [escalated.id]);
    const res = await call(server.url, 'GET', '/incidents/filter?regionId=guwahati');
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const listed = new Map<string, Incident>(
      (await call(server.url, 'GET', '/incidents?limit=500')).body.incidents.map((i: Incident) => [i.id, i]),
    );
    for (const id of [reported.id, acknowledged.id, escalated.id, oldInRegion.id, oldOpenPanic.id]) {
      expect(res.body.incidents.find((i: Incident) => i.id === id)).toStrictEqual(listed.get(id));
    }
    const byId = (id: string) => res.body.incidents.find((i: Incident) => i.id === id);
    expect(byId(reported.id)).toMatchObject({
      touristId: 'tourist-json',
      deviceId: 'device-json',
      reportedAt: '2026-11-23T10:00:00.123Z',
    });
    expect(byId(acknowledged.id)).toMatchObject({
      status: 'acknowledged',
      assignee: 'dana',
      acknowledgedBy: expect.any(String),
    });
    expect(byId(escalated.id).escalatedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(byId(oldInRegion.id)).toMatchObject({ status: 'resolved', resolvedAt: expect.any(String) });
  });

  it('answers an unknown region with an empty list', async () => {
    const res = await call(server.url, 'GET', '/incidents/filter?regionId=atlantis');
    expect(res.status).toBe(200);
    expect(res.body.incidents).toEqual([]);
  });

  it.each(['-1', 'soon', '525601'])('rejects minutes=%s with 400', async (minutes) => {
    const res = await call(server.url, 'GET', `/incidents/filter?minutes=${minutes}`);
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe('minutes');
  });
});
