import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../../server/db/seam.ts';
import { RETENTION_BATCH_ROWS, runRetention, startRetentionJob } from '../../../server/jobs/retention.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

const DAY = 86_400_000;
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();
const windows = { retainPingsDays: 30, retainEventsDays: 90, retainStreamDays: 7, idempotencyTtlHours: 24 };

let server: TestServer;
let counter = 0;
const uniqueId = (name: string) => `${name}-${Date.now().toString(36)}-${counter++}`;
const query = (text: string, params: unknown[] = []) => server.ctx.db.query<Record<string, unknown>>(text, params);
const ids = async (text: string, params: unknown[]) =>
  (await query(text, params)).rows.map((row) => Object.values(row)[0]);

beforeAll(async () => {
  // The timer stays off: these tests run the job themselves, once, through runRetention.
  server = await startTestServer({ retentionIntervalMs: 0, ...windows });
});
afterAll(async () => {
  await server?.stop();
});

describe('runRetention', () => {
  it('deletes exactly the rows older than their windows, and keeps incidents, alerts and zone presence', async () => {
    await query('delete from stream_events');
    const key = uniqueId('k');
    const pingAt = [ago(31 * DAY), ago(29 * DAY)];
    for (const at of pingAt) {
      await query('insert into gps_pings (ping_key, latitude, longitude, at) values ($1, 1, 1, $2)', [key, at]);
    }
    const [staleKey, freshKey] = [uniqueId('stale'), uniqueId('fresh')];
    await query('insert into gps_last (ping_key, latitude, longitude, at) values ($1, 1, 1, $2), ($3, 1, 1, $4)', [
      staleKey,
      ago(31 * DAY),
      freshKey,
      ago(29 * DAY),
    ]);
    const [oldEvent, newEvent] = [uniqueId('old'), uniqueId('new')];
    await query(`insert into events (id, type, created_at) values ($1, 'ble', $2), ($3, 'ble', $4)`, [
      oldEvent,
      ago(91 * DAY),
      newEvent,
      ago(89 * DAY),
    ]);
    for (const at of [ago(9 * DAY), ago(8 * DAY), ago(6 * DAY), ago(HOUR)]) {
      await query(`insert into stream_events (type, data, created_at) values ('gps', '{}', $1)`, [at]);
    }
    const [oldKey, newKey] = [uniqueId('old'), uniqueId('new')];
    await query(
      `insert into idempotency_keys (key, request_hash, response, created_at) values ($1, 'h', '{}', $2), ($3, 'h', '{}', $4)`,
      [oldKey, ago(25 * HOUR), newKey, ago(23 * HOUR)],
    );
    const [expiredSession, liveSession] = [uniqueId('expired'), uniqueId('live')];
    await query(
      `insert into operator_sessions (id_hash, username, data, expires_at) values ($1, 'a', '{}', $2), ($3, 'a', '{}', $4)`,
      [expiredSession, ago(HOUR), liveSession, ago(-HOUR)],
    );
    const [oldDid, newDid] = [uniqueId('did:local:old'), uniqueId('did:local:new')];
    await query(
      'insert into did_uses (did_id, tourist_id, first_at, last_at) values ($1, $3, $2, $2), ($4, $3, $5, $5)',
      [oldDid, ago(31 * DAY), key, newDid, ago(29 * DAY)],
    );
    const webhook = uniqueId('wh');
    await query(
      `insert into webhooks (id, name, url, secret, events, created_by) values ($1, 'w', 'http://127.0.0.1:9/', 's', '{panic.created}', 'a')`,
      [webhook],
    );
    const deliveries = [uniqueId('msg-old-delivered'), uniqueId('msg-old-pending'), uniqueId('msg-new-dead')];
    for (const [id, state, at] of [
      [deliveries[0], 'delivered', ago(91 * DAY)],
      [deliveries[1], 'pending', ago(91 * DAY)],
      [deliveries[2], 'dead', ago(89 * DAY)],
    ]) {
      await query(
        `insert into webhook_deliveries (id, webhook_id, event_id, event_type, payload, state, created_at) values ($1, $2, 'e', 'panic.created', '{}', $3, $4)`,
        [id, webhook, state, at],
      );
    }
    const incident = uniqueId('inc');
    await query(
      `insert into incidents (id, type, severity, latitude, longitude, created_at) values ($1, 'panic', 'high', 1, 1, $2)`,
      [incident, ago(400 * DAY)],
    );
    await query(
      `insert into alerts (id, incident_id, latitude, longitude, at, region_id) values ($1, $1, 1, 1, $2, 'default')`,
      [incident, ago(400 * DAY)],
    );
    await query('insert into zone_presence (ping_key, geofence_id, entered_at) values ($1, $2, $3)', [
      key,
      'zone',
      ago(400 * DAY),
    ]);

    const deleted = await runRetention(server.ctx.db, windows);

    expect(deleted).toEqual({
      gpsPings: 1,
      gpsLast: 1,
      events: 1,
      streamEvents: 2,
      idempotencyKeys: 1,
      operatorSessions: 1,
      didUses: 1,
      webhookDeliveries: 1,
      touristProfiles: 0,
    });
    expect(await ids('select id from webhook_deliveries where webhook_id = $1 order by id', [webhook])).toEqual(
      [deliveries[2], deliveries[1]].sort(),
    );
    expect(await ids('select did_id from did_uses where tourist_id = $1', [key])).toEqual([newDid]);
    expect(
      await ids('select id_hash from operator_sessions where id_hash in ($1, $2)', [expiredSession, liveSession]),
    ).toEqual([liveSession]);
    expect(
      (await ids('select at from gps_pings where ping_key = $1', [key])).map((at) =>
        new Date(at as string).toISOString(),
      ),
    ).toEqual([pingAt[1]]);
    expect(await ids('select ping_key from gps_last where ping_key in ($1, $2)', [staleKey, freshKey])).toEqual([
      freshKey,
    ]);
    expect(await ids('select id from events where id in ($1, $2)', [oldEvent, newEvent])).toEqual([newEvent]);
    expect(await ids('select count(*)::int from stream_events', [])).toEqual([2]);
    expect(await ids('select key from idempotency_keys where key in ($1, $2)', [oldKey, newKey])).toEqual([newKey]);
    expect(await ids('select id from incidents where id = $1', [incident])).toEqual([incident]);
    expect(await ids('select id from alerts where id = $1', [incident])).toEqual([incident]);
    expect(await ids('select geofence_id from zone_presence where ping_key = $1', [key])).toEqual(['zone']);
  });

  it("clears an idle tourist's profile (not a travelling or recently seen one's), keeping the id and name", async () => {
    const [idle, travelling, seen] = [uniqueId('idle'), uniqueId('travelling'), uniqueId('seen')];
    const day = (ms: number) => ago(ms).slice(0, 10);
    const trip = (to: string) => JSON.stringify([{ place: 'Shillong', from: day(60 * DAY), to }]);
    for (const [id, to] of [
      [idle, day(40 * DAY)],
      [travelling, day(-2 * DAY)],
      [seen, day(40 * DAY)],
    ]) {
      await query(
        `insert into tourists (id, name, phone, id_type, id_last4, emergency_contacts, itinerary, profile_updated_at)
         values ($1, 'Asha', '+919876543210', 'aadhaar', '4321', '[{"name":"Ravi","phone":"+919812345678"}]', $2, $3)`,
        [id, trip(to), ago(45 * DAY)],
      );
    }
    await query('insert into gps_last (ping_key, latitude, longitude, at) values ($1, 1, 1, $2)', [seen, ago(DAY)]);

    const cleared = await runRetention(server.ctx.db, windows);

    expect(cleared.touristProfiles).toBe(1);
    const profiles = await query(
      'select id, name, phone, id_last4, emergency_contacts from tourists where id = any($1) order by id',
      [[idle, travelling, seen]],
    );
    expect(profiles.rows.find((row) => row.id === idle)).toEqual({
      id: idle,
      name: 'Asha',
      phone: null,
      id_last4: null,
      emergency_contacts: [],
    });
    expect(
      profiles.rows
        .filter((row) => row.phone !== null)
        .map((row) => row.id)
        .sort(),
    ).toEqual([seen, travelling].sort());
  });

  it(`deletes more than one batch of ${RETENTION_BATCH_ROWS} rows in a run`, async () => {
    const key = uniqueId('bulk');
    const rows = 2 * RETENTION_BATCH_ROWS + 3;
    await query(
      `insert into gps_pings (ping_key, latitude, longitude, at) select $1, 1, 1, $2::timestamptz from generate_series(1, $3)`,
      [key, ago(40 * DAY), rows],
    );
    const deleted = await runRetention(server.ctx.db, windows);
    expect(deleted.gpsPings).toBe(rows);
    expect(await ids('select count(*)::int from gps_pings where ping_key = $1', [key])).toEqual([0]);
  });

  it('keeps the newest stream event, so a client away longer than the window still gets a snapshot', async () => {
    await query('delete from stream_events');
    for (const at of [ago(20 * DAY), ago(10 * DAY)]) {
      await query(`insert into stream_events (type, data, created_at) values ('gps', '{}', $1)`, [at]);
    }
    const newest = await ids('select max(seq)::text from stream_events', []);
    expect((await runRetention(server.ctx.db, windows)).streamEvents).toBe(1);
    expect(await ids('select seq::text from stream_events', [])).toEqual(newest);
  });

  it('keeps everything of a window set to 0', async () => {
    const id = uniqueId('ancient');
    await query(`insert into events (id, type, created_at) values ($1, 'ble', $2)`, [id, ago(3650 * DAY)]);
    const deleted = await runRetention(server.ctx.db, { ...windows, retainEventsDays: 0 });
    expect(deleted.events).toBe(0);
    expect(await ids('select id from events where id = $1', [id])).toEqual([id]);
  });
});

