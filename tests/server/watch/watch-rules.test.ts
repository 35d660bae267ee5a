// The watch (issue 32): a tourist who stops reporting or stops moving becomes an incident, raised once by
// the server's check, streamed, audited by `system`; a later ping says "reported again" and leaves it open.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { escalateDuePanics } from '../../../server/jobs/escalation.ts';
import { runWatchCheck } from '../../../server/jobs/watch-check.ts';
import { DUE_ROWS_SQL } from '../../../server/stores/watch-last.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';
import { openStream } from '../../helpers/sse.ts';
import {
  auditOf,
  LAT,
  LNG,
  ping,
  redZoneAround,
  reporting,
  secondsAfter,
  timelineActions,
  uniqueTourist,
  watchIncidentsOf,
} from '../support/watch.ts';

let server: TestServer;
beforeAll(async () => {
  // Escalation on: a high watch incident escalates like a panic (the fixtures are younger than 600 s).
  server = await startTestServer({ escalateAfterS: 600 });
});
afterAll(async () => {
  await server?.stop();
});

describe('silent', () => {
  it('is raised once just after its limit, on the stream, with the rule figures, audited by system', async () => {
    const tourist = uniqueTourist();
    const start = await reporting(server, tourist, LAT + 1, LNG + 1);
    // Days are 30 min, nights 15 min: a limit of 30 min from the receive time, seen from just after it.
    const end = Date.now();
    await runWatchCheck(server.ctx, secondsAfter(start, 15 * 60 - 1));
    expect(await watchIncidentsOf(server, tourist)).toEqual([]);

    const stream = await openStream(`${server.url}/panic-alerts/stream`);
    try {
      await stream.waitForMessages(1);
      const pass = await runWatchCheck(server.ctx, secondsAfter(end, 30 * 60 + 1));
      expect(pass.raised.map((incident) => incident.touristId)).toEqual([tourist]);
      const update = await stream.waitFor(
        (m) => m.data.type === 'incident_update' && m.data.incident.touristId === tourist,
        5000,
      );
      expect(update.data.incident).toMatchObject({
        type: 'silent',
        status: 'open',
        latitude: LAT + 1,
        longitude: LNG + 1,
        meta: { source: 'watch', rule: 'silent' },
      });
    } finally {
      stream.close();
    }
    const [incident] = await watchIncidentsOf(server, tourist);
    expect(['medium', 'high']).toContain(incident.severity);
    expect(incident.meta.silentForS).toBeGreaterThan(30 * 60 - 60);
    expect(incident.meta.reason).toMatch(/^Nothing received for \d+ min/);
    expect(Date.parse(incident.meta.lastSeenAt!)).toBeGreaterThanOrEqual(start);
    expect(await auditOf(server, 'incident.watch_raise', incident.id)).toEqual([
      expect.objectContaining({ actor: 'system' }),
    ]);
    expect((await timelineActions(server, incident.id))[0]).toMatchObject({ action: 'raised', actor: 'system' });

    // More checks, at once and later: nothing is raised twice.
    await Promise.all([
      runWatchCheck(server.ctx, secondsAfter(end, 3600)),
      runWatchCheck(server.ctx, secondsAfter(end, 3600)),
    ]);
    expect(await watchIncidentsOf(server, tourist)).toHaveLength(1);
  });

  it('is not raised for a tourist who sent fewer than 3 pings', async () => {
    const tourist = uniqueTourist();
    await ping(server, tourist, LAT + 2, LNG);
    await ping(server, tourist, LAT + 2, LNG);
    await runWatchCheck(server.ctx, secondsAfter(Date.now(), 24 * 3600));
    expect(await watchIncidentsOf(server, tourist)).toEqual([]);
  });

  it('in a red zone after 10 min, high; then stranded after 20 min; one each while open', async () => {
    const tourist = uniqueTourist();
    const zone = await redZoneAround(server, LAT + 3, LNG);
    const start = await reporting(server, tourist, LAT + 3, LNG);
    const end = Date.now();
    await runWatchCheck(server.ctx, secondsAfter(start, 10 * 60 - 1));
    expect(await watchIncidentsOf(server, tourist)).toEqual([]);
    await runWatchCheck(server.ctx, secondsAfter(end, 10 * 60 + 1));
    const [silent] = await watchIncidentsOf(server, tourist);
    expect(silent).toMatchObject({
      type: 'silent',
      severity: 'high',
      meta: { zoneId: zone, geofenceId: zone, riskLevel: 'red', limitS: 600 },
    });

    await runWatchCheck(server.ctx, secondsAfter(end, 20 * 60 + 1));
    const both = await watchIncidentsOf(server, tourist);
    expect(both.map((incident) => [incident.type, incident.severity])).toEqual([
      ['silent', 'high'],
      ['stranded', 'high'],
    ]);
    expect(both[1].meta).toMatchObject({ rule: 'stranded', zoneId: zone, limitS: 1200 });

    // High, unacknowledged past ESCALATE_AFTER_S: escalated like a panic; and listed whatever the window.
    await server.ctx.db.query("update incidents set created_at = now() - interval '11 minutes' where id = $1", [
      silent.id,
    ]);
    expect((await escalateDuePanics(server.ctx)).map((incident) => incident.id)).toContain(silent.id);
    const listed = await call(server.url, 'GET', '/incidents/filter?minutes=1');
    const listedIds = listed.body.incidents.map((incident: { id: string }) => incident.id);
    // The 11-minute-old silent incident is outside the 1-minute window but listed, being urgent.
    expect(listedIds).toContain(silent.id);
  });
});

