// Triage at volume (issue 11): acknowledge or resolve many incidents in one request and one transaction.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Incident } from '../../../src/api/entities.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';
import { openStream } from '../../helpers/sse.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const post = (path: string, body: unknown) => call(server.url, 'POST', path, body);

async function panics(count: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const res = await post('/panic-alert', { latitude: 21 + i / 1000, longitude: 79 });
    expect(res.status).toBe(201);
    ids.push(res.body.incident.id);
  }
  return ids;
}

/** How often each incident was announced with `status`, and how often its timeline and audit trail say so. */
async function recordsOf(ids: string[], status: 'acknowledged' | 'resolved') {
  const count = async (sql: string, params: unknown[]) =>
    (await server.ctx.db.query<{ id: string; n: number }>(sql, params)).rows;
  const perId = (rows: { id: string; n: number }[]) =>
    Object.fromEntries(ids.map((id) => [id, rows.find((r) => r.id === id)?.n ?? 0]));
  const list = JSON.stringify(ids);
  return {
    stream: perId(
      await count(
        `select data->'incident'->>'id' as id, count(*)::int as n from stream_events
        where type = 'incident_update' and data->'incident'->>'status' = $2 and data->'incident'->>'id' in (select jsonb_array_elements_text($1::jsonb))
        group by 1`,
        [list, status],
      ),
    ),
    timeline: perId(
      await count(
        'select incident_id as id, count(*)::int as n from incident_timeline where action = $2 and incident_id in (select jsonb_array_elements_text($1::jsonb)) group by 1',
        [list, status],
      ),
    ),
    audit: perId(
      await count(
        'select target as id, count(*)::int as n from audit_log where action = $2 and target in (select jsonb_array_elements_text($1::jsonb)) group by 1',
        [list, status === 'acknowledged' ? 'incident.acknowledge' : 'incident.resolve'],
      ),
    ),
  };
}

const once = (ids: string[]) => Object.fromEntries(ids.map((id) => [id, 1]));

