import type { Sql } from '../db/seam.ts';

/** Where a client that sent `Last-Event-ID` starts: a replay of what it missed, or a fresh snapshot (and why). */
export type ResumeStart = 'replay' | 'snapshot:unknown-id' | 'snapshot:too-far-behind';

/**
 * A replay needs every event after the id still stored, and no more of them than `maxReplayEvents`:
 * further behind, a snapshot is cheaper for the server and as good for the operator.
 */
export async function resumeStart(
  db: Sql,
  lastEventId: number,
  knownHead: number,
  maxReplayEvents: number,
): Promise<ResumeStart> {
  const { rows } = await db.query<{ first: number | null; last: number | null }>(
    'select min(seq) as first, max(seq) as last from stream_events',
  );
  const first = rows[0].first;
  const head = Math.max(rows[0].last ?? 0, knownHead);
  if (lastEventId > head) return 'snapshot:unknown-id'; // an id this store never gave out
  if (head - lastEventId > maxReplayEvents) return 'snapshot:too-far-behind';
  const kept = first === null ? lastEventId >= head : lastEventId >= first - 1;
  return kept ? 'replay' : 'snapshot:unknown-id';
}
