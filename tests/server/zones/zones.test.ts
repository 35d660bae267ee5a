import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

let server: TestServer;
let keyCounter = 0;
const uniqueKey = (name: string) => `${name}-${Date.now().toString(36)}-${keyCounter++}`;
const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const post = (path: string, body: unknown) => call(server.url, 'POST', path, body);

const square = (lat: number, lng: number, size = 0.01) => [
  [lat, lng],
  [lat + size, lng],
  [lat + size, lng + size],
  [lat, lng + size],
];
// Points well inside each zone, and one outside all of them.
const IN_RED = { latitude: 25.575, longitude: 91.885 };
const IN_YELLOW = { latitude: 26.145, longitude: 91.735 };
const IN_GREEN = { latitude: 12.975, longitude: 77.595 };
const OUTSIDE = { latitude: 20.0, longitude: 78.0 };

interface IncidentRow {
  type: string;
  severity: string;
  status: string;
  region_id: string;
  latitude: number;
  meta: Record<string, unknown>;
}

async function incidentsOf(touristId: string) {
  const { rows } = await server.ctx.db.query<IncidentRow>(
    'select type, severity, status, region_id, latitude, meta from incidents where tourist_id = $1 order by created_at',
    [touristId],
  );
  return rows;
}

async function zoneEventsOf(touristId: string) {
  const { rows } = await server.ctx.db.query<{ type: string; payload: Record<string, unknown> }>(
    `select type, payload from events where tourist_id = $1 and type like 'geofence_%' order by created_at, position`,
    [touristId],
  );
  return rows;
}

async function streamOf(touristId: string) {
  const { rows } = await server.ctx.db.query<{ type: string; data: any }>(
    'select type, data from stream_events order by seq',
  );
  return rows.filter(({ data }) => (data.ping ?? data.incident ?? data.alert)?.touristId === touristId);
}

beforeAll(async () => {
  server = await startTestServer();
  const zones = [
    {
      id: 'zone-red',
      riskLevel: 'red',
      regionId: 'shillong',
      polygon: square(25.57, 91.88),
      meta: { placeId: 'place-falls' },
    },
    { id: 'zone-yellow', riskLevel: 'yellow', regionId: 'guwahati', polygon: square(26.14, 91.73) },
    { id: 'zone-green', riskLevel: 'green', regionId: 'bengaluru', polygon: square(12.97, 77.59) },
  ];
  for (const zone of zones) expect((await post('/geofences', zone)).status).toBe(201);
});
afterAll(async () => {
  await server?.stop();
});

describe('zone entry', () => {
  it('entering a red zone opens exactly one high geofence incident with the zone region and place', async () => {
    const touristId = uniqueKey('t');
    expect((await post('/gps/update', { ...OUTSIDE, touristId })).status).toBe(201);
    expect((await post('/gps/update', { ...IN_RED, touristId, deviceId: 'dev-r' })).status).toBe(201);

    expect(await incidentsOf(touristId)).toEqual([
      {
        type: 'geofence',
        severity: 'high',
        status: 'open',
        region_id: 'shillong',
        latitude: IN_RED.latitude,
        // The ping carried no device token: what it raised says so.
        meta: {
          source: 'geofence',
          geofenceId: 'zone-red',
          riskLevel: 'red',
          placeId: 'place-falls',
          unverified: 'no device token',
        },
      },
    ]);
    const [enter] = await zoneEventsOf(touristId);
    expect(enter).toEqual({
      type: 'geofence_enter',
      payload: { geofenceId: 'zone-red', riskLevel: 'red', incidentId: expect.any(String), ...IN_RED },
    });
  });

  it('entering a yellow zone opens a medium incident', async () => {
    const touristId = uniqueKey('t');
    await post('/gps/update', { ...IN_YELLOW, touristId });
    const incidents = await incidentsOf(touristId);
    expect(incidents.map((i) => [i.severity, i.region_id, i.meta.geofenceId])).toEqual([
      ['medium', 'guwahati', 'zone-yellow'],
    ]);
    expect(incidents[0].meta).not.toHaveProperty('placeId');
  });

  it('staying inside creates nothing new', async () => {
    const touristId = uniqueKey('t');
    for (let i = 0; i < 3; i++)
      await post('/gps/update', { latitude: IN_RED.latitude + i * 0.001, longitude: IN_RED.longitude, touristId });
    expect(await incidentsOf(touristId)).toHaveLength(1);
    expect((await zoneEventsOf(touristId)).map((e) => e.type)).toEqual(['geofence_enter']);
  });

  it('green zones never alert', async () => {
    const touristId = uniqueKey('t');
    await post('/gps/update', { ...IN_GREEN, touristId });
    await post('/gps/update', { ...OUTSIDE, touristId });
    expect(await incidentsOf(touristId)).toEqual([]);
    expect(await zoneEventsOf(touristId)).toEqual([]);
    // Positions are not stream events (issue 48): nothing of this tourist is in the durable stream.
    expect(await streamOf(touristId)).toEqual([]);
  });

  it('the key falls back to the device: a device entering a zone is tracked without a tourist id', async () => {
    const deviceId = uniqueKey('d');
    await post('/gps/update', { ...IN_RED, touristId: null, deviceId });
    await post('/gps/update', { ...IN_RED, touristId: null, deviceId });
    const { rows } = await server.ctx.db.query('select id from incidents where device_id = $1', [deviceId]);
    expect(rows).toHaveLength(1);
  });
});

