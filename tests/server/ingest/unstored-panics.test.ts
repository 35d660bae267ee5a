// A panic the journal answered because the store could not take it in time is shown to operators before the
// store holds it: on every open stream at once (without an id), in every fresh snapshot and in /incidents/filter,
// whatever its window or region; once put back it is listed once and announced once more, with an id.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Alert, Incident } from '../../../src/api/entities.ts';
import type { PanicAnswer } from '../../../server/ingest/panic.ts';
import { withUnstoredAlerts, withUnstoredIncidents } from '../../../server/ingest/unstored-panics.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';
import { openStream } from '../../helpers/sse.ts';

const DATABASE_URL = process.env.DATABASE_URL;

const answerAt = (id: string, at: string, regionId = 'shillong'): PanicAnswer =>
  ({
    alert: { id: `al-${id}`, incidentId: id, at, regionId } as Alert,
    incident: { id, createdAt: at, regionId } as Incident,
  }) as PanicAnswer;

describe('the lists with the unstored panics', () => {
  const stored = [answerAt('in-3', '2026-12-02T10:03:00Z'), answerAt('in-1', '2026-12-02T10:01:00Z')];
  const unstored = [answerAt('in-4', '2026-12-02T10:04:00Z'), answerAt('in-2', '2026-12-02T10:02:00Z', 'guwahati')];

  it('puts each in the snapshot by receive time, once, beside the stored alerts', () => {
    const alerts = withUnstoredAlerts(
      stored.map((answer) => answer.alert),
      [...unstored, stored[0]],
    );
    expect(alerts.map((alert) => alert.id)).toEqual(['al-in-4', 'al-in-3', 'al-in-2', 'al-in-1']);
  });

  it('lists those of the region asked for (every region when none) in order, once', () => {
    const list = { json: JSON.stringify(stored.map((answer) => answer.incident)), ids: ['in-3', 'in-1'] };
    expect(withUnstoredIncidents(list, unstored, undefined).ids).toEqual(['in-4', 'in-3', 'in-2', 'in-1']);
    const shillong = withUnstoredIncidents(list, [...unstored, stored[1]], 'shillong');
    expect(shillong.ids).toEqual(['in-4', 'in-3', 'in-1']);
    expect(JSON.parse(shillong.json).map((incident: Incident) => incident.id)).toEqual(shillong.ids);
    expect(withUnstoredIncidents(list, [], undefined)).toBe(list);
  });
});

describe.runIf(DATABASE_URL)('a panic journaled while its table takes no writes', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ panicStoreWaitMs: 300 });
  }, 120_000);
  afterAll(() => server?.stop());

  it('is streamed at once, and is in a fresh snapshot and every filter until it is stored, then listed once', async () => {
    const open = await openStream(`${server.url}/panic-alerts/stream`);
    const holder = new pg.Client({ connectionString: DATABASE_URL });
    await holder.connect();
    try {
      await open.waitFor((message) => message.data?.type === 'snapshot');
      await holder.query('begin');
      // Reads go on (the store is there), writes wait: the panic is journaled and cannot be put back yet.
      await holder.query(`lock table "${server.config.databaseSchema}".incidents in exclusive mode`);
      const panic = await call(server.url, 'POST', '/panic-alert', {
        latitude: 25.58,
        longitude: 91.89,
        touristId: 't-unstored',
      });
      expect(panic.status).toBe(201);
      const { alert, incident } = panic.body as PanicAnswer;

      const live = await open.waitFor((message) => message.data?.alert?.id === alert.id, 5000);
      expect(live.id).toBeUndefined();
      await open.waitFor((message) => message.data?.incident?.id === incident.id, 5000);

      const fresh = await openStream(`${server.url}/panic-alerts/stream`);
      try {
        const [snapshot] = await fresh.waitForMessages(1);
        expect(snapshot.data.type).toBe('snapshot');
        expect(snapshot.data.alerts.map((shown: Alert) => shown.id)).toContain(alert.id);
      } finally {
        fresh.close();
      }
      for (const query of ['', '?minutes=15', `?regionId=${incident.regionId}`, '?minutes=1&changedSince=0']) {
        const list = await call(server.url, 'GET', `/incidents/filter${query}`);
        expect(list.status, query).toBe(200);
        expect(list.body.incidents.map((listed: Incident) => listed.id)).toContain(incident.id);
      }
      const otherRegion = await call(server.url, 'GET', '/incidents/filter?regionId=nowhere');
      expect(otherRegion.body.incidents.map((listed: Incident) => listed.id)).not.toContain(incident.id);

      await holder.query('rollback');
      const stored = await open.waitFor((message) => message.data?.alert?.id === alert.id && !!message.id, 30_000);
      expect(Number(stored.id)).toBeGreaterThan(0);
      const list = await call(server.url, 'GET', '/incidents/filter');
      expect(list.body.incidents.filter((listed: Incident) => listed.id === incident.id)).toHaveLength(1);
      // The desk lets go once the put-back is done, just after its commit announced the panic.
      await expect.poll(() => server.app.panicFallback.desk.unstoredAnswers(), { timeout: 10_000 }).toEqual([]);
    } finally {
      await holder.end();
      open.close();
    }
  }, 90_000);
});
