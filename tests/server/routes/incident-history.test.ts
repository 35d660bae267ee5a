// Every incident has a history (issue 11): who acknowledged and resolved it, notes, assignment and a
// timeline, each change on the live stream and in the audit trail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Incident } from '../../../src/api/entities.ts';
import { signedInAs } from '../../helpers/auth.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';
import { openStream, type SseConnection } from '../../helpers/sse.ts';

async function panic(server: TestServer, body: Record<string, unknown> = {}): Promise<Incident> {
  const res = await call(server.url, 'POST', '/panic-alert', { latitude: 20, longitude: 78, ...body });
  expect(res.status).toBe(201);
  return res.body.incident;
}

async function auditOf(
  server: TestServer,
  id: string,
): Promise<{ actor: string; action: string; detail: Record<string, unknown> }[]> {
  const { rows } = await server.ctx.db.query<{ actor: string; action: string; detail: Record<string, unknown> }>(
    'select actor, action, detail from audit_log where target = $1 order by seq',
    [id],
  );
  return rows;
}

/** A stream opened and past its snapshot, so every later message is a reaction to what the test does. */
async function liveStream(server: TestServer, headers: Record<string, string> = {}): Promise<SseConnection> {
  const stream = await openStream(`${server.url}/panic-alerts/stream`, undefined, headers);
  await stream.waitForMessages(1);
  return stream;
}

