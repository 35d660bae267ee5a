// For bench/store-outage.ts: what PostgreSQL itself holds (read straight, not through the proxy that is cut),
// and each answered panic counted back: stored once, announced once.
import pg from 'pg';
import type { Answer, AlertStream } from './outage-client.ts';
import { monotonicMs, sleep } from './stats.ts';

export interface StoreReader {
  /** Rows of `incidents` per touristId, for the touristIds starting `prefix`. */
  storedPerTourist(prefix: string): Promise<Map<string, number>>;
  countStored(prefix: string): Promise<number>;
  close(): Promise<void>;
}

export async function openStoreReader(databaseUrl: string, schema: string): Promise<StoreReader> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const table = `"${schema}".incidents`;
  return {
    async storedPerTourist(prefix) {
      const { rows } = await client.query<{ tourist_id: string; rows: string }>(
        `select tourist_id, count(*) as rows from ${table} where tourist_id like $1 group by tourist_id`,
        [`${prefix}%`],
      );
      return new Map(rows.map((row) => [row.tourist_id, Number(row.rows)]));
    },
    async countStored(prefix) {
      const { rows } = await client.query<{ n: string }>(
        `select count(*) as n from ${table} where tourist_id like $1`,
        [`${prefix}%`],
      );
      return Number(rows[0].n);
    },
    close: () => client.end(),
  };
}

/** Waits (polling every `everyMs`) until `check` holds; answers when it did on the monotonic clock, or null. */
export async function whenTrue(check: () => boolean | Promise<boolean>, timeoutMs: number, everyMs = 20) {
  for (const giveUpAt = monotonicMs() + timeoutMs; monotonicMs() < giveUpAt; await sleep(everyMs))
    if (await check()) return monotonicMs();
  return null;
}

/** Answered panics (touristId → incident id), each counted in the store and on the stream. */
export async function countBack(
  store: StoreReader,
  stream: AlertStream,
  prefix: string,
  answered: Map<string, string>,
): Promise<{ answered: number; lost: number; doubled: number; unannounced: number; announcedTwice: number }> {
  const stored = await store.storedPerTourist(prefix);
  let lost = 0;
  let doubled = 0;
  let unannounced = 0;
  let announcedTwice = 0;
  for (const [touristId, incidentId] of answered) {
    const rows = stored.get(touristId) ?? 0;
    if (rows === 0) lost += 1;
    if (rows > 1) doubled += 1;
    const seen = stream.alerts.get(incidentId)?.count ?? 0;
    if (seen === 0) unannounced += 1;
    if (seen > 1) announcedTwice += 1;
  }
  return { answered: answered.size, lost, doubled, unannounced, announcedTwice };
}

/** touristId → incident id of every answer that was a 201 (a retry's answer names the same incident). */
export function answeredPanics(answers: Answer[], into = new Map<string, string>()) {
  return answers.reduce((map, answer) => {
    if (answer.status === 201 && answer.incidentId && answer.key) map.set(answer.key, answer.incidentId);
    return map;
  }, into);
}