describe('POST /incidents/acknowledge and /incidents/resolve with ids', () => {
  it('acknowledges 20 in one request, listing the already acknowledged as unchanged and unknown ids as refused', async () => {
    const [first, second, ...open] = await panics(22);
    for (const id of [first, second]) expect((await post('/incidents/acknowledge', { id })).status).toBe(200);
    const stream = await openStream(`${server.url}/panic-alerts/stream`);
    try {
      await stream.waitForMessages(1);
      const ids = [...open, first, 'inc-unknown-1', second, 'inc-unknown-2'];
      const answer = await post('/incidents/acknowledge', { ids, note: 'Drill at the falls: all checked' });
      expect(answer.status).toBe(200);
      expect(answer.body).toEqual({
        ok: true,
        incidents: open.map((id) =>
          expect.objectContaining({ id, status: 'acknowledged', acknowledgedBy: 'anonymous' }),
        ),
        changed: 20,
        unchanged: [first, second],
        refused: [
          { id: 'inc-unknown-1', error: 'No incident with id "inc-unknown-1".' },
          { id: 'inc-unknown-2', error: 'No incident with id "inc-unknown-2".' },
        ],
      });
      await stream.waitForMessages(1 + 20);
      const updates = stream.messages.filter((m) => m.data.type === 'incident_update');
      expect(updates.map((m) => m.data.incident.id).sort()).toEqual([...open].sort());
      // Each incident's update carries its own step, the bulk note its reason.
      for (const update of updates) {
        expect(update.data.entry).toEqual({
          at: update.data.incident.acknowledgedAt,
          actor: 'anonymous',
          action: 'acknowledged',
          note: 'Drill at the falls: all checked',
        });
      }
    } finally {
      stream.close();
    }
    expect(await recordsOf(open, 'acknowledged')).toEqual({
      stream: once(open),
      timeline: once(open),
      audit: once(open),
    });
    const { rows } = await server.ctx.db.query<{ note: string; detail: { note: string } }>(
      `select t.note, a.detail from incident_timeline t join audit_log a on a.target = t.incident_id and a.action = 'incident.acknowledge'
        where t.incident_id = $1 and t.action = 'acknowledged'`,
      [open[0]],
    );
    expect(rows).toEqual([
      {
        note: 'Drill at the falls: all checked',
        detail: expect.objectContaining({ note: 'Drill at the falls: all checked' }),
      },
    ]);
  });

  it('refuses to acknowledge a resolved incident in the list (409 sentence) and still acknowledges the rest', async () => {
    const [resolved, open] = await panics(2);
    await post('/incidents/resolve', { id: resolved });
    const answer = await post('/incidents/acknowledge', { ids: [resolved, open, open] });
    expect(answer.body).toMatchObject({
      changed: 1,
      unchanged: [],
      refused: [{ id: resolved, error: expect.stringMatching(/already resolved/) }],
    });
    expect(answer.body.incidents.map((i: Incident) => i.id)).toEqual([open]);
  });

  it('resolves open and acknowledged incidents together, leaving the resolved unchanged', async () => {
    const [open, acknowledged, resolved] = await panics(3);
    await post('/incidents/acknowledge', { id: acknowledged });
    await post('/incidents/resolve', { id: resolved });
    const answer = await post('/incidents/resolve', { ids: [open, acknowledged, resolved], note: 'All clear' });
    expect(answer.body).toMatchObject({ changed: 2, unchanged: [resolved], refused: [] });
    expect(answer.body.incidents.map((i: Incident) => [i.id, i.status, i.resolvedBy])).toEqual([
      [open, 'resolved', 'anonymous'],
      [acknowledged, 'resolved', 'anonymous'],
    ]);
  });

  it('applies overlapping bulk requests sent at once without deadlock, changing each incident exactly once', async () => {
    const ids = await panics(30);
    const shuffled = [...ids].sort(() => Math.random() - 0.5);
    const requests = [
      post('/incidents/acknowledge', { ids: ids.slice(0, 20) }),
      post('/incidents/acknowledge', { ids: [...ids.slice(10)].reverse() }),
      post('/incidents/acknowledge', { ids: shuffled }),
      post('/incidents/resolve', { ids: shuffled.slice(0, 5) }),
      post('/incidents/acknowledge', { ids: ids.slice(5, 25) }),
    ];
    const answers = await Promise.all(requests);
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    const acknowledgers = answers.filter((_, i) => i !== 3).map((a) => a.body);
    const changedBy = acknowledgers.flatMap((body) => body.incidents.map((i: Incident) => i.id));
    expect(new Set(changedBy).size).toBe(changedBy.length);
    const resolvedFirst = shuffled.slice(0, 5).filter((id) => !changedBy.includes(id));
    // Every incident was acknowledged once, except those the resolve reached first (acknowledging them is refused).
    expect(changedBy.length + resolvedFirst.length).toBe(30);
    // Only a resolved incident is ever refused; the resolve itself found each of its five open or acknowledged.
    const refused = acknowledgers.flatMap((body) => body.refused.map((r: { id: string }) => r.id));
    expect(refused.filter((id: string) => !shuffled.slice(0, 5).includes(id))).toEqual([]);
    expect(answers[3].body).toMatchObject({ changed: 5, refused: [] });
    const acked = ids.filter((id) => !resolvedFirst.includes(id));
    expect(await recordsOf(acked, 'acknowledged')).toEqual({
      stream: once(acked),
      timeline: once(acked),
      audit: once(acked),
    });
  });

  it.each([
    ['neither id nor ids', {}, 'id', /id is required \(or ids/],
    ['both id and ids', { id: 'a', ids: ['b'] }, 'ids', /ids must not be sent together with id/],
    ['an empty list', { ids: [] }, 'ids', /at least one id/],
    ['501 ids', { ids: Array.from({ length: 501 }, (_, i) => `inc-${i}`) }, 'ids', /at most 500 ids/],
    ['a number among the ids', { ids: ['a', 7] }, 'ids.1', /ids must hold only strings/],
    ['ids that is not a list', { ids: 'inc-1' }, 'ids', /ids must be a list/],
  ])('answers 400 naming the field for %s', async (_case, body, field, sentence) => {
    const answer = await post('/incidents/acknowledge', body);
    expect(answer.status).toBe(400);
    expect(answer.body.issues[0].path).toBe(field);
    expect(answer.body.error).toMatch(sentence);
  });

  it('accepts 500 ids, the most one request may hold', async () => {
    const answer = await post('/incidents/resolve', { ids: Array.from({ length: 500 }, (_, i) => `inc-none-${i}`) });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ changed: 0, unchanged: [] });
    expect(answer.body.refused).toHaveLength(500);
  });
});
