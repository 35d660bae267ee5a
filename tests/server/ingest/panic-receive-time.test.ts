// A phone's clock never hides a panic: lists, windows, export and the stream snapshot go by the server's
// receive time, and every unresolved panic is always in the snapshot and the unwindowed filter.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert, Incident } from '../../../src/api/entities.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';
import { openStream } from '../../helpers/sse.ts';

let server: TestServer;
let real: { incident: Incident; alert: Alert };
let slowClock: Incident;

const FUTURE_FLOOD = 1000;

beforeAll(async () => {
  server = await startTestServer();
  // 1,000 panics from phones whose clocks say 2099, sent 20 at a time.
  for (let sent = 0; sent < FUTURE_FLOOD; sent += 20) {
    const batch = Array.from({ length: 20 }, (_, i) =>
      call(server.url, 'POST', '/panic-alert', {
        latitude: 25.5,
        longitude: 91.8,
        touristId: `flood-${sent + i}`,
        at: '2099-01-01T00:00:00Z',
      }),
    );
    for (const answer of await Promise.all(batch)) expect(answer.status).toBe(201);
  }
  real = (await call(server.url, 'POST', '/panic-alert', { latitude: 25.51, longitude: 91.81, touristId: 'real' }))
    .body;
  slowClock = (
    await call(server.url, 'POST', '/panic-alert', {
      latitude: 25.52,
      longitude: 91.82,
      touristId: 'slow-clock',
      at: '2001-01-01T00:00:00Z',
    })
  ).body.incident;
}, 120_000);
afterAll(() => server.stop());

const ids = (incidents: { id: string }[]) => incidents.map((incident) => incident.id);

describe('a flood of panics dated 2099 buries nothing', () => {
  it('the real panic heads every list, newest first by receive time', async () => {
    const incidents = await call(server.url, 'GET', '/incidents?limit=500');
    expect(ids(incidents.body.incidents).slice(0, 2)).toEqual([slowClock.id, real.incident.id]);
    const alerts = await call(server.url, 'GET', '/panic-alerts?limit=500');
    expect(alerts.body.alerts[1].id).toBe(real.alert.id);
  });

  it.each(['', '?minutes=15', '?minutes=60', '?minutes=1440', '?regionId=all&minutes=0'])(
    'is in /incidents/filter%s',
    async (query) => {
      const res = await call(server.url, 'GET', `/incidents/filter${query}`);
      expect(ids(res.body.incidents)).toContain(real.incident.id);
      expect(ids(res.body.incidents)).toContain(slowClock.id);
    },
  );

  it('a phone whose clock says 2001 is in "Last 1h" and "Last 24h", and keeps its reported time', async () => {
    for (const minutes of [60, 1440]) {
      const res = await call(server.url, 'GET', `/incidents/filter?minutes=${minutes}`);
      expect(ids(res.body.incidents)).toContain(slowClock.id);
    }
    expect(slowClock.reportedAt).toBe('2001-01-01T00:00:00.000Z');
    expect(Date.now() - Date.parse(slowClock.createdAt)).toBeLessThan(120_000);
  });

  it('is in the export of the last 15 minutes', async () => {
    const csv = await call(server.url, 'GET', '/incidents/export?minutes=15');
    expect(csv.body).toContain(real.incident.id);
    expect(csv.body).toContain(slowClock.id);
  });

  it('is in a fresh stream snapshot, and so is every unresolved panic beyond its cap of 100', async () => {
    const stream = await openStream(`${server.url}/panic-alerts/stream`);
    try {
      const [snapshot] = await stream.waitForMessages(1);
      expect(snapshot.data.type).toBe('snapshot');
      const alertIds = ids(snapshot.data.alerts);
      expect(alertIds).toContain(real.alert.id);
      expect(alertIds.length).toBe(FUTURE_FLOOD + 2);
      const times = snapshot.data.alerts.map((alert: Alert) => Date.parse(alert.at));
      expect(times).toEqual([...times].sort((a, b) => b - a));
    } finally {
      stream.close();
    }
  });
});

describe('resolved panics leave the always-listed set', () => {
  it('an old panic stays in a short window until it is resolved', async () => {
    const old = (
      await call(server.url, 'POST', '/panic-alert', { latitude: 25.53, longitude: 91.83, touristId: 'old' })
    ).body;
    await server.ctx.db.query("update incidents set created_at = now() - interval '3 hours' where id = $1", [
      old.incident.id,
    ]);
    await server.ctx.db.query("update alerts set at = now() - interval '3 hours' where id = $1", [old.alert.id]);
    expect(ids((await call(server.url, 'GET', '/incidents/filter?minutes=60')).body.incidents)).toContain(
      old.incident.id,
    );
    expect((await call(server.url, 'POST', '/incidents/resolve', { id: old.incident.id })).status).toBe(200);
    expect(ids((await call(server.url, 'GET', '/incidents/filter?minutes=60')).body.incidents)).not.toContain(
      old.incident.id,
    );
  });
});
