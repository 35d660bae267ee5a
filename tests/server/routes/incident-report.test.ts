// The incident report's read (issue 34 point 6): one answer with the facts, the tourist's registered name,
// the trail around the incident, the timeline and the dispatches; each read on the audit trail under the
// reader's name, since it shows a tourist's name and whereabouts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncidentReport } from '../../../src/api/incident-report.ts';
import { signedInAs } from '../../helpers/auth.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';
import { drawBoundary } from '../support/regions.ts';

let server: TestServer;
let viewer: string;
let operator: string;

beforeAll(async () => {
  server = await startTestServer({ auth: 'on', adminPassword: 'report admin password', logLevel: 'error' });
  viewer = await signedInAs(server, 'viewer', 'vera');
  operator = await signedInAs(server, 'operator', 'omar');
  // The panic below is filed under Shillong by its boundary, which an admin draws (a fresh install has none).
  await drawBoundary(server, 'shillong', undefined, { cookie: await signedInAs(server, 'admin', 'ada') });
});
afterAll(() => server.stop());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

describe('GET /incidents/{id}/report', () => {
  it('answers facts, tourist, the trail from two hours before, timeline, dispatches and who handled it; audited as a read', async () => {
    const asOperator = (path: string, body: unknown) => call(server.url, 'POST', path, body, { cookie: operator });
    await call(server.url, 'POST', '/tourists/register', { touristId: 'tourist-report', name: 'Asha Rao' });
    const pings = [
      { latitude: 25.57, longitude: 91.88, at: minutesAgo(180) }, // before the window: left out
      { latitude: 25.571, longitude: 91.881, at: minutesAgo(100) },
      { latitude: 25.573, longitude: 91.884, at: minutesAgo(30) },
      { latitude: 25.575, longitude: 91.887, at: minutesAgo(5) },
    ].map((ping) => ({ ...ping, touristId: 'tourist-report' }));
    expect((await call(server.url, 'POST', '/gps/batch', { pings })).status).toBeLessThan(300);
    const panic = await call(server.url, 'POST', '/panic-alert', {
      latitude: 25.5788,
      longitude: 91.8933,
      touristId: 'tourist-report',
    });
    const id: string = panic.body.incident.id;
    await asOperator('/incidents/acknowledge', { id, note: 'Calling the tourist' });
    const sent = await asOperator('/incidents/dispatches', {
      id,
      unitId: 'demo-shillong-ambulance-1',
      note: 'Near the viewpoint',
    });
    await asOperator(`/incidents/dispatches/${sent.body.dispatch.id}/status`, { status: 'on_scene' });
    await asOperator('/incidents/notes', { id, note: 'Tourist found, minor injury' });
    await asOperator('/incidents/resolve', { id });

    const answer = await call(server.url, 'GET', `/incidents/${id}/report`, undefined, { cookie: viewer });
    expect(answer.status).toBe(200);
    const report = answer.body as IncidentReport;
    expect(report.incident).toMatchObject({
      id,
      status: 'resolved',
      acknowledgedBy: 'omar',
      resolvedBy: 'omar',
      regionId: 'shillong',
    });
    expect(report.incident.onSceneAt).toBe(report.dispatches[0].onSceneAt);
    expect(report.region).toMatchObject({ id: 'shillong', name: 'Shillong' });
    expect(report.tourist).toEqual({ id: 'tourist-report', name: 'Asha Rao' });
    expect(report.trail.map((point) => point.latitude)).toEqual([25.571, 25.573, 25.575]);
    expect(report.dispatches).toMatchObject([
      { unitName: 'Ambulance 108 Shillong-1 (demo)', state: 'on_scene', dispatchedBy: 'omar' },
    ]);
    expect(report.timeline.map((entry) => [entry.action, entry.actor, entry.note])).toEqual([
      ['raised', 'tourist-report', undefined],
      ['acknowledged', 'omar', 'Calling the tourist'],
      ['dispatched', 'omar', 'Near the viewpoint'],
      ['on_scene', 'omar', undefined],
      ['note', 'omar', 'Tourist found, minor injury'],
      ['resolved', 'omar', undefined],
    ]);
    expect(report.generatedBy).toBe('vera');

    const { rows } = await server.ctx.db.query<{ actor: string; detail: Record<string, unknown> }>(
      "select actor, detail from audit_log where action = 'incident.report' and target = $1",
      [id],
    );
    expect(rows).toEqual([{ actor: 'vera', detail: { touristId: 'tourist-report', deviceId: null, trailPoints: 3 } }]);
  });

  it('answers 404 with a sentence for an unknown incident, 401 to nobody signed in, and audits neither', async () => {
    const unknown = await call(server.url, 'GET', '/incidents/inc_nothing/report', undefined, { cookie: viewer });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('No incident with id "inc_nothing".');
    expect((await call(server.url, 'GET', '/incidents/inc_nothing/report')).status).toBe(401);
    const { rows } = await server.ctx.db.query(
      "select 1 from audit_log where action = 'incident.report' and target = 'inc_nothing'",
    );
    expect(rows).toEqual([]);
  });
});
