// Shared steps of the watch tests (issue 32): pings that make a tourist "reporting", a red zone, and reads
// of the incidents, timelines and audit the watch writes.
import { expect } from 'vitest';
import type { Incident } from '../../../src/api/entities.ts';
import { incidentFromRow, type IncidentRow } from '../../../server/stores/incidents.ts';
import { call, type TestServer } from '../../helpers/server.ts';

export const LAT = 25.5;
export const LNG = 91.8;

let counter = 0;
export const uniqueTourist = (prefix = 'watch') => `${prefix}-${process.pid}-${Date.now().toString(36)}-${counter++}`;

/** A red zone of about 1 km around (lat, lng). */
export async function redZoneAround(
  server: TestServer,
  lat: number,
  lng: number,
  riskLevel: 'red' | 'yellow' = 'red',
): Promise<string> {
  const id = `gf-${uniqueTourist(riskLevel)}`;
  const d = 0.005;
  const res = await call(server.url, 'POST', '/geofences', {
    id,
    name: id,
    riskLevel,
    polygon: [
      [lat - d, lng - d],
      [lat + d, lng - d],
      [lat + d, lng + d],
      [lat - d, lng + d],
    ],
  });
  expect(res.status).toBe(201);
  return id;
}

export async function ping(server: TestServer, touristId: string, lat = LAT, lng = LNG): Promise<void> {
  const res = await call(server.url, 'POST', '/gps/update', { touristId, latitude: lat, longitude: lng });
  expect(res.status).toBeLessThan(300);
}

/** Three pings: the tourist "was reporting". Answers the time just before the last was received. */
export async function reporting(server: TestServer, touristId: string, lat = LAT, lng = LNG): Promise<number> {
  await ping(server, touristId, lat, lng);
  await ping(server, touristId, lat, lng);
  const before = Date.now();
  await ping(server, touristId, lat, lng);
  return before;
}

export async function watchIncidentsOf(server: TestServer, touristId: string): Promise<Incident[]> {
  const { rows } = await server.ctx.db.query<IncidentRow>(
    "select * from incidents where tourist_id = $1 and type in ('silent', 'stranded') order by type, created_at, id",
    [touristId],
  );
  return rows.map(incidentFromRow);
}

export async function timelineActions(
  server: TestServer,
  incidentId: string,
): Promise<{ action: string; actor: string; note?: string }[]> {
  const res = await call(server.url, 'GET', `/incidents/${incidentId}/timeline`);
  expect(res.status).toBe(200);
  return res.body.entries;
}

export async function auditOf(server: TestServer, action: string, target: string) {
  // A check pass audits its raised incidents in one entry (target: the incident when it raised one).
  const { rows } = await server.ctx.db.query<{ actor: string; detail: Record<string, unknown> }>(
    `select actor, detail from audit_log where action = $1
        and (target = $2 or detail->'incidents' @> jsonb_build_array(jsonb_build_object('id', $2::text)))`,
    [action, target],
  );
  return rows;
}

export const secondsAfter = (ms: number, seconds: number) => new Date(ms + seconds * 1000);
