// The durable stream's reads (server/stream/append.ts writes it): its head, a page after a sequence, pruning.
import type { Sql } from '../db/seam.ts';

export interface StoredFrame {
  seq: number;
  json: string;
}

/** The newest sequence stored, 0 when there is none. */
export async function streamHead(db: Sql): Promise<number> {
  const { rows } = await db.query<{ last: number | null }>('select max(seq) as last from stream_events');
  return rows[0].last ?? 0;
}

/** At most `limit` events after `seq`, in order, as their stored JSON. */
export async function streamEventsAfter(db: Sql, seq: number, limit: number): Promise<StoredFrame[]> {
  const { rows } = await db.query<StoredFrame>(
    'select seq, data::text as json from stream_events where seq > $1 order by seq limit $2',
    [seq, limit],
  );
  return rows;
}

/** Keeps the newest `retain` events. */
export async function pruneStreamEvents(db: Sql, retain: number): Promise<void> {
  await db.query('delete from stream_events where seq <= (select max(seq) from stream_events) - $1', [retain]);
}
