// The outbox as the sender and the delivery log see it: rows claimed under a lease (so no two servers on one
// PostgreSQL send the same row at once; SKIP LOCKED lets them claim side by side), each attempt's outcome,
// the log and the dead letters, and "send again".
import type { DeliveryState, WebhookDelivery } from '../../src/api/webhooks.ts';
import type { Sql } from '../db/seam.ts';
import { iso } from './time.ts';

interface DeliveryRow {
  id: string;
  seq: number | string;
  webhook_id: string;
  event_id: string;
  event_type: string;
  state: DeliveryState;
  attempts: number;
  created_at: Date | string;
  next_attempt_at: Date | string;
  last_attempt_at: Date | string | null;
  last_status: number | null;
  last_error: string | null;
  delivered_at: Date | string | null;
}

const COLUMNS =
  'id, seq, webhook_id, event_id, event_type, state, attempts, created_at, next_attempt_at, last_attempt_at, last_status, last_error, delivered_at';

function deliveryFromRow(row: DeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    seq: Number(row.seq),
    webhookId: row.webhook_id,
    eventId: row.event_id,
    eventType: row.event_type,
    state: row.state,
    attempts: row.attempts,
    createdAt: iso(row.created_at),
    nextAttemptAt: row.state === 'pending' ? iso(row.next_attempt_at) : null,
    lastAttemptAt: iso(row.last_attempt_at),
    lastStatus: row.last_status,
    lastError: row.last_error,
    deliveredAt: iso(row.delivered_at),
  };
}

/** A row claimed for one attempt, with what it takes to send it. */
export interface ClaimedDelivery {
  id: string;
  body: string;
  attempts: number;
  windowStart: number;
  /** The store's now() when it was claimed: the retry is timed on the store's clock, as its window and lease are. */
  claimedAt: number;
  url: string;
  secret: string;
}

/** Up to `limit` due rows of enabled webhooks, leased for `leaseMs`: until then no other sender takes them. */
export async function claimDueDeliveries(db: Sql, limit: number, leaseMs: number): Promise<ClaimedDelivery[]> {
  const { rows } = await db.query<{
    id: string;
    body: string;
    attempts: number;
    window_start: Date | string;
    claimed_at: Date | string;
    url: string;
    secret: string;
  }>(
    `with due as (
       select d.id from webhook_deliveries d join webhooks w on w.id = d.webhook_id and w.enabled
        where d.state = 'pending' and d.next_attempt_at <= now() and (d.lease_until is null or d.lease_until < now())
        order by d.next_attempt_at limit $1
        for update of d skip locked
     )
     update webhook_deliveries d set lease_until = now() + $2::int * interval '1 millisecond'
       from due, webhooks w
      where d.id = due.id and w.id = d.webhook_id
     returning d.id, d.payload::text as body, d.attempts, d.window_start, now() as claimed_at, w.url, w.secret`,
    [limit, leaseMs],
  );
  return rows.map((row) => ({
    id: row.id,
    body: row.body,
    attempts: row.attempts,
    windowStart: Date.parse(iso(row.window_start)),
    claimedAt: Date.parse(iso(row.claimed_at)),
    url: row.url,
    secret: row.secret,
  }));
}

/** Deliveries that ended with a 2xx, written by one statement however many (the sender batches them). */
export async function recordDelivered(db: Sql, outcomes: readonly { id: string; status: number }[]): Promise<void> {
  if (outcomes.length === 0) return;
  await db.query(
    `update webhook_deliveries d set state = 'delivered', attempts = d.attempts + 1, last_status = o.status, last_error = null,
       last_attempt_at = now(), delivered_at = now(), lease_until = null
       from unnest($1::text[], $2::int[]) as o(id, status) where d.id = o.id`,
    [outcomes.map((outcome) => outcome.id), outcomes.map((outcome) => outcome.status)],
  );
}

/** A failed attempt: tried again at `nextAt`, or dead when that is null. */
export async function recordFailed(
  db: Sql,
  id: string,
  failure: { status: number | null; error: string },
  nextAt: number | null,
): Promise<void> {
  await db.query(
    `update webhook_deliveries set state = case when $4::timestamptz is null then 'dead' else 'pending' end,
       attempts = attempts + 1, last_status = $2, last_error = $3, last_attempt_at = now(),
       next_attempt_at = coalesce($4::timestamptz, next_attempt_at), lease_until = null where id = $1`,
    [id, failure.status, failure.error.slice(0, 500), nextAt === null ? null : new Date(nextAt).toISOString()],
  );
}

/** An attempt cut short by shutdown is not counted: the row is free again for the next start (or another server). */
export async function releaseLease(db: Sql, id: string): Promise<void> {
  await db.query('update webhook_deliveries set lease_until = null where id = $1', [id]);
}

export interface DeliveryPageQuery {
  webhookId?: string;
  state?: DeliveryState;
  before?: number;
  limit: number;
}

/** Newest first. */
export async function listDeliveries(db: Sql, query: DeliveryPageQuery): Promise<WebhookDelivery[]> {
  const { rows } = await db.query<DeliveryRow>(
    `select ${COLUMNS} from webhook_deliveries
      where ($1::text is null or webhook_id = $1) and ($2::text is null or state = $2) and ($3::bigint is null or seq < $3)
      order by seq desc limit $4`,
    [query.webhookId ?? null, query.state ?? null, query.before ?? null, query.limit],
  );
  return rows.map(deliveryFromRow);
}

export async function findDelivery(db: Sql, id: string): Promise<WebhookDelivery | undefined> {
  const { rows } = await db.query<DeliveryRow>(`select ${COLUMNS} from webhook_deliveries where id = $1`, [id]);
  return rows[0] && deliveryFromRow(rows[0]);
}

/** A dead letter back in the outbox, due now, with a fresh retry window; the same id (the receiver may dedupe). */
export async function resendDead(tx: Sql, id: string): Promise<WebhookDelivery | undefined> {
  const { rows } = await tx.query<DeliveryRow>(
    `update webhook_deliveries set state = 'pending', attempts = 0, window_start = now(), next_attempt_at = now(), lease_until = null
      where id = $1 and state = 'dead' returning ${COLUMNS}`,
    [id],
  );
  return rows[0] && deliveryFromRow(rows[0]);
}
