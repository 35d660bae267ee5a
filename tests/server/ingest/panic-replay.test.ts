// Journaled panics put back together (issue 47): each once, in journal order, placed by the store's zones under
// the ids they were answered with, a key's retry dropped, a panic already stored skipped, all announced.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamMessage } from '../../../src/api/stream.ts';
import type { JournaledPanic } from '../../../server/db/panic-journal.ts';
import { earlyPanicAnswer, type EarlyPanic } from '../../../server/ingest/early-panic.ts';
import { panicIds } from '../../../server/ingest/panic.ts';
import { replayPanics, type PanicWrite } from '../../../server/ingest/panic-replay.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';
import { redZoneAround } from '../support/watch.ts';

const ZONE_CENTRE = { latitude: 25.5788, longitude: 91.8933 };
const OUTSIDE = { latitude: 12.97, longitude: 77.59 };

function journaled(n: number, at: { latitude: number; longitude: number }, key?: string): JournaledPanic {
  const early: EarlyPanic = {
    request: { ...at, touristId: `t-replay-${n}`, deviceId: null, reportedAt: null, repaired: [] },
    origin: { source: 'panic' },
  };
  const claim = key ? { key, hash: `hash-${key}` } : undefined;
  const receivedAt = new Date(Date.UTC(2026, 11, 2, 3, 0, n)).toISOString();
  return { answer: earlyPanicAnswer(early, receivedAt, panicIds(claim)), idempotency: claim, early };
}

describe('putting back journaled panics', () => {
  let server: TestServer;
  let zoneId: string;
  beforeAll(async () => {
    server = await startTestServer();
    zoneId = await redZoneAround(server, ZONE_CENTRE.latitude, ZONE_CENTRE.longitude);
  });
  afterAll(() => server?.stop());

  it('stores each once in journal order, placed by the zones the store holds, and announces each', async () => {
    const { ctx } = server.app;
    const announced: StreamMessage[] = [];
    const write: PanicWrite = (work) =>
      ctx.write((tx, emit) => work(tx, (...messages) => (announced.push(...messages), emit(...messages))));
    const records = [
      ...Array.from({ length: 300 }, (_, n) => journaled(n, n % 2 ? ZONE_CENTRE : OUTSIDE)),
      journaled(300, ZONE_CENTRE, 'replay-key'),
    ];
    // The same key journaled again (its retry), and a panic the store already holds.
    const retry = journaled(301, ZONE_CENTRE, 'replay-key');
    const options = { ttlHours: 24, regionOutsideZones: () => 'default' };
    expect(await replayPanics(write, ctx.db, records.slice(0, 1), options)).toBe(1);
    announced.length = 0;

    expect(await replayPanics(write, ctx.db, [...records, retry], options)).toBe(records.length - 1);

    const ids = records.map((record) => record.answer.incident.id);
    const { rows } = await ctx.db.query<{ id: string; created_at: Date | string; geofence_id: string | null }>(
      `select i.id, i.created_at, a.geofence_id from incidents i join alerts a on a.incident_id = i.id
        where i.id = any($1::text[])`,
      [ids],
    );
    expect(rows).toHaveLength(records.length);
    const stored = new Map(rows.map((row) => [row.id, row]));
    for (const [n, record] of records.entries()) {
      const row = stored.get(record.answer.incident.id)!;
      expect(row.geofence_id).toBe(n % 2 || n === 300 ? zoneId : null);
      expect(new Date(row.created_at).toISOString()).toBe(record.answer.incident.createdAt);
    }
    const alertOrder = announced.flatMap((message) => (message.type === 'alert' ? [message.alert.incidentId] : []));
    expect(alertOrder).toEqual(ids.slice(1));
    const { rows: keys } = await ctx.db.query<{ response: { incident: { id: string } } }>(
      "select response from idempotency_keys where key = 'replay-key'",
    );
    expect(keys.map((key) => key.response.incident.id)).toEqual([records[300].answer.incident.id]);
  });
});
