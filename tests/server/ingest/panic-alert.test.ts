import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Alert, Incident } from '../../../src/api/entities.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
  // Two overlapping zones around (25.57, 91.88): the red one must decide region, place and risk.
  await post('/geofences', {
    id: 'gf-yellow-big',
    riskLevel: 'yellow',
    regionId: 'guwahati',
    polygon: square(25.57, 91.88, 0.05),
    meta: { placeId: 'big-market' },
  });
  await post('/geofences', {
    id: 'gf-red-peak',
    riskLevel: 'red',
    regionId: 'shillong',
    polygon: square(25.57, 91.88, 0.01),
    meta: { placeId: 'peak' },
  });
});
afterAll(() => server.stop());

function square(lat: number, lng: number, half: number): [number, number][] {
  return [
    [lat - half, lng - half],
    [lat - half, lng + half],
    [lat + half, lng + half],
    [lat + half, lng - half],
  ];
}

function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  return call(server.url, 'POST', path, body, headers);
}

async function countRows(table: 'incidents' | 'alerts' | 'stream_events'): Promise<number> {
  const { rows } = await server.ctx.db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return rows[0].n;
}

async function streamAfter(seq: number): Promise<{ seq: number; type: string; data: any }[]> {
  const { rows } = await server.ctx.db.query<{ seq: number; type: string; data: any }>(
    'select seq, type, data from stream_events where seq > $1 order by seq',
    [seq],
  );
  return rows;
}

async function lastSeq(): Promise<number> {
  const { rows } = await server.ctx.db.query<{ last: number | null }>('select max(seq) as last from stream_events');
  return rows[0].last ?? 0;
}

async function snapshotCounts() {
  return {
    incidents: await countRows('incidents'),
    alerts: await countRows('alerts'),
    stream: await countRows('stream_events'),
  };
}