describe('with sign-in off', () => {
  let server: TestServer;
  const post = (path: string, body: unknown) => call(server.url, 'POST', path, body);
  const timeline = async (id: string) =>
    (await call(server.url, 'GET', `/incidents/${encodeURIComponent(id)}/timeline`)).body;

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('a new incident carries its history fields, all empty', async () => {
    const created = await panic(server);
    const listed = (await call(server.url, 'GET', '/incidents?limit=5')).body.incidents.find(
      (i: Incident) => i.id === created.id,
    );
    expect(listed).toMatchObject({ acknowledgedBy: null, resolvedBy: null, assignee: null, escalatedAt: null });
  });

  it('acknowledging with a note records who, keeps the note in the timeline and the audit trail, and streams the change', async () => {
    const created = await panic(server, { touristId: 'tourist-ack' });
    const stream = await liveStream(server);
    let streamed: unknown;
    try {
      const acked = await post('/incidents/acknowledge', {
        id: created.id,
        note: '  Called the tourist, on the way  ',
      });
      expect(acked.status).toBe(200);
      expect(acked.body).toEqual({
        ok: true,
        incident: expect.objectContaining({ status: 'acknowledged', acknowledgedBy: 'anonymous', resolvedBy: null }),
      });
      const update = await stream.waitFor(
        (m) => m.data.type === 'incident_update' && m.data.incident.id === created.id,
      );
      expect(update.data.incident).toEqual(acked.body.incident);
      streamed = update.data.entry;
    } finally {
      stream.close();
    }
    const entries = (await timeline(created.id)).entries;
    expect(entries).toEqual([
      { at: created.createdAt, actor: 'tourist-ack', action: 'raised' },
      { at: expect.any(String), actor: 'anonymous', action: 'acknowledged', note: 'Called the tourist, on the way' },
    ]);
    // The update carries the step written with it, as the timeline answers it: an open drawer adds it as is.
    expect(streamed).toEqual(entries[1]);
    expect(await auditOf(server, created.id)).toEqual([
      {
        actor: 'anonymous',
        action: 'incident.acknowledge',
        detail: { from: 'open', to: 'acknowledged', note: 'Called the tourist, on the way' },
      },
    ]);
  });

  it('a note is its own stream message, appears in the timeline and is audited', async () => {
    const created = await panic(server);
    const stream = await liveStream(server);
    let entry: unknown;
    try {
      const added = await post('/incidents/notes', { id: created.id, note: 'Tourist not answering the phone' });
      expect(added.status).toBe(200);
      entry = added.body.entry;
      expect(added.body).toEqual({
        ok: true,
        entry: { at: expect.any(String), actor: 'anonymous', action: 'note', note: 'Tourist not answering the phone' },
      });
      const message = await stream.waitFor((m) => m.data.type === 'incident_note');
      expect(message.data).toEqual({ type: 'incident_note', incidentId: created.id, entry });
    } finally {
      stream.close();
    }
    expect((await timeline(created.id)).entries.slice(1)).toEqual([entry]);
    expect(await auditOf(server, created.id)).toEqual([
      { actor: 'anonymous', action: 'incident.note', detail: { note: 'Tourist not answering the phone' } },
    ]);
  });

  it('assigns and unassigns, each change on the stream, in the timeline and the audit trail; repeating changes nothing', async () => {
    const created = await panic(server);
    const stream = await liveStream(server);
    let streamed: unknown;
    try {
      const assigned = await post('/incidents/assign', { id: created.id, assignee: 'asha' });
      expect(assigned.status).toBe(200);
      expect(assigned.body.incident).toMatchObject({ id: created.id, assignee: 'asha', status: 'open' });
      const first = await stream.waitFor(
        (m) => m.data.type === 'incident_update' && m.data.incident.assignee === 'asha',
      );
      expect(first.data.incident.id).toBe(created.id);

      expect((await post('/incidents/assign', { id: created.id, assignee: 'asha' })).body.incident).toEqual(
        assigned.body.incident,
      );
      const unassigned = await post('/incidents/assign', { id: created.id, assignee: null });
      expect(unassigned.body.incident.assignee).toBeNull();
      await stream.waitFor(
        (m) =>
          m.data.type === 'incident_update' && m.data.incident.id === created.id && m.data.incident.assignee === null,
      );
      const updates = stream.messages.filter(
        (m) => m.data.type === 'incident_update' && m.data.incident.id === created.id,
      );
      expect(updates.map((m) => m.data.incident.assignee)).toEqual(['asha', null]);
      streamed = updates.map((m) => m.data.entry);
    } finally {
      stream.close();
    }
    const steps = (await timeline(created.id)).entries.slice(1);
    expect(steps).toEqual([
      { at: expect.any(String), actor: 'anonymous', action: 'assigned', assignee: 'asha' },
      { at: expect.any(String), actor: 'anonymous', action: 'unassigned' },
    ]);
    expect(streamed).toEqual(steps);
    expect((await auditOf(server, created.id)).map(({ action, detail }) => [action, detail])).toEqual([
      ['incident.assign', { from: null, to: 'asha' }],
      ['incident.unassign', { from: 'asha', to: null }],
    ]);
  });

  it('the timeline lists every act oldest first, and repeating a state change with a note keeps the note', async () => {
    const created = await panic(server);
    await post('/incidents/acknowledge', { id: created.id });
    await post('/incidents/notes', { id: created.id, note: 'first note' });
    await post('/incidents/assign', { id: created.id, assignee: 'ravi' });
    await post('/incidents/acknowledge', { id: created.id, note: 'second operator was here too' });
    await post('/incidents/resolve', { id: created.id, note: 'Tourist safe at hotel' });
    const { ok, entries } = await timeline(created.id);
    expect(ok).toBe(true);
    expect(entries.map((e: { action: string; note?: string }) => [e.action, e.note])).toEqual([
      ['raised', undefined],
      ['acknowledged', undefined],
      ['note', 'first note'],
      ['assigned', undefined],
      ['note', 'second operator was here too'],
      ['resolved', 'Tourist safe at hotel'],
    ]);
    expect(entries[0]).toEqual({ at: created.createdAt, actor: 'device', action: 'raised' });
    const times = entries.map((e: { at: string }) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
    const resolved = (await call(server.url, 'GET', '/incidents?limit=20')).body.incidents.find(
      (i: Incident) => i.id === created.id,
    );
    expect(resolved).toMatchObject({
      status: 'resolved',
      acknowledgedBy: 'anonymous',
      resolvedBy: 'anonymous',
      assignee: 'ravi',
    });
  });

  it('a geofence incident was raised by the system', async () => {
    const square = [
      [40, 40],
      [40, 41],
      [41, 41],
      [41, 40],
    ];
    expect(
      (await post('/geofences', { id: 'gf-history', riskLevel: 'red', regionId: 'shillong', polygon: square })).status,
    ).toBe(201);
    expect((await post('/gps/update', { latitude: 40.5, longitude: 40.5, touristId: 'tourist-zone' })).status).toBe(
      201,
    );
    const { rows } = await server.ctx.db.query<{ id: string }>(
      "select id from incidents where tourist_id = 'tourist-zone' and type = 'geofence'",
    );
    expect((await timeline(rows[0].id)).entries).toEqual([
      { at: expect.any(String), actor: 'system', action: 'raised' },
    ]);
  });

  it('answers 404 with a sentence for an unknown incident on every history route', async () => {
    for (const answer of [
      await post('/incidents/notes', { id: 'inc-missing', note: 'hello' }),
      await post('/incidents/assign', { id: 'inc-missing', assignee: 'asha' }),
      await call(server.url, 'GET', '/incidents/inc-missing/timeline'),
    ]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toEqual({ ok: false, error: 'No incident with id "inc-missing".' });
    }
    expect((await call(server.url, 'GET', '/incidents/a%00b/timeline')).status).toBe(404);
  });

  it.each([
    ['/incidents/notes', 'no note', { id: 'x' }, 'note', /note is required/],
    ['/incidents/notes', 'a blank note', { id: 'x', note: '   ' }, 'note', /note must not be empty/],
    ['/incidents/notes', 'a note of 2001 characters', { id: 'x', note: 'n'.repeat(2001) }, 'note', /at most 2000/],
    ['/incidents/notes', 'no id', { note: 'hi' }, 'id', /id is required/],
    ['/incidents/assign', 'no assignee', { id: 'x' }, 'assignee', /assignee is required/],
    [
      '/incidents/assign',
      'an assignee of 65 characters',
      { id: 'x', assignee: 'a'.repeat(65) },
      'assignee',
      /at most 64/,
    ],
    ['/incidents/assign', 'a numeric assignee', { id: 'x', assignee: 5 }, 'assignee', /username or null/],
    ['/incidents/acknowledge', 'a numeric note', { id: 'x', note: 7 }, 'note', /note must be a string/],
  ])('POST %s with %s answers 400 naming the field', async (path, _case, body, field, sentence) => {
    const answer = await post(path, body);
    expect(answer.status).toBe(400);
    expect(answer.body.issues[0].path).toBe(field);
    expect(answer.body.error).toMatch(sentence);
  });
});

describe('with sign-in on', () => {
  let server: TestServer;
  let operator: Record<string, string>;
  let viewer: Record<string, string>;

  beforeAll(async () => {
    server = await startTestServer({ auth: 'on', adminPassword: 'history admin password' });
    operator = { cookie: await signedInAs(server, 'operator', 'meera') };
    viewer = { cookie: await signedInAs(server, 'viewer', 'vik') };
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('records the signed-in operator as who acknowledged, resolved, noted and assigned', async () => {
    const created = await panic(server);
    const acked = await call(server.url, 'POST', '/incidents/acknowledge', { id: created.id }, operator);
    expect(acked.body.incident.acknowledgedBy).toBe('meera');
    await call(server.url, 'POST', '/incidents/notes', { id: created.id, note: 'on it' }, operator);
    await call(server.url, 'POST', '/incidents/assign', { id: created.id, assignee: 'meera' }, operator);
    const resolved = await call(server.url, 'POST', '/incidents/resolve', { id: created.id }, operator);
    expect(resolved.body.incident).toMatchObject({ acknowledgedBy: 'meera', resolvedBy: 'meera', assignee: 'meera' });
    const { entries } = (await call(server.url, 'GET', `/incidents/${created.id}/timeline`, undefined, viewer)).body;
    expect(entries.slice(1).map((e: { actor: string; action: string }) => `${e.actor} ${e.action}`)).toEqual([
      'meera acknowledged',
      'meera note',
      'meera assigned',
      'meera resolved',
    ]);
  });

  it('a viewer may read the timeline but gets 403 on notes and assignment, which change nothing', async () => {
    const created = await panic(server);
    expect(
      (await call(server.url, 'POST', '/incidents/notes', { id: created.id, note: 'not allowed' }, viewer)).status,
    ).toBe(403);
    expect(
      (await call(server.url, 'POST', '/incidents/assign', { id: created.id, assignee: 'vik' }, viewer)).status,
    ).toBe(403);
    const read = await call(server.url, 'GET', `/incidents/${created.id}/timeline`, undefined, viewer);
    expect(read.status).toBe(200);
    expect(read.body.entries.map((e: { action: string }) => e.action)).toEqual(['raised']);
    expect((await call(server.url, 'GET', `/incidents/${created.id}/timeline`)).status).toBe(401);
  });
});