describe('startRetentionJob', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  const settings = { ...windows, retentionIntervalMs: HOUR };
  const log = () => ({ info: vi.fn(), warn: vi.fn() });
  /** A database whose every query answers what `answer` gives. */
  const fakeDb = (answer: () => Promise<unknown>) => {
    const query = vi.fn(answer);
    return { db: { query } as unknown as Database, query };
  };

  it('logs a failed run as a warning instead of throwing, and runs again on the interval', async () => {
    vi.useFakeTimers();
    const failing = fakeDb(async () => Promise.reject(new Error('connection lost')));
    const logger = log();
    const job = startRetentionJob(failing.db, { ...server.config, ...settings }, logger);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(logger.warn).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(HOUR);
    expect(logger.warn).toHaveBeenCalledTimes(2);
    await job.stop();
    await vi.advanceTimersByTimeAsync(2 * HOUR);
    expect(logger.warn).toHaveBeenCalledTimes(2);
  });

  it('never runs with an interval of 0', async () => {
    vi.useFakeTimers();
    const { db, query } = fakeDb(async () => ({ rows: [{ deleted: 0 }] }));
    const job = startRetentionJob(db, { ...server.config, ...settings, retentionIntervalMs: 0 }, log());
    await vi.advanceTimersByTimeAsync(7 * DAY);
    expect(query).not.toHaveBeenCalled();
    await job.stop();
  });

  it('stop waits for the batch in progress and starts no other', async () => {
    vi.useFakeTimers();
    let release: () => void = () => {};
    const { db, query } = fakeDb(
      () => new Promise((resolve) => (release = () => resolve({ rows: [{ deleted: RETENTION_BATCH_ROWS }] }))),
    );
    const job = startRetentionJob(db, { ...server.config, ...settings }, log());
    await vi.advanceTimersByTimeAsync(60_000);
    expect(query).toHaveBeenCalledTimes(1);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(query).toHaveBeenCalledTimes(1);
  });
});
