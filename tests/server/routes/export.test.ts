import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

let server: TestServer;
/** API.md's columns, first and in order; the dispatch columns (issue 34) only after them. */
const API_COLUMNS =
  'id,touristId,deviceId,type,severity,status,latitude,longitude,createdAt,resolvedAt,regionId,riskLevel,geofenceId';
const COLUMNS = `${API_COLUMNS},dispatchedAt,dispatchedUnit,onSceneAt,dispatchOutcome,timeToDispatchS,timeToSceneS`;
const NO_DISPATCH = ',,,,,,';

beforeAll(async () => {
  server = await startTestServer();
  await call(server.url, 'POST', '/geofences', {
    id: 'gf-ny',
    riskLevel: 'red',
    regionId: 'guwahati',
    polygon: [
      [40.7, -74.0],
      [40.7, -73.9],
      [40.8, -73.9],
      [40.8, -74.0],
    ],
  });
});
afterAll(() => server.stop());

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();

function lines(csv: string): string[] {
  expect(csv.endsWith('\r\n')).toBe(true);
  return csv.slice(0, -2).split('\r\n');
}

describe('GET /incidents/export', () => {
  it('downloads every incident as CSV with the contract columns, neutralised cells and a dated file name', async () => {
    const panic = await call(server.url, 'POST', '/panic-alert', {
      latitude: 40.75,
      longitude: -73.95,
      touristId: '=cmd|calc',
      deviceId: 'band, "blue"',
      at: minutesAgo(1),
    });
    const incident = panic.body.incident;
    await call(server.url, 'POST', '/incidents/resolve', { id: incident.id });
    const { rows } = await server.ctx.db.query<{ resolved_at: Date }>(
      'select resolved_at from incidents where id = $1',
      [incident.id],
    );
    const resolvedAt = new Date(rows[0].resolved_at).toISOString();

    const res = await fetch(`${server.url}/incidents/export`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="incidents-all-\d{8}T\d{6}Z\.csv"$/);
    const [header, ...records] = lines(await res.text());
    expect(header).toBe(COLUMNS);
    expect(header.startsWith(`${API_COLUMNS},`)).toBe(true);
    expect(records).toContain(
      [
        incident.id,
        "'=cmd|calc",
        '"band, ""blue"""',
        'panic',
        'high',
        'resolved',
        '40.75',
        "'-73.95",
        incident.createdAt,
        resolvedAt,
        'guwahati',
        'red',
        'gf-ny',
      ].join(',') + NO_DISPATCH,
    );
  });

  it('leaves empty cells for absent values', async () => {
    const panic = await call(server.url, 'POST', '/panic-alert', { latitude: 1.25, longitude: 2.5, touristId: null });
    const csv = await (await fetch(`${server.url}/incidents/export`)).text();
    const row = lines(csv).find((line) => line.startsWith(panic.body.incident.id));
    expect(row).toBe(
      `${panic.body.incident.id},,,panic,high,open,1.25,2.5,${panic.body.incident.createdAt},,default,,${NO_DISPATCH}`,
    );
  });

  it('applies the region and time window like /incidents/filter', async () => {
    const recent = await call(server.url, 'POST', '/panic-alert', {
      latitude: 40.71,
      longitude: -73.91,
      at: minutesAgo(10),
    });
    const old = await call(server.url, 'POST', '/panic-alert', { latitude: 40.71, longitude: -73.91 });
    // Windows go by the server's receive time: make this one received 300 minutes ago.
    await server.ctx.db.query('update incidents set created_at = $2 where id = $1', [
      old.body.incident.id,
      minutesAgo(300),
    ]);
    // Resolved: /incidents/filter would otherwise list it whatever the window (an unresolved panic always shows).
    await call(server.url, 'POST', '/incidents/resolve', { id: old.body.incident.id });
    await call(server.url, 'POST', '/panic-alert', { latitude: -5, longitude: 5, at: minutesAgo(10) });

    const res = await fetch(`${server.url}/incidents/export?regionId=guwahati&minutes=60`);
    expect(res.headers.get('content-disposition')).toMatch(/filename="incidents-guwahati-\d{8}T\d{6}Z\.csv"/);
    const ids = lines(await res.text())
      .slice(1)
      .map((line) => line.split(',')[0]);
    const filtered = await call(server.url, 'GET', '/incidents/filter?regionId=guwahati&minutes=60');
    expect(ids).toEqual(filtered.body.incidents.map((i: { id: string }) => i.id));
    expect(ids).toContain(recent.body.incident.id);
    expect(ids).not.toContain(old.body.incident.id);
  });

  it('answers only a header for a region without incidents', async () => {
    const csv = await (await fetch(`${server.url}/incidents/export?regionId=nowhere`)).text();
    expect(csv).toBe(`${COLUMNS}\r\n`);
  });

  it('keeps the file name safe whatever the region id holds', async () => {
    const res = await fetch(`${server.url}/incidents/export?regionId=${encodeURIComponent('a"b/../c')}`);
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="incidents-a_b____c-\d{8}T\d{6}Z\.csv"$/,
    );
  });

  it('rejects a bad time window with a JSON 400', async () => {
    const res = await call(server.url, 'GET', '/incidents/export?minutes=forever');
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe('minutes');
  });
});
