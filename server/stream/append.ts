import type { StreamMessage } from '../../src/api/stream.ts';
import type { Sql } from '../db/seam.ts';
import { serverClock } from '../domain/server-clock.ts';

/** Held from the insert to the commit, so sequence numbers become visible in the order they were given. */
const STREAM_WRITE_LOCK = 7_300_002;

export function streamChannel(schema = 'public'): string {
  return `stream_events_${schema}`.slice(0, 63);
}

/**
 * Records stream messages inside the caller's transaction; they are delivered after it commits.
 * Call it last in the transaction, to hold the ordering lock as briefly as possible. `concurrent`: other
 * transactions may run beside this one (PostgreSQL), so the ordering lock is needed.
 */
export async function appendStreamEvents(
  tx: Sql,
  messages: StreamMessage[],
  channel: string,
  concurrent: boolean,
): Promise<number> {
  if (messages.length === 0) return 0;
  if (concurrent) await tx.query('select pg_advisory_xact_lock($1)', [STREAM_WRITE_LOCK]);
  // The notification goes in the same statement: every write pays for each statement it sends.
  const { rows } = await tx.query<{ last: number }>(
    `with inserted as (
       insert into stream_events (type, data, created_at)
       select m->>'type', m, $3::timestamptz from jsonb_array_elements($1::jsonb) with ordinality as t(m, n) order by n
       returning seq
     )
     select last, pg_notify($2, last::text) from (select max(seq) as last from inserted) as newest`,
    [JSON.stringify(messages), channel, serverClock.iso()],
  );
  return rows[0].last;
}