describe('POST /panic-alert', () => {
  it('creates an open high-severity panic incident and its alert, placed by the riskiest zone', async () => {
    const res = await post('/panic-alert', { latitude: 25.571, longitude: 91.881, touristId: 't-1', deviceId: 'd-1' });
    expect(res.status).toBe(201);
    expect(res.body.ok).toBe(true);
    const incident = Incident.parse(res.body.incident);
    const alert = Alert.parse(res.body.alert);
    expect(incident).toMatchObject({
      type: 'panic',
      severity: 'high',
      status: 'open',
      latitude: 25.571,
      longitude: 91.881,
      regionId: 'shillong',
      touristId: 't-1',
      deviceId: 'd-1',
      acknowledgedAt: null,
      resolvedAt: null,
      verified: false,
      meta: { source: 'panic', geofenceId: 'gf-red-peak', riskLevel: 'red', placeId: 'peak' },
    });
    expect(alert).toMatchObject({
      incidentId: incident.id,
      latitude: 25.571,
      longitude: 91.881,
      at: incident.createdAt,
      regionId: 'shillong',
      geofenceId: 'gf-red-peak',
      riskLevel: 'red',
      placeId: 'peak',
      verified: false,
    });
    expect(Date.now() - Date.parse(incident.createdAt)).toBeLessThan(60_000);

    const listed = await call(server.url, 'GET', '/incidents?limit=500');
    // Its history fields (issue 11) and its dispatch times (issue 34) start empty.
    expect(listed.body.incidents).toContainEqual({
      acknowledgedBy: null,
      resolvedBy: null,
      assignee: null,
      escalatedAt: null,
      dispatchedAt: null,
      onSceneAt: null,
      ...incident,
    });
  });

  it('uses the only zone containing the point when just the yellow one does', async () => {
    const res = await post('/panic-alert', { latitude: 25.61, longitude: 91.91 });
    expect(res.body.incident.regionId).toBe('guwahati');
    expect(res.body.incident.meta).toEqual({
      source: 'panic',
      geofenceId: 'gf-yellow-big',
      riskLevel: 'yellow',
      placeId: 'big-market',
      unverified: 'no device token',
    });
  });

  it('puts a point outside every zone in region default with no zone fields', async () => {
    const res = await post('/panic-alert', { latitude: -33.9, longitude: -70.6 });
    expect(res.status).toBe(201);
    expect(res.body.incident.regionId).toBe('default');
    expect(res.body.incident.meta).toEqual({ source: 'panic', unverified: 'no device token' });
    expect(res.body.alert).not.toHaveProperty('geofenceId');
    expect(res.body.alert).not.toHaveProperty('riskLevel');
    expect(res.body.alert.regionId).toBe('default');
  });

  it('keeps the time the phone sent as reportedAt (UTC); createdAt and at are the server receive time', async () => {
    const sentAt = Date.now();
    const res = await post('/panic-alert', { latitude: 10, longitude: 10, at: '2024-03-01T10:00:00+05:30' });
    expect(res.body.incident.reportedAt).toBe('2024-03-01T04:30:00.000Z');
    expect(res.body.alert.reportedAt).toBe('2024-03-01T04:30:00.000Z');
    expect(Date.parse(res.body.incident.createdAt)).toBeGreaterThanOrEqual(sentAt - 1000);
    expect(res.body.alert.at).toBe(res.body.incident.createdAt);
    const plain = await post('/panic-alert', { latitude: 10, longitude: 10 });
    expect(plain.body.incident.reportedAt).toBeNull();
  });

  it('accepts null touristId and deviceId, as the reference phone app sends them', async () => {
    const res = await post('/panic-alert', { latitude: 1, longitude: 2, touristId: null, deviceId: null });
    expect(res.status).toBe(201);
    expect(res.body.incident.touristId).toBeNull();
    expect(res.body.incident.deviceId).toBeNull();
  });

  it('ignores unknown fields: the alert is created and the field is stored nowhere', async () => {
    const res = await post('/panic-alert', { latitude: 3, longitude: 4, batteryLevel: 12, meta: { evil: true } });
    expect(res.status).toBe(201);
    expect(res.body.incident).not.toHaveProperty('batteryLevel');
    expect(res.body.incident.meta).toEqual({ source: 'panic', unverified: 'no device token' });
    const { rows } = await server.ctx.db.query<{ meta: unknown }>('select meta from incidents where id = $1', [
      res.body.incident.id,
    ]);
    expect(rows[0].meta).toEqual({ source: 'panic', unverified: 'no device token' });
  });

  it('announces the alert and the new incident on the stream, in the same commit', async () => {
    const before = await lastSeq();
    const res = await post('/panic-alert', { latitude: 5, longitude: 6 });
    const events = await streamAfter(before);
    expect(events.map((e) => e.type)).toEqual(['alert', 'incident_update']);
    expect(events[0].data).toEqual({ type: 'alert', alert: res.body.alert });
    expect(events[1].data).toEqual({ type: 'incident_update', incident: res.body.incident });
  });

  it('delivers the alert to a live stream client resuming by lastEventId', async () => {
    const before = await lastSeq();
    const res = await post('/panic-alert', { latitude: 7, longitude: 8 });
    const abort = new AbortController();
    const stream = await fetch(`${server.url}/panic-alerts/stream?lastEventId=${before}`, { signal: abort.signal });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const reader = stream.body!.getReader();
    const decoder = new TextDecoder();
    let text = '';
    while (!text.includes('"incident_update"')) {
      const { value, done } = await reader.read();
      if (done) break;
      text += decoder.decode(value, { stream: true });
    }
    abort.abort();
    const messages = text
      .split('\n')
      .filter((line) => line.startsWith('data: '))
      .map((line) => JSON.parse(line.slice(6)));
    expect(messages[0]).toEqual({ type: 'alert', alert: res.body.alert });
    expect(messages[1]).toMatchObject({
      type: 'incident_update',
      incident: { id: res.body.incident.id, status: 'open' },
    });
  });

  it.each([
    ['latitude as a numeric string', { latitude: '12.3', longitude: 77 }, 'latitude'],
    ['latitude above 90', { latitude: 91, longitude: 77 }, 'latitude'],
    ['longitude below -180', { latitude: 12, longitude: -180.5 }, 'longitude'],
    ['missing longitude', { latitude: 12 }, 'longitude'],
  ])('rejects %s with 400 naming the field, storing nothing', async (_name, body, field) => {
    const before = await snapshotCounts();
    const res = await post('/panic-alert', body);
    expect(res.status).toBe(400);
    expect(res.body.ok).toBe(false);
    expect(typeof res.body.error).toBe('string');
    expect(res.body.issues.map((i: { path: string }) => i.path)).toContain(field);
    expect(await snapshotCounts()).toEqual(before);
  });

  it('refuses on a soft alert what PostgreSQL cannot store with a 400 naming the field, never a 500, storing nothing', async () => {
    const before = await countRows('incidents');
    const soft = await post('/soft-alert', { latitude: 25.5, longitude: 91.8, type: 'safe', deviceId: 'dev\u0000' });
    expect(soft.status).toBe(400);
    expect(soft.body).toMatchObject({ ok: false, issues: [{ path: 'deviceId' }] });
    expect(await countRows('incidents')).toBe(before);
  });

  it('rejects a JSON array body with 400', async () => {
    const res = await post('/panic-alert', [1, 2]);
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe('body');
  });
});

