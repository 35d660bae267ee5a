import type { Config } from '../config.ts';
import { withPriority, type Database, type Sql } from '../db/seam.ts';
import { serverClock } from '../domain/server-clock.ts';

const DAY_MS = 86_400_000;
const HOUR_MS = 3_600_000;
/** Rows per statement: each delete is short, so the single embedded connection is never held for long. */
export const RETENTION_BATCH_ROWS = 5000;
/** The first run waits until the start-up burst (phones reconnecting, dashboards loading) has passed. */
const FIRST_RUN_DELAY_MS = 60_000;

export type RetentionSettings = Pick<
  Config,
  'retainPingsDays' | 'retainEventsDays' | 'retainStreamDays' | 'idempotencyTtlHours'
>;

export interface RetentionResult {
  gpsPings: number;
  gpsLast: number;
  events: number;
  streamEvents: number;
  idempotencyKeys: number;
  operatorSessions: number;
  didUses: number;
  webhookDeliveries: number;
  touristProfiles: number;
}

interface Logger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

/** The oldest time kept, or undefined when the window is 0 (keep forever). */
function cutoff(now: Date, window: number, unitMs: number): string | undefined {
  return window > 0 ? new Date(now.getTime() - window * unitMs).toISOString() : undefined;
}

/** Runs one bounded delete (`$1` = cutoff, `$2` = batch size) until it finds nothing more; answers the rows deleted. */
async function deleteInBatches(
  db: Sql,
  deleteBatch: string,
  cutoffTime: string,
  shouldStop: () => boolean,
): Promise<number> {
  let total = 0;
  for (;;) {
    const { rows } = await db.query<{ deleted: number }>(
      `with gone as (${deleteBatch} returning 1) select count(*)::int as deleted from gone`,
      [cutoffTime, RETENTION_BATCH_ROWS],
    );
    total += rows[0].deleted;
    if (rows[0].deleted < RETENTION_BATCH_ROWS || shouldStop()) return total;
  }
}

// Stream events are deleted only as a prefix of the sequence, and the newest one is always kept: the hub
// tells a resuming client it is too far behind (and sends a snapshot) only by the lowest sequence kept,
// so a hole, or an empty table, would let a client that was away for a week resume and miss events.
const deleteStreamBatch = `delete from stream_events where seq in (
  select seq from stream_events
   where seq < coalesce((select min(seq) from stream_events where created_at >= $1::timestamptz),
                        (select max(seq) from stream_events))
   order by seq limit $2)`;

const CLEAR_IDLE_PROFILES = `update tourists
     set phone = null, nationality = null, languages = '[]', id_type = null, id_last4 = null,
         emergency_contacts = '[]', itinerary = '[]', itinerary_note = null, emergency_phones = '[]', profile_updated_at = null
   where id in (
     select t.id from tourists t
      where t.profile_updated_at < $1::timestamptz
        and not exists (select 1 from gps_last g where g.ping_key = t.id)
        and not exists (select 1 from jsonb_array_elements(t.itinerary) stop where (stop->>'to')::date >= $1::timestamptz::date)
      limit $2)`;

/**
 * Deletes raw location data, device events, delivered or dead webhook deliveries, stream events and idempotency
 * keys older than their windows.
 * Expired operator sessions go too. Incidents, alerts, geofences, DID anchors and zone presence are kept.
 */
export async function runRetention(
  db: Sql,
  settings: RetentionSettings,
  now = serverClock.now(),
  shouldStop: () => boolean = () => false,
): Promise<RetentionResult> {
  const result: RetentionResult = {
    gpsPings: 0,
    gpsLast: 0,
    events: 0,
    streamEvents: 0,
    idempotencyKeys: 0,
    operatorSessions: 0,
    didUses: 0,
    webhookDeliveries: 0,
    touristProfiles: 0,
  };
  const run = async (key: keyof RetentionResult, deleteBatch: string, cutoffTime: string | undefined) => {
    if (cutoffTime !== undefined && !shouldStop())
      result[key] = await deleteInBatches(db, deleteBatch, cutoffTime, shouldStop);
  };
  const pings = cutoff(now, settings.retainPingsDays, DAY_MS);
  await run(
    'gpsPings',
    'delete from gps_pings where id in (select id from gps_pings where at < $1::timestamptz limit $2)',
    pings,
  );
  // A tourist's last known position is location data too: it goes with the pings of the same age.
  await run(
    'gpsLast',
    'delete from gps_last where ping_key in (select ping_key from gps_last where at < $1::timestamptz limit $2)',
    pings,
  );
  // Which tourists a phone's Digital ID was used with links a device to a person: it goes with the pings.
  await run(
    'didUses',
    'delete from did_uses where (did_id, tourist_id) in (select did_id, tourist_id from did_uses where last_at < $1::timestamptz limit $2)',
    pings,
  );
  // A profile (phone, nationality, identity, contacts, itinerary, languages) is kept while the tourist is
  // around: it is cleared once it was last written before the pings' window, the trip ended before it, and
  // no last position is kept (those go with pings of that age). The id and name stay with the incidents.
  await run('touristProfiles', CLEAR_IDLE_PROFILES, pings);
  await run(
    'events',
    'delete from events where id in (select id from events where created_at < $1::timestamptz limit $2)',
    cutoff(now, settings.retainEventsDays, DAY_MS),
  );
  // The delivery log holds copies of incidents (positions, tourist ids): it goes with the device events. A
  // pending row (a webhook held while disabled) is kept until it is sent or dead.
  await run(
    'webhookDeliveries',
    "delete from webhook_deliveries where id in (select id from webhook_deliveries where state <> 'pending' and created_at < $1::timestamptz limit $2)",
    cutoff(now, settings.retainEventsDays, DAY_MS),
  );
  await run('streamEvents', deleteStreamBatch, cutoff(now, settings.retainStreamDays, DAY_MS));
  await run(
    'idempotencyKeys',
    'delete from idempotency_keys where key in (select key from idempotency_keys where created_at < $1::timestamptz limit $2)',
    cutoff(now, settings.idempotencyTtlHours, HOUR_MS),
  );
  // Expired sessions already sign nobody in; this only keeps the table small.
  await run(
    'operatorSessions',
    'delete from operator_sessions where id_hash in (select id_hash from operator_sessions where expires_at < $1::timestamptz limit $2)',
    now.toISOString(),
  );
  return result;
}

export interface RetentionJob {
  /** Cancels the timers and waits for a run in progress to finish its current batch. */
  stop(): Promise<void>;
}

/** Runs retention once a minute after start, then every `retentionIntervalMs` (0 = never). Never throws. */
export function startRetentionJob(db: Database, config: Config, log: Logger): RetentionJob {
  let stopped = false;
  let running: Promise<void> | undefined;
  const timers: NodeJS.Timeout[] = [];

  const runOnce = () => {
    if (stopped || running) return;
    // Background priority: panics and operators' reads go first.
    running = runRetention(withPriority(db, 'background'), config, serverClock.now(), () => stopped)
      .then((deleted) => {
        if (Object.values(deleted).some((count) => count > 0)) log.info({ deleted }, 'retention: deleted old rows');
      })
      .catch((error: unknown) => log.warn({ err: error }, 'retention: run failed; the next run tries again'))
      .finally(() => {
        running = undefined;
      });
  };

  if (config.retentionIntervalMs > 0) {
    timers.push(setTimeout(runOnce, Math.min(FIRST_RUN_DELAY_MS, config.retentionIntervalMs)));
    timers.push(setInterval(runOnce, config.retentionIntervalMs));
    for (const timer of timers) timer.unref();
  }

  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      await running;
    },
  };
}
