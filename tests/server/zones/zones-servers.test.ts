// Issue 31 point 6: with two servers on one PostgreSQL, a zone written through one is used by the other's
// ingest at once: a GPS ping inside it, sent to the other a moment later, opens an incident. Each GPS group
// reads the zones' revision in its own transaction (migration 013), so no announcement has to arrive first;
// the stream's geofence_update still reaches the other server's dashboards through NOTIFY.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SpawnedServer } from '../../../tools/spawn-server.ts';
import { call } from '../../helpers/server.ts';
import { spawnServerPair, type ServerPair } from '../../helpers/server-pair.ts';
import { openStream } from '../../helpers/sse.ts';

const square = (lat: number, lng: number, size = 0.01): [number, number][] => [
  [lat, lng],
  [lat + size, lng],
  [lat + size, lng + size],
  [lat, lng + size],
];

describe.runIf(process.env.DATABASE_URL)('two servers on one PostgreSQL', () => {
  let pair: ServerPair;
  let a: SpawnedServer;
  let b: SpawnedServer;

  beforeAll(async () => {
    pair = await spawnServerPair();
    ({ a, b } = pair);
  }, 120_000);
  afterAll(() => pair?.stop());

  const pingB = (touristId: string, latitude: number, longitude: number) =>
    call(b.url, 'POST', '/gps/update', { touristId, latitude, longitude });
  const zoneIncidentsOf = async (touristId: string) =>
    (await call(b.url, 'GET', '/incidents?limit=500')).body.incidents.filter(
      (incident: { touristId: string; type: string }) =>
        incident.touristId === touristId && incident.type === 'geofence',
    );

  it("a zone drawn, moved and deleted through A is followed by B's ingest on the next ping, and B's stream announces each", async () => {
    const stream = await openStream(`${b.url}/panic-alerts/stream`);
    try {
      // B's zone cache is loaded (no zone there yet) before A writes.
      expect((await pingB('pg-warmup', 26.5, 92.5)).status).toBe(201);
      expect(await zoneIncidentsOf('pg-warmup')).toEqual([]);

      const drawn = await call(a.url, 'POST', '/geofences', {
        id: 'pg-zone',
        name: 'Pobitora',
        riskLevel: 'red',
        regionId: 'guwahati',
        polygon: square(26.5, 92.5),
      });
      expect(drawn.status).toBe(201);
      expect((await pingB('pg-inside', 26.505, 92.505)).status).toBe(201);
      expect(await zoneIncidentsOf('pg-inside')).toMatchObject([
        { severity: 'high', regionId: 'guwahati', meta: { geofenceId: 'pg-zone' } },
      ]);

      const moved = await call(
        a.url,
        'PUT',
        '/geofences/pg-zone',
        { name: 'Pobitora', riskLevel: 'red', regionId: 'guwahati', polygon: square(26.6, 92.6) },
        { 'if-match': '1' },
      );
      expect(moved.status).toBe(200);
      expect((await pingB('pg-moved', 26.605, 92.605)).status).toBe(201);
      expect(await zoneIncidentsOf('pg-moved')).toMatchObject([{ meta: { geofenceId: 'pg-zone' } }]);

      expect((await call(a.url, 'DELETE', '/geofences/pg-zone', undefined, { 'if-match': '2' })).status).toBe(200);
      expect((await pingB('pg-after-delete', 26.605, 92.605)).status).toBe(201);
      expect(await zoneIncidentsOf('pg-after-delete')).toEqual([]);

      await stream.waitFor((m) => m.data.type === 'geofence_update' && m.data.deletedId === 'pg-zone', 5000);
      const updates = stream.messages
        .filter((m) => m.data.type === 'geofence_update')
        .map((m) => m.data.geofence?.version ?? m.data.deletedId);
      expect(updates).toEqual([1, 2, 'pg-zone']);
    } finally {
      stream.close();
    }
  }, 60_000);
});