describe('POST /panic-alert with Idempotency-Key', () => {
  it('answers a repeated request with the first answer and creates nothing new', async () => {
    const body = { latitude: 25.572, longitude: 91.882, touristId: 't-retry' };
    const first = await post('/panic-alert', body, { 'Idempotency-Key': 'retry-1' });
    const before = await snapshotCounts();
    const again = await post('/panic-alert', body, { 'Idempotency-Key': 'retry-1' });
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(await snapshotCounts()).toEqual(before);
  });

  it('treats an absent touristId and null touristId as the same request', async () => {
    const first = await post(
      '/panic-alert',
      { latitude: 1.5, longitude: 1.5 },
      { 'Idempotency-Key': 'null-vs-absent' },
    );
    const again = await post(
      '/panic-alert',
      { latitude: 1.5, longitude: 1.5, touristId: null },
      { 'Idempotency-Key': 'null-vs-absent' },
    );
    expect(again.status).toBe(201);
    expect(again.body.incident.id).toBe(first.body.incident.id);
  });

  it('refuses the same key with a different body with 422 and creates nothing', async () => {
    await post('/panic-alert', { latitude: 2, longitude: 2 }, { 'Idempotency-Key': 'mismatch' });
    const before = await snapshotCounts();
    const res = await post('/panic-alert', { latitude: 2, longitude: 2.5 }, { 'Idempotency-Key': 'mismatch' });
    expect(res.status).toBe(422);
    expect(res.body.ok).toBe(false);
    expect(res.body.error).toMatch(/Idempotency-Key/);
    expect(await snapshotCounts()).toEqual(before);
  });

  it('creates exactly one incident when ten identical requests race', async () => {
    const body = { latitude: 30.1, longitude: 70.2, deviceId: 'racer' };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post('/panic-alert', body, { 'Idempotency-Key': 'race-10' })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    const ids = new Set(answers.map((a) => a.body.incident.id));
    expect(ids.size).toBe(1);
    const { rows } = await server.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from incidents where device_id = 'racer'",
    );
    expect(rows[0].n).toBe(1);
    const { rows: events } = await server.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from stream_events where data->'incident'->>'id' = $1 or data->'alert'->>'incidentId' = $1",
      [[...ids][0]],
    );
    expect(events[0].n).toBe(2);
  });

  it('uses a key longer than 128 characters by its digest instead of refusing the panic', async () => {
    const key = 'k'.repeat(129);
    const first = await post('/panic-alert', { latitude: 1, longitude: 1 }, { 'Idempotency-Key': key });
    expect(first.status).toBe(201);
    const again = await post('/panic-alert', { latitude: 1, longitude: 1 }, { 'Idempotency-Key': key });
    expect(again.body.incident.id).toBe(first.body.incident.id);
  });

  it('accepts a key of exactly 128 characters', async () => {
    const res = await post('/panic-alert', { latitude: 1, longitude: 1 }, { 'Idempotency-Key': 'k'.repeat(128) });
    expect(res.status).toBe(201);
  });
});

describe('GET /panic-alerts', () => {
  it('lists alerts newest first by receive time with their count, honouring limit', async () => {
    const second = await post('/panic-alert', { latitude: 11, longitude: 11, at: '2030-01-02T00:00:00Z' });
    const last = await post('/panic-alert', { latitude: 12, longitude: 12, at: '2030-01-01T00:00:00Z' });
    const res = await call(server.url, 'GET', '/panic-alerts?limit=2');
    expect(res.status).toBe(200);
    expect(res.body.count).toBe(2);
    expect(res.body.alerts.map((a: Alert) => a.id)).toEqual([last.body.alert.id, second.body.alert.id]);
    const all = await call(server.url, 'GET', '/panic-alerts');
    expect(all.body.count).toBe(await countRows('alerts'));
    const times = all.body.alerts.map((a: Alert) => Date.parse(a.at));
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it.each(['0', '501', 'ten'])('rejects limit=%s with 400', async (limit) => {
    const res = await call(server.url, 'GET', `/panic-alerts?limit=${limit}`);
    expect(res.status).toBe(400);
    expect(res.body.issues[0].path).toBe('limit');
  });
});

describe('POST /soft-alert', () => {
  it.each(['safe', 'low_battery', 'status'] as const)('creates a low-severity %s incident', async (type) => {
    const before = await lastSeq();
    const res = await post('/soft-alert', { latitude: 25.5705, longitude: 91.8805, type, touristId: 't-soft' });
    expect(res.status).toBe(201);
    const incident = Incident.parse(res.body.incident);
    expect(incident).toMatchObject({
      type,
      severity: 'low',
      status: 'open',
      regionId: 'shillong',
      touristId: 't-soft',
      deviceId: null,
      meta: { source: 'soft', geofenceId: 'gf-red-peak', riskLevel: 'red', placeId: 'peak' },
    });
    const events = await streamAfter(before);
    expect(events.map((e) => e.type)).toEqual(['incident_update']);
    expect(events[0].data.incident).toEqual(incident);
  });

  it('creates no alert row (only panics are alerts)', async () => {
    const alerts = await countRows('alerts');
    await post('/soft-alert', { latitude: 0, longitude: 0, type: 'safe' });
    expect(await countRows('alerts')).toBe(alerts);
  });

  it('rejects an unknown type with 400 naming the field, storing nothing', async () => {
    const before = await snapshotCounts();
    const res = await post('/soft-alert', { latitude: 0, longitude: 0, type: 'panic' });
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({ path: 'type', message: 'type must be one of safe, low_battery, status' });
    expect(await snapshotCounts()).toEqual(before);
  });
});
