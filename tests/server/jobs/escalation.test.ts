// Escalation (issue 11): a panic left open and unacknowledged for ESCALATE_AFTER_S seconds is escalated by
// the server exactly once, streamed, put on its timeline and audited by `system`.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Incident } from '../../../src/api/entities.ts';
import { configFromEnv } from '../../../server/config.ts';
import { escalateDuePanics, escalationCheckMs } from '../../../server/jobs/escalation.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';
import { openStream } from '../../helpers/sse.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function panic(server: TestServer): Promise<Incident> {
  const res = await call(server.url, 'POST', '/panic-alert', { latitude: 22, longitude: 80 });
  expect(res.status).toBe(201);
  return res.body.incident;
}

async function historyOf(server: TestServer, id: string) {
  const query = async (sql: string) => (await server.ctx.db.query<Record<string, unknown>>(sql, [id])).rows;
  return {
    escalatedAt: (await query('select escalated_at from incidents where id = $1'))[0].escalated_at,
    timeline: await query(
      "select actor, action, note from incident_timeline where incident_id = $1 and action = 'escalated'",
    ),
    audit: await query(
      "select actor, role, action, detail from audit_log where target = $1 and action = 'incident.escalate'",
    ),
    stream: await query(
      "select data->'incident'->>'escalatedAt' as at from stream_events where type = 'incident_update' and data->'incident'->>'id' = $1 and data->'incident'->>'escalatedAt' is not null",
    ),
  };
}

describe('with ESCALATE_AFTER_S=1', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ escalateAfterS: 1 });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('escalates an unacknowledged panic once, on the stream, the timeline and the audit trail, however many checks run', async () => {
    const stream = await openStream(`${server.url}/panic-alerts/stream`);
    let created: Incident;
    let escalated: Incident;
    try {
      await stream.waitForMessages(1);
      created = await panic(server);
      const update = await stream.waitFor(
        (m) => m.data.type === 'incident_update' && m.data.incident.id === created.id && m.data.incident.escalatedAt,
        5000,
      );
      escalated = update.data.incident;
      // The step written with it comes along, so an open drawer shows it without reading the timeline.
      expect(update.data.entry).toEqual({
        at: escalated.escalatedAt,
        actor: 'system',
        action: 'escalated',
        note: expect.stringMatching(/^Not acknowledged within \d+ s$/),
      });
    } finally {
      stream.close();
    }
    expect(escalated).toMatchObject({ id: created.id, status: 'open', acknowledgedAt: null });
    expect(Date.parse(escalated.escalatedAt!) - Date.parse(created.createdAt)).toBeGreaterThanOrEqual(1000);

    // Two more checks, at once and again later: nothing is escalated twice.
    const [first, second] = await Promise.all([escalateDuePanics(server.ctx), escalateDuePanics(server.ctx)]);
    expect([...first, ...second].map((i) => i.id)).not.toContain(created.id);
    await sleep(1200);
    expect((await escalateDuePanics(server.ctx)).map((i) => i.id)).not.toContain(created.id);

    expect(await historyOf(server, created.id)).toEqual({
      escalatedAt: new Date(escalated.escalatedAt!),
      timeline: [{ actor: 'system', action: 'escalated', note: 'Not acknowledged within 1 s' }],
      audit: [
        {
          actor: 'system',
          role: null,
          action: 'incident.escalate',
          detail: { afterSeconds: 1, receivedAt: created.createdAt },
        },
      ],
      stream: [{ at: escalated.escalatedAt }],
    });
    const timeline = (await call(server.url, 'GET', `/incidents/${created.id}/timeline`)).body.entries;
    expect(timeline.map((e: { actor: string; action: string }) => `${e.actor} ${e.action}`)).toEqual([
      'device raised',
      'system escalated',
    ]);
    const audit = (await call(server.url, 'GET', '/audit?action=incident.escalate&limit=50')).body.entries;
    expect(
      audit.filter((e: { target: string }) => e.target === created.id).map((e: { actor: string }) => e.actor),
    ).toEqual(['system']);

    // Acknowledging it later is recorded as usual and keeps when it was escalated.
    const acked = await call(server.url, 'POST', '/incidents/acknowledge', { id: created.id });
    expect(acked.body.incident).toMatchObject({ status: 'acknowledged', escalatedAt: escalated.escalatedAt });
  });

  it('never escalates a panic acknowledged or resolved in time, nor a geofence incident', async () => {
    const acknowledged = await panic(server);
    const resolved = await panic(server);
    expect((await call(server.url, 'POST', '/incidents/acknowledge', { id: acknowledged.id })).status).toBe(200);
    expect((await call(server.url, 'POST', '/incidents/resolve', { id: resolved.id })).status).toBe(200);
    const square = [
      [45, 45],
      [45, 46],
      [46, 46],
      [46, 45],
    ];
    expect(
      (
        await call(server.url, 'POST', '/geofences', {
          id: 'gf-escalation',
          riskLevel: 'red',
          regionId: 'shillong',
          polygon: square,
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await call(server.url, 'POST', '/gps/update', {
          latitude: 45.5,
          longitude: 45.5,
          touristId: 'tourist-escalation',
        })
      ).status,
    ).toBe(201);
    const { rows } = await server.ctx.db.query<{ id: string; status: string }>(
      "select id, status from incidents where tourist_id = 'tourist-escalation' and type = 'geofence'",
    );
    expect(rows).toEqual([{ id: expect.any(String), status: 'open' }]);
    // A panic raised together with them is escalated: the job did run while they waited.
    const unattended = await panic(server);

    await sleep(2500);
    await escalateDuePanics(server.ctx);
    for (const id of [acknowledged.id, resolved.id, rows[0].id]) {
      expect(await historyOf(server, id), id).toEqual({ escalatedAt: null, timeline: [], audit: [], stream: [] });
    }
    expect((await historyOf(server, unattended.id)).timeline).toHaveLength(1);
  });
});