describe('zone exit', () => {
  it('leaving creates a geofence_exit event and an exit alert, no incident', async () => {
    const touristId = uniqueKey('t');
    await post('/gps/update', { ...IN_RED, touristId });
    await post('/gps/update', { ...OUTSIDE, touristId });

    expect(await incidentsOf(touristId)).toHaveLength(1);
    expect(await zoneEventsOf(touristId)).toEqual([
      expect.objectContaining({ type: 'geofence_enter' }),
      { type: 'geofence_exit', payload: { geofenceId: 'zone-red', riskLevel: 'red', ...OUTSIDE } },
    ]);
    const alerts = (await streamOf(touristId)).filter((m) => m.type === 'geofence_alert').map((m) => m.data.alert);
    expect(alerts.map((a) => a.action)).toEqual(['enter', 'exit']);
    expect(alerts[1]).not.toHaveProperty('incidentId');
  });

  it('entering again after leaving raises a new incident', async () => {
    const touristId = uniqueKey('t');
    for (const point of [IN_RED, OUTSIDE, IN_RED]) await post('/gps/update', { ...point, touristId });
    expect(await incidentsOf(touristId)).toHaveLength(2);
  });
});

describe('zones in a batch', () => {
  it('a batch that enters and exits, sent out of order, is replayed in time order', async () => {
    const touristId = uniqueKey('t');
    const res = await post('/gps/batch', {
      pings: [
        { ...OUTSIDE, touristId, at: minutesAgo(1) },
        { ...IN_YELLOW, touristId, at: minutesAgo(3) },
        { ...OUTSIDE, touristId, at: minutesAgo(5) },
        { ...IN_RED, touristId, at: minutesAgo(2) },
      ],
    });
    expect(res.status).toBe(201);
    expect((await incidentsOf(touristId)).map((i) => i.severity)).toEqual(['medium', 'high']);
    expect((await zoneEventsOf(touristId)).map((e) => `${e.type}:${e.payload.geofenceId}`)).toEqual([
      'geofence_enter:zone-yellow',
      'geofence_exit:zone-yellow',
      'geofence_enter:zone-red',
      'geofence_exit:zone-red',
    ]);
    const { rows } = await server.ctx.db.query('select * from zone_presence where ping_key = $1', [touristId]);
    expect(rows).toEqual([]);
  });

  it('announces the incident and alert each ping raised, in the time order of the pings', async () => {
    const touristId = uniqueKey('t');
    await post('/gps/batch', {
      pings: [
        { ...IN_RED, touristId, at: minutesAgo(2) },
        { ...OUTSIDE, touristId, at: minutesAgo(1) },
      ],
    });
    const messages = await streamOf(touristId);
    expect(messages.map((m) => (m.type === 'geofence_alert' ? `alert:${m.data.alert.action}` : m.type))).toEqual([
      'incident_update',
      'alert:enter',
      'alert:exit',
    ]);
    const [incidentUpdate, enter] = messages;
    expect(enter.data.alert).toEqual({
      id: expect.any(String),
      action: 'enter',
      geofenceId: 'zone-red',
      riskLevel: 'red',
      regionId: 'shillong',
      placeId: 'place-falls',
      incidentId: incidentUpdate.data.incident.id,
      touristId,
      deviceId: null,
      ...IN_RED,
      at: expect.any(String),
    });
    expect(incidentUpdate.data.incident).toMatchObject({
      type: 'geofence',
      severity: 'high',
      status: 'open',
      regionId: 'shillong',
    });
  });

  it('a late offline sync older than the last position stores history but raises nothing', async () => {
    const touristId = uniqueKey('t');
    await post('/gps/update', { ...OUTSIDE, touristId });
    await post('/gps/batch', { pings: [{ ...IN_RED, touristId, at: minutesAgo(30) }] });
    expect(await incidentsOf(touristId)).toEqual([]);
    const { rows } = await server.ctx.db.query('select id from gps_pings where ping_key = $1', [touristId]);
    expect(rows).toHaveLength(2);
  });

  it('two concurrent entries of the same tourist raise one incident', async () => {
    const touristId = uniqueKey('t');
    const results = await Promise.all(Array.from({ length: 4 }, () => post('/gps/update', { ...IN_RED, touristId })));
    expect(results.map((r) => r.status)).toEqual([201, 201, 201, 201]);
    expect(await incidentsOf(touristId)).toHaveLength(1);
  });
});

