// The dashboard's test alert: raised like a phone's panic (stored, placed by zone, streamed), but an
// operator's act: role-checked when sign-in is on, and recorded in the audit trail with who sent it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../src/api/audit.ts';
import { PanicAlertResponse } from '../../../src/api/responses.ts';
import { signedInAs } from '../../helpers/auth.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';
import { openStream } from '../../helpers/sse.ts';

const square: [number, number][] = [
  [25.5, 91.8],
  [25.5, 91.9],
  [25.6, 91.9],
  [25.6, 91.8],
];

async function countRows(server: TestServer, table: 'incidents' | 'alerts'): Promise<number> {
  const { rows } = await server.ctx.db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return rows[0].n;
}

/** Incidents, alerts and recorded test alerts: what a refused request must leave as it was. */
async function footprint(server: TestServer): Promise<number[]> {
  const { rows } = await server.ctx.db.query<{ n: number }>(
    "select count(*)::int as n from audit_log where action = 'incident.test_alert'",
  );
  return [await countRows(server, 'incidents'), await countRows(server, 'alerts'), rows[0].n];
}

describe('POST /incidents/test-alert', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
    expect(
      (
        await call(server.url, 'POST', '/geofences', {
          id: 'gf-drill',
          riskLevel: 'red',
          regionId: 'shillong',
          polygon: square,
        })
      ).status,
    ).toBe(201);
  });
  afterAll(() => server.stop());
  const sendTestAlert = (body: unknown) => call(server.url, 'POST', '/incidents/test-alert', body);

  it('answers 201 with the alert and its incident, placed by zone like a panic, listed in /panic-alerts', async () => {
    const res = await sendTestAlert({ latitude: 25.55, longitude: 91.85 });
    expect(res.status).toBe(201);
    const { alert, incident } = PanicAlertResponse.parse(res.body);
    expect(alert).toMatchObject({
      incidentId: incident.id,
      latitude: 25.55,
      longitude: 91.85,
      regionId: 'shillong',
      geofenceId: 'gf-drill',
      riskLevel: 'red',
    });
    expect(incident).toMatchObject({
      type: 'panic',
      severity: 'high',
      status: 'open',
      regionId: 'shillong',
      meta: { source: 'panic', geofenceId: 'gf-drill', test: true, sentBy: 'anonymous' },
    });
    const listed = await call(server.url, 'GET', '/panic-alerts');
    expect(listed.body.alerts).toContainEqual({
      ...alert,
      type: 'panic',
      status: 'open',
      timestamp: alert.at,
      location: '25.5500, 91.8500',
    });
    const incidents = await call(server.url, 'GET', '/incidents');
    expect(incidents.body.incidents.map((i: { id: string }) => i.id)).toContain(incident.id);
  });

  it('reaches an open stream as alert and incident_update', async () => {
    const stream = await openStream(`${server.url}/panic-alerts/stream`);
    try {
      await stream.waitForMessages(1);
      const res = await sendTestAlert({ latitude: 12.5, longitude: 77.5 });
      expect(res.status).toBe(201);
      const alert = await stream.waitFor((m) => m.data.type === 'alert' && m.data.alert.id === res.body.alert.id);
      expect(alert.data.alert.incidentId).toBe(res.body.incident.id);
      const update = await stream.waitFor(
        (m) => m.data.type === 'incident_update' && m.data.incident.id === res.body.incident.id,
      );
      expect(update.data.incident).toMatchObject({ status: 'open', regionId: 'default' });
    } finally {
      stream.close();
    }
  });

  it('is recorded in the audit trail: action, target incident, coordinates, anonymous at the address with sign-in off', async () => {
    const res = await sendTestAlert({ latitude: 10.25, longitude: 20.5 });
    const audit = await call(server.url, 'GET', '/audit?action=incident.test_alert&limit=1');
    const [entry] = audit.body.entries as AuditEntry[];
    expect(entry).toMatchObject({
      action: 'incident.test_alert',
      target: res.body.incident.id,
      actor: 'anonymous',
      role: null,
      address: '127.0.0.1',
      detail: { latitude: 10.25, longitude: 20.5, alertId: res.body.alert.id },
    });
    expect((await call(server.url, 'GET', '/audit/verify')).body.ok).toBe(true);
  });

  it.each([
    ['a latitude off the globe', { latitude: 91, longitude: 0 }],
    ['a latitude given as text', { latitude: '12.5', longitude: 0 }],
    ['no latitude', { longitude: 0 }],
  ])('refuses %s with 400 naming latitude, storing and recording nothing', async (_name, body) => {
    const before = await footprint(server);
    const res = await sendTestAlert(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ ok: false, error: expect.stringMatching(/latitude/) });
    expect(res.body.issues.map((issue: { path: string }) => issue.path)).toContain('latitude');
    expect(await footprint(server)).toEqual(before);
  });
});

describe('POST /incidents/test-alert with sign-in on', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ auth: 'on' });
  });
  afterAll(() => server.stop());
  const sendTestAlert = (headers: Record<string, string>) =>
    call(server.url, 'POST', '/incidents/test-alert', { latitude: 1.5, longitude: 2.5 }, headers);

  it('lets an operator send one, recorded with their name and role', async () => {
    const cookie = await signedInAs(server, 'operator', 'drill-operator');
    const res = await sendTestAlert({ cookie });
    expect(res.status).toBe(201);
    expect(res.body.incident.meta).toMatchObject({ test: true, sentBy: 'drill-operator' });
    const { rows } = await server.ctx.db.query<{
      actor: string;
      role: string;
      target: string;
      detail: Record<string, unknown>;
    }>("select actor, role, target, detail from audit_log where action = 'incident.test_alert'");
    expect(rows).toEqual([
      {
        actor: 'drill-operator',
        role: 'operator',
        target: res.body.incident.id,
        detail: expect.objectContaining({ latitude: 1.5, longitude: 2.5 }),
      },
    ]);
  });

  it.each([
    ['a viewer', 403, 'viewer'],
    ['nobody signed in', 401, undefined],
  ] as const)('refuses %s with %i, storing and recording nothing', async (_name, status, role) => {
    const headers: Record<string, string> =
      role === undefined ? {} : { cookie: await signedInAs(server, role, 'drill-viewer') };
    const before = await footprint(server);
    const res = await sendTestAlert(headers);
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ ok: false, error: expect.any(String) });
    expect(await footprint(server)).toEqual(before);
  });
});