describe('escalation settings', () => {
  it('reads ESCALATE_AFTER_S, 120 s by default, and checks every 5 s or twice per period when shorter', () => {
    expect(configFromEnv({}).escalateAfterS).toBe(120);
    expect(configFromEnv({ ESCALATE_AFTER_S: '30' }).escalateAfterS).toBe(30);
    expect(() => configFromEnv({ ESCALATE_AFTER_S: 'soon' })).toThrow(/ESCALATE_AFTER_S must be a whole number/);
    expect([120, 6, 1, 0].map(escalationCheckMs)).toEqual([5000, 3000, 500, 0]);
  });

  it('ESCALATE_AFTER_S=0 turns escalation off: an old open panic stays as it is', async () => {
    const server = await startTestServer({ escalateAfterS: 0 });
    try {
      const created = await panic(server);
      await server.ctx.db.query("update incidents set created_at = now() - interval '1 day' where id = $1", [
        created.id,
      ]);
      expect(await escalateDuePanics(server.ctx)).toEqual([]);
      expect((await historyOf(server, created.id)).escalatedAt).toBeNull();
    } finally {
      await server.stop();
    }
  });

  it('escalates a panic received longer ago than the setting, and leaves a newer one for later', async () => {
    const server = await startTestServer({ escalateAfterS: 600 });
    try {
      const [old, recent] = [await panic(server), await panic(server)];
      await server.ctx.db.query("update incidents set created_at = now() - interval '11 minutes' where id = $1", [
        old.id,
      ]);
      // The job may get there first: what counts is the state after a check.
      await escalateDuePanics(server.ctx);
      expect((await historyOf(server, old.id)).timeline).toHaveLength(1);
      expect((await historyOf(server, recent.id)).escalatedAt).toBeNull();
      const later = new Date(Date.now() + 601_000);
      expect((await escalateDuePanics(server.ctx, later)).map((i) => i.id)).toEqual([recent.id]);
    } finally {
      await server.stop();
    }
  });
});