describe('the live stream', () => {
  it('carries incident_update and geofence_alert with ids, and the gps position without one, over a real SSE connection', async () => {
    const touristId = uniqueKey('t');
    const abort = new AbortController();
    const response = await fetch(`${server.url}/panic-alerts/stream?lastEventId=0`, { signal: abort.signal });
    expect(response.headers.get('content-type')).toContain('text/event-stream');
    await post('/gps/update', { ...IN_YELLOW, touristId });

    const mine: any[] = [];
    const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    const deadline = Date.now() + 10_000;
    while (mine.length < 3 && Date.now() < deadline) {
      const { value, done } = await reader.read();
      if (done) break;
      buffer += value;
      const frames = buffer.split('\n\n');
      buffer = frames.pop()!;
      for (const frame of frames) {
        const data = frame.split('\n').find((line) => line.startsWith('data:'));
        if (!data) continue;
        const message = JSON.parse(data.slice(5));
        const id = frame.split('\n').find((line) => line.startsWith('id:'));
        if ((message.ping ?? message.incident ?? message.alert)?.touristId === touristId) mine.push({ ...message, id });
      }
    }
    abort.abort();
    // The position goes out at the stream's next positions tick, after the alerts its commit announced.
    const durable = mine.filter((m) => m.type !== 'gps');
    expect(durable.map((m) => m.type)).toEqual(['incident_update', 'geofence_alert']);
    expect(durable.every((m) => /^id: \d+$/.test(m.id))).toBe(true);
    expect(mine.filter((m) => m.type === 'gps')).toEqual([
      { type: 'gps', ping: expect.objectContaining({ touristId, ...IN_YELLOW }), id: undefined },
    ]);
    expect(durable[1].alert).toMatchObject({
      action: 'enter',
      geofenceId: 'zone-yellow',
      riskLevel: 'yellow',
      incidentId: durable[0].incident.id,
    });
  });
});

describe("points on a zone's boundary", () => {
  it('a panic on an edge or a vertex is in the zone, as the map decides (src/domain/geo.ts)', async () => {
    for (const point of [
      { latitude: 25.57, longitude: 91.885 },
      { latitude: 25.58, longitude: 91.89 },
    ]) {
      const panic = await post('/panic-alert', point);
      expect(panic.body.incident).toMatchObject({ regionId: 'shillong', meta: { geofenceId: 'zone-red' } });
    }
  });

  it('a ping on the edge enters the zone', async () => {
    const touristId = uniqueKey('edge');
    await post('/gps/update', { ...OUTSIDE, touristId });
    await post('/gps/update', { latitude: 25.575, longitude: 91.88, touristId });
    expect((await incidentsOf(touristId)).map((incident) => incident.meta.geofenceId)).toEqual(['zone-red']);
  });
});
