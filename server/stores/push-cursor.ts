// The push sender's cursor over stream_events (migration 025): which events it has pushed, and which server
// is pushing the ones after them. Every statement here is one short statement: no transaction is held while
// a push is sent (PGlite has one connection; a push service may take seconds to answer).
import type { StreamMessage } from '../../src/api/stream.ts';
import type { Sql } from '../db/seam.ts';
import { iso } from './time.ts';

export interface CursorEvent {
  seq: number;
  message: StreamMessage;
  createdAt: string;
}

export interface CursorBatch {
  /** The events that may become pushes (panics and incident updates), in order. */
  events: CursorEvent[];
  /** Where the cursor goes once they are pushed: past every event looked at, pushed or not. */
  through: number;
  /** More events wait after `through`. */
  more: boolean;
}

/**
 * Leases the cursor for `holder` if events wait after it and no other server holds it (or its lease ran out);
 * answers the last event pushed, or undefined when there is nothing to push or another server is pushing it.
 * `skip locked`: a server never waits on another's claim. An idle poll costs this one statement.
 */
export async function claimPushCursor(db: Sql, holder: string, leaseMs: number): Promise<number | undefined> {
  const { rows } = await db.query<{ last_seq: string | number }>(
    `update push_cursor set holder = $1, lease_until = now() + $2 * interval '1 millisecond'
      where singleton in (
        select singleton from push_cursor
         where (lease_until is null or lease_until < now() or holder = $1)
           and last_seq < (select coalesce(max(seq), 0) from stream_events)
         for update skip locked)
      returning last_seq`,
    [holder, leaseMs],
  );
  return rows.length > 0 ? Number(rows[0].last_seq) : undefined;
}

/** Keeps the lease while a batch is being sent; answers false when it was lost (run out and taken). */
export async function renewPushLease(db: Sql, holder: string, leaseMs: number): Promise<boolean> {
  const { rows } = await db.query(
    `update push_cursor set lease_until = now() + $2 * interval '1 millisecond' where holder = $1 returning 1`,
    [holder, leaseMs],
  );
  return rows.length > 0;
}

/** The events after `afterSeq` that may become pushes, at most `limit` of them. */
export async function readPushBatch(db: Sql, afterSeq: number, limit: number): Promise<CursorBatch> {
  const head = Number(
    (await db.query<{ last: string | number | null }>('select max(seq) as last from stream_events')).rows[0].last ??
      afterSeq,
  );
  const { rows } = await db.query<{ seq: string | number; data: StreamMessage; created_at: Date | string }>(
    `select seq, data, created_at from stream_events
      where seq > $1 and seq <= $2 and type in ('alert', 'incident_update') order by seq limit $3`,
    [afterSeq, head, limit],
  );
  const events = rows.map((row) => ({ seq: Number(row.seq), message: row.data, createdAt: iso(row.created_at) }));
  const more = events.length === limit;
  return { events, through: more ? events[events.length - 1].seq : Math.max(head, afterSeq), more };
}

/** Moves the cursor past what was pushed and lets the lease go; answers false when the lease was lost meanwhile. */
export async function advancePushCursor(db: Sql, holder: string, through: number): Promise<boolean> {
  const { rows } = await db.query(
    'update push_cursor set last_seq = greatest(last_seq, $2), holder = null, lease_until = null where holder = $1 returning 1',
    [holder, through],
  );
  return rows.length > 0;
}

/** Lets the lease go without moving (a stop in the middle of a batch: it is pushed again). */
export async function releasePushCursor(db: Sql, holder: string): Promise<void> {
  await db.query('update push_cursor set holder = null, lease_until = null where holder = $1', [holder]);
}

/** The embedded store has one server: a lease left by one that was killed is its own, and is dropped at start. */
export async function dropStalePushLease(db: Sql): Promise<void> {
  await db.query('update push_cursor set holder = null, lease_until = null');
}