describe('reported again', () => {
  it('the first later ping puts "reported again" with time and position on the open incident, which stays open; no duplicate', async () => {
    const tourist = uniqueTourist();
    await reporting(server, tourist, LAT + 4, LNG);
    await runWatchCheck(server.ctx, secondsAfter(Date.now(), 31 * 60));
    const [silent] = await watchIncidentsOf(server, tourist);

    const stream = await openStream(`${server.url}/panic-alerts/stream`);
    let firstAt: string;
    try {
      await stream.waitForMessages(1);
      await ping(server, tourist, LAT + 4.001, LNG);
      const update = await stream.waitFor(
        (m) => m.data.type === 'incident_update' && m.data.incident.id === silent.id,
        5000,
      );
      expect(update.data.entry).toMatchObject({
        action: 'reported_again',
        actor: tourist,
        note: expect.stringContaining(`at ${(LAT + 4.001).toFixed(5)}`),
      });
      expect(update.data.incident).toMatchObject({ status: 'open', meta: { reportedAgainAt: update.data.entry.at } });
      firstAt = update.data.entry.at;
    } finally {
      stream.close();
    }
    expect((await timelineActions(server, silent.id)).map((entry) => entry.action)).toEqual([
      'raised',
      'reported_again',
    ]);

    // A phone pings every few seconds: later pings, single and batched, add nothing; the row keeps the first report.
    await ping(server, tourist, LAT + 4.002, LNG);
    const batch = await call(server.url, 'POST', '/gps/batch', {
      pings: [1, 2, 3].map((i) => ({ touristId: tourist, latitude: LAT + 4.002 + i / 1e4, longitude: LNG })),
    });
    expect(batch.status).toBeLessThan(300);
    const steps = await timelineActions(server, silent.id);
    expect(steps.map((entry) => entry.action)).toEqual(['raised', 'reported_again']);
    expect(steps[1].note).toContain(`at ${(LAT + 4.001).toFixed(5)}`);
    expect((await watchIncidentsOf(server, tourist))[0].meta.reportedAgainAt).toBe(firstAt);

    // Silent again while the first is still open: no second incident.
    await ping(server, tourist, LAT + 4.001, LNG);
    await runWatchCheck(server.ctx, secondsAfter(Date.now(), 31 * 60));
    expect((await watchIncidentsOf(server, tourist)).map((incident) => incident.id)).toEqual([silent.id]);

    // Once an operator resolves it, the next silence is a new incident.
    expect((await call(server.url, 'POST', '/incidents/resolve', { id: silent.id })).status).toBe(200);
    await ping(server, tourist, LAT + 4.001, LNG);
    await runWatchCheck(server.ctx, secondsAfter(Date.now(), 31 * 60));
    expect(await watchIncidentsOf(server, tourist)).toHaveLength(2);
  });
});

describe('soft alerts', () => {
  it('a low battery alert then silence is raised one severity higher; a later soft alert reports again', async () => {
    const tourist = uniqueTourist();
    await reporting(server, tourist, LAT + 9, LNG);
    const soft = await call(server.url, 'POST', '/soft-alert', {
      touristId: tourist,
      type: 'low_battery',
      latitude: LAT + 9,
      longitude: LNG,
    });
    expect(soft.status).toBe(201);
    await runWatchCheck(server.ctx, secondsAfter(Date.now(), 31 * 60));
    const [silent] = await watchIncidentsOf(server, tourist);
    // Medium by day outside any zone, high at night: one higher is high either way.
    expect(silent).toMatchObject({ type: 'silent', severity: 'high', meta: { afterLowBattery: true } });

    await call(server.url, 'POST', '/soft-alert', {
      touristId: tourist,
      type: 'safe',
      latitude: LAT + 9,
      longitude: LNG,
    });
    const steps = await timelineActions(server, silent.id);
    expect(steps.at(-1)).toMatchObject({
      action: 'reported_again',
      note: expect.stringContaining('Soft alert (safe)'),
    });
  });
});

describe('the due query', () => {
  it('is an index range scan over watch_last_due, not a scan of every tracked device', async () => {
    await server.ctx.db.query(
      `insert into watch_last (ping_key, region_id, seen_at, recent_seen, latitude, longitude, still_since, still_lat, still_lng, due_at)
       select 'explain-' || i, 'default', now(), array[now()], 20, 80, now(), 20, 80, now() + (i || ' seconds')::interval
         from generate_series(1, 20000) as i`,
    );
    await server.ctx.db.query('analyze watch_last');
    const { rows } = await server.ctx.db.query<{ 'QUERY PLAN': string }>(`explain ${DUE_ROWS_SQL}`, [
      new Date(Date.now() + 60_000).toISOString(),
      500,
    ]);
    const plan = rows.map((row) => row['QUERY PLAN']).join('\n');
    expect(plan).toMatch(/Index Scan using watch_last_due on watch_last/);
    expect(plan).not.toMatch(/Seq Scan on watch_last/);
    await server.ctx.db.query("delete from watch_last where ping_key like 'explain-%'");
  });
});
