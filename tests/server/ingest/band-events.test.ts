// Band and phone events (issue 32) on /events/ble, /events and /sync/offline: sos and fall are panics (stored
// before the 201, once per event id, never refused), vitals past the region's bounds and a removed or
// tampered band are watch incidents (one open per tourist and rule), unknown types are stored as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Incident } from '../../../src/api/entities.ts';
import { incidentFromRow, type IncidentRow } from '../../../server/stores/incidents.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';
import { ping, uniqueTourist } from '../support/watch.ts';

let server: TestServer;

/** An Etc/GMT zone whose local hour is `hour` now (day at 12, night at 1). */
function zoneWhereHourIs(hour: number): string {
  let offset = (hour - new Date().getUTCHours() + 24) % 24;
  if (offset > 12) offset -= 24;
  return offset === 0 ? 'Etc/GMT' : offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

const square = (lat: number, lng: number, size: number) => [
  [lat, lng],
  [lat + size, lng],
  [lat + size, lng + size],
  [lat, lng + size],
];
// Two regions far from everything: one where it is midday now, one where it is 01:00.
const DAY = { latitude: 10.1, longitude: 10.1 };
const RED = { latitude: 10.51, longitude: 10.51 };
const NIGHT = { latitude: 12.1, longitude: 10.1 };

async function region(id: string, lat: number, timeZone: string): Promise<void> {
  const res = await call(server.url, 'POST', '/regions', {
    id,
    name: id,
    timeZone,
    homeView: { center: [lat + 0.5, 10.5], zoom: 10 },
    boundary: square(lat, 10, 1),
    contacts: [],
  });
  expect(res.status).toBe(201);
}

beforeAll(async () => {
  server = await startTestServer({ retentionIntervalMs: 0, watchCheckMs: 0 });
  await region('band-day', 10, zoneWhereHourIs(12));
  await region('band-night', 12, zoneWhereHourIs(1));
  const red = {
    id: 'band-red',
    name: 'Gorge',
    riskLevel: 'red',
    regionId: 'band-day',
    polygon: square(10.5, 10.5, 0.02),
  };
  expect((await call(server.url, 'POST', '/geofences', red)).status).toBe(201);
  const bounds = await call(server.url, 'PUT', '/regions/band-day/watch', {
    vitals: { heartRateMin: 50, heartRateMax: 120, spo2Min: 92 },
  });
  expect(bounds.status).toBe(200);
});
afterAll(async () => {
  await server?.stop();
});

interface SentEvent {
  id?: string;
  type: string;
  payload?: unknown;
}

/** The three routes, each with its own body shape for the same events of one tourist and band. */
const routes = [
  {
    url: '/events/ble',
    body: (touristId: string, deviceId: string, events: SentEvent[]) => ({ deviceId, touristId, events }),
  },
  {
    url: '/events',
    body: (touristId: string, deviceId: string, events: SentEvent[]) => ({ deviceId, touristId, events }),
  },
  {
    url: '/sync/offline',
    body: (touristId: string, deviceId: string, events: SentEvent[]) => ({
      deviceId,
      batch: events.map((event) => ({ ...event, touristId })),
    }),
  },
];

async function incidentsOf(touristId: string): Promise<Incident[]> {
  const { rows } = await server.ctx.db.query<IncidentRow>(
    'select * from incidents where tourist_id = $1 order by created_at, type',
    [touristId],
  );
  return rows.map(incidentFromRow);
}

async function storedEvents(id: string): Promise<number> {
  const { rows } = await server.ctx.db.query<{ n: number }>('select count(*)::int as n from events where id = $1', [
    id,
  ]);
  return rows[0].n;
}

describe.each(routes)('$url', (route) => {
  const send = (touristId: string, events: SentEvent[], headers: Record<string, string> = {}) =>
    call(server.url, 'POST', route.url, route.body(touristId, `band-of-${touristId}`, events), headers);

  it('an sos is a panic stored before the 201, once however often its event id comes', async () => {
    const tourist = uniqueTourist('sos');
    const id = `sos-${tourist}`;
    const first = await send(tourist, [{ id, type: 'sos', payload: DAY }]);
    expect(first.status).toBe(201);
    const [panic] = await incidentsOf(tourist);
    expect(panic).toMatchObject({
      type: 'panic',
      severity: 'high',
      status: 'open',
      regionId: 'band-day',
      latitude: DAY.latitude,
      meta: { event: 'sos', eventId: id },
    });
    const { rows: alerts } = await server.ctx.db.query('select id from alerts where incident_id = $1', [panic.id]);
    expect(alerts).toHaveLength(1);

    expect((await send(tourist, [{ id, type: 'SOS', payload: RED }])).status).toBe(201);
    expect((await incidentsOf(tourist)).map((incident) => incident.id)).toEqual([panic.id]);
    expect(await storedEvents(id)).toBe(1);
  });

  it('a fall is a panic of type fall, high, saying why, at the last known position, once per event id', async () => {
    const tourist = uniqueTourist('fall');
    await ping(server, tourist, DAY.latitude, DAY.longitude);
    const id = `fall-${tourist}`;
    expect((await send(tourist, [{ id, type: 'fall' }])).status).toBe(201);
    expect((await send(tourist, [{ id, type: 'fall' }])).status).toBe(201);
    const incidents = await incidentsOf(tourist);
    expect(incidents).toHaveLength(1);
    expect(incidents[0]).toMatchObject({
      type: 'fall',
      severity: 'high',
      latitude: DAY.latitude,
      longitude: DAY.longitude,
      meta: {
        rule: 'fall',
        reason: 'Band reported a fall.',
        event: 'fall',
        eventId: id,
        positionAt: expect.any(String),
      },
    });
  });

  it('is never refused for an sos: a token naming another tourist is refused, its sos raised all the same', async () => {
    const [owner, other] = [uniqueTourist('owner'), uniqueTourist('other')];
    const token = (
      await call(server.url, 'POST', '/did/issue', { kycType: 'passport', kycHash: 'c'.repeat(64), touristId: owner })
    ).body.didToken;
    const refused = await send(other, [{ type: 'sos', payload: DAY }, { type: 'ble' }], {
      Authorization: `Bearer ${token}`,
    });
    expect(refused.status).toBe(403);
    expect(await incidentsOf(other)).toEqual([expect.objectContaining({ type: 'panic', verified: false })]);
  });

  it("raises vitals only past the region's bounds: a reading on a bound is inside; one open per tourist", async () => {
    const tourist = uniqueTourist('vitals');
    await ping(server, tourist, DAY.latitude, DAY.longitude);
    const inside = [
      { type: 'heart_rate', payload: { bpm: 120 } },
      { type: 'heart_rate', payload: 50 },
      { type: 'spo2', payload: { value: 92 } },
    ];
    expect((await send(tourist, inside)).status).toBe(201);
    expect(await incidentsOf(tourist)).toEqual([]);

    expect((await send(tourist, [{ type: 'heart_rate', payload: { bpm: 121 } }])).status).toBe(201);
    expect(
      (
        await send(tourist, [
          { type: 'heart_rate', payload: { bpm: 49 } },
          { type: 'spo2', payload: 91 },
        ])
      ).status,
    ).toBe(201);
    const incidents = await incidentsOf(tourist);
    expect(incidents).toHaveLength(1);
    expect(incidents[0]).toMatchObject({
      type: 'vitals',
      severity: 'medium',
      regionId: 'band-day',
      latitude: DAY.latitude,
      meta: {
        rule: 'vitals',
        event: 'heart_rate',
        value: 121,
        bound: 120,
        boundKind: 'max',
        reason: "Heart rate 121 bpm above the region's 120 limit.",
      },
    });
  });

  it('raises spo2 just below its bound, and not on it', async () => {
    const tourist = uniqueTourist('spo2');
    await ping(server, tourist, DAY.latitude, DAY.longitude);
    expect((await send(tourist, [{ type: 'spo2', payload: { spo2: 92 } }])).status).toBe(201);
    expect(await incidentsOf(tourist)).toEqual([]);
    expect((await send(tourist, [{ type: 'spo2', payload: { spo2: 91.5 } }])).status).toBe(201);
    expect(await incidentsOf(tourist)).toEqual([
      expect.objectContaining({
        type: 'vitals',
        meta: expect.objectContaining({ value: 91.5, bound: 92, boundKind: 'min' }),
      }),
    ]);
  });

  it('a removed band is medium by day outside a red zone; tamper inside one is high; one open per tourist', async () => {
    const calm = uniqueTourist('removed');
    expect(
      (
        await send(calm, [
          { type: 'removed', payload: DAY },
          { type: 'tamper', payload: DAY },
        ])
      ).status,
    ).toBe(201);
    expect(await incidentsOf(calm)).toEqual([
      expect.objectContaining({
        type: 'band_removed',
        severity: 'medium',
        meta: expect.objectContaining({
          rule: 'band_removed',
          event: 'removed',
          reason: 'Band reported it was taken off.',
        }),
      }),
    ]);
    const risky = uniqueTourist('tamper');
    expect((await send(risky, [{ type: 'tamper', payload: RED }])).status).toBe(201);
    expect(await incidentsOf(risky)).toEqual([
      expect.objectContaining({
        type: 'band_removed',
        severity: 'high',
        meta: expect.objectContaining({ event: 'tamper', riskLevel: 'red', zoneId: 'band-red' }),
      }),
    ]);
  });

  it('stores an unknown type as before, raising nothing', async () => {
    const tourist = uniqueTourist('unknown');
    const id = `weather-${tourist}`;
    expect((await send(tourist, [{ id, type: 'weather_report', payload: { rain: true } }])).status).toBe(201);
    expect(await storedEvents(id)).toBe(1);
    expect(await incidentsOf(tourist)).toEqual([]);
  });
});

describe('severity at night', () => {
  it("a removed band or vitals past a bound are high at night in the region's time zone", async () => {
    const tourist = uniqueTourist('night');
    await ping(server, tourist, NIGHT.latitude, NIGHT.longitude);
    const res = await call(server.url, 'POST', '/events/ble', {
      touristId: tourist,
      events: [{ type: 'removed' }, { type: 'heart_rate', payload: 151 }],
    });
    expect(res.status).toBe(201);
    const incidents = await incidentsOf(tourist);
    expect(
      incidents.map((incident) => [incident.type, incident.severity, incident.regionId, incident.meta.atNight]),
    ).toEqual([
      ['band_removed', 'high', 'band-night', true],
      ['vitals', 'high', 'band-night', true],
    ]);
    // Listed like any incident, each field as the contract declares it (the helper checks the answer).
    const listed = await call(server.url, 'GET', '/incidents?limit=500');
    expect(listed.body.incidents.filter((incident: Incident) => incident.touristId === tourist)).toHaveLength(2);
  });
});
