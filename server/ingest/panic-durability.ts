// On the embedded store, panics are journaled (fsynced) before their 201: at start, any that the store
// lost in a power cut are put back, once; from time to time the store's files are synced and the journal
// emptied.
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { runsConcurrentTransactions, type Database } from '../db/seam.ts';
import { noJournal, openPanicJournal, type PanicJournal } from '../db/panic-journal.ts';
import { claimIdempotencyKey } from '../stores/idempotency.ts';
import { appendStreamEvents } from '../stream/append.ts';
import type { StreamMessage } from '../../src/api/stream.ts';
import { storePanic } from './panic.ts';

const COMPACT_EVERY_MS = 5 * 60_000;

export interface DurablePanics {
  journal: PanicJournal;
  /** Panics the store had lost and the journal put back at this start. */
  replayed: number;
  /** Syncs the store and empties the journal (clean shutdown), then stops. */
  close(): Promise<void>;
}

/** Puts back every journaled panic the store does not hold; answers how many. */
export async function replayJournal(db: Database, journal: PanicJournal, channel: string, ttlHours: number): Promise<number> {
  const records = journal.pending();
  if (records.length === 0) return 0;
  const ids = [...new Set(records.map((record) => record.answer.incident.id))];
  const { rows } = await db.query<{ id: string }>('select id from incidents where id = any($1::text[])', [ids]);
  const present = new Set(rows.map((row) => row.id));
  const missing = records.filter((record) => !present.has(record.answer.incident.id) && present.add(record.answer.incident.id));
  if (missing.length > 0) {
    await db.transaction(async (tx) => {
      const messages: StreamMessage[] = [];
      for (const { answer, idempotency } of missing) {
        await storePanic(tx, (...emitted) => messages.push(...emitted), answer);
        if (idempotency) await claimIdempotencyKey(tx, idempotency.key, idempotency.hash, answer, ttlHours);
      }
      await appendStreamEvents(tx, messages, channel, runsConcurrentTransactions(db.mode));
    });
  }
  return missing.length;
}

export async function startDurablePanics(config: Config, db: Database, channel: string): Promise<DurablePanics> {
  if (db.mode !== 'pglite') return { journal: noJournal, replayed: 0, close: async () => {} };
  const journal = await openPanicJournal(config.dataDir, join(config.dataDir, 'pglite'));
  let compacting: Promise<void> | undefined;
  const compact = () =>
    (compacting ??= journal
      .compact(async () => {
        await db.query('checkpoint');
      })
      .finally(() => (compacting = undefined)));

  const replayed = await replayJournal(db, journal, channel, config.idempotencyTtlHours).catch(async (error: unknown) => {
    await journal.close().catch(() => {});
    throw error;
  });
  // Off the way to the first answer: until it is done the journal still holds every panic, as it does between syncs.
  if (journal.hasUnsynced()) compact().catch(() => {});
  const timer = setInterval(() => {
    if (journal.hasUnsynced()) compact().catch(() => {});
  }, COMPACT_EVERY_MS);
  timer.unref();

  return {
    journal,
    replayed,
    async close() {
      clearInterval(timer);
      await compacting?.catch(() => {});
      if (journal.hasUnsynced()) await compact().catch(() => {});
      await journal.close();
    },
  };
}
