// On the embedded store, panics are journaled (fsynced) before their 201: at start, any that the store
// lost in a power cut are put back, once; from time to time the store's files are synced and the journal
// emptied. On either store, panics taken while it was opening (the start window) are in the journal only,
// and are put back, placed, when it opens.
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { Config } from '../config.ts';
import type { Emit } from '../context.ts';
import { runsConcurrentTransactions, type Database, type Sql } from '../db/seam.ts';
import { noJournal, openPanicJournal, type JournaledPanic, type PanicJournal } from '../db/panic-journal.ts';
import type { LatLng } from '../../src/domain/geo.ts';
import { claimIdempotencyKey } from '../stores/idempotency.ts';
import { appendStreamEvents } from '../stream/append.ts';
import type { StreamMessage } from '../../src/api/stream.ts';
import { recordBandDetails } from './band-panic.ts';
import { placeEarlyPanic } from './early-panic.ts';
import { newPanicIds, storePanic } from './panic.ts';
import { iso } from '../stores/time.ts';

const COMPACT_EVERY_MS = 5 * 60_000;

/** One transaction whose stream messages are stored with it (and, once the hub runs, delivered). */
export type PanicWrite = <T>(work: (tx: Sql, emit: Emit) => Promise<T>) => Promise<T>;

export interface ReplayOptions {
  ttlHours: number;
  regionOutsideZones: (point: LatLng) => string;
  /** Tests only: holds the replay's transaction open, so a test can kill the server there; says when it does. */
  pauseMs?: number;
  onPause?: (panics: number) => void;
  onBandDetailsLost?: (error: unknown) => void;
}

export interface DurablePanics {
  /** The journal of accepted panics while the server runs: `noJournal` on PostgreSQL. */
  journal: PanicJournal;
  /** Panics the store had lost, or never had, that the journal put back at this start. */
  replayed: number;
  /** Once the start window has closed: puts back what it took since, through `write`, so the stream announces them. */
  catchUp(write: PanicWrite): Promise<number>;
  /** Syncs the store and empties the journal (clean shutdown), then stops. */
  close(): Promise<void>;
}

/** A write before the stream hub exists: the messages are stored, and streams read them from the store. */
export function storedWrite(db: Database, channel: string): PanicWrite {
  return (work) =>
    db.transaction(
      async (tx) => {
        const messages: StreamMessage[] = [];
        const value = await work(tx, (...emitted) => messages.push(...emitted));
        await appendStreamEvents(tx, messages, channel, runsConcurrentTransactions(db.mode));
        return value;
      },
      { priority: 'urgent' },
    );
}

/** Puts back every journaled panic the store does not hold, in journal order; answers how many. */
export async function replayPanics(
  write: PanicWrite,
  db: Sql,
  records: JournaledPanic[],
  options: ReplayOptions,
): Promise<number> {
  if (records.length === 0) return 0;
  const bandDetails: Parameters<typeof recordBandDetails>[] = [];
  const stored = await write(async (tx, emit) => {
    const ids = [...new Set(records.map((record) => record.answer.incident.id))];
    const { rows } = await tx.query<{ id: string; created_at: Date | string }>(
      'select id, created_at from incidents where id = any($1::text[])',
      [ids],
    );
    const storedAt = new Map(rows.map((row) => [row.id, Date.parse(iso(row.created_at))]));
    let count = 0;
    for (const record of records) {
      const { idempotency, early } = record;
      const earlierAt = storedAt.get(record.answer.incident.id);
      // A key reused after its claim expired names an incident stored long before: this panic is another one.
      const keyExpired =
        early &&
        options.ttlHours > 0 &&
        earlierAt !== undefined &&
        earlierAt < Date.parse(record.answer.incident.createdAt) - options.ttlHours * 3_600_000;
      if (earlierAt !== undefined && !keyExpired) continue;
      storedAt.set(record.answer.incident.id, Date.now());
      const placed = early
        ? await placeEarlyPanic(
            tx,
            options.regionOutsideZones,
            { ...record, early },
            keyExpired ? newPanicIds() : undefined,
          )
        : undefined;
      const answer = placed?.answer ?? record.answer;
      const hash = placed?.claimHash ?? idempotency?.hash;
      const claimed =
        !idempotency || !hash || (await claimIdempotencyKey(tx, idempotency.key, hash, answer, options.ttlHours));
      // Taken during start with a key the store already held: a retry of a panic stored before the crash.
      if (early && !claimed) continue;
      await storePanic(tx, emit, answer);
      if (early?.band) bandDetails.push([db, answer.incident.id, { request: early.request, details: early.band }]);
      count += 1;
    }
    if (options.pauseMs) {
      options.onPause?.(count);
      await delay(options.pauseMs);
    }
    return count;
  });
  for (const args of bandDetails) await recordBandDetails(...args).catch((error) => options.onBandDetailsLost?.(error));
  return stored;
}

export interface DurablePanicsOptions {
  channel: string;
  regionOutsideZones: (point: LatLng) => string;
  /** The journal the start window wrote to, opened before the store: this takes it over. */
  startJournal?: PanicJournal;
  onBandDetailsLost?: (error: unknown) => void;
  onReplayPause?: (panics: number) => void;
}

export async function startDurablePanics(
  config: Config,
  db: Database,
  options: DurablePanicsOptions,
): Promise<DurablePanics> {
  const embedded = db.mode === 'pglite';
  const { startJournal } = options;
  if (!embedded && !startJournal)
    return { journal: noJournal, replayed: 0, catchUp: async () => 0, close: async () => {} };
  const journal = startJournal ?? (await openPanicJournal(config.dataDir, join(config.dataDir, 'pglite')));
  const replayOptions: ReplayOptions = {
    ttlHours: config.idempotencyTtlHours,
    regionOutsideZones: options.regionOutsideZones,
    pauseMs: config.startDelays?.replayMs,
    onBandDetailsLost: options.onBandDetailsLost,
    onPause: options.onReplayPause,
  };
  let compacting: Promise<void> | undefined;
  const compact = () =>
    (compacting ??= journal
      .compact(async () => {
        if (embedded) await db.query('checkpoint');
      })
      .finally(() => (compacting = undefined)));
  let timer: NodeJS.Timeout | undefined;
  // Off the way to the first answer: until it is done the journal still holds every panic, as it does between syncs.
  const settle = async () => {
    if (!embedded) {
      // What is left (a failed sync) is put back again at the next start: the replay skips what is stored.
      await compact().catch(() => {});
      await journal.close();
      return;
    }
    if (journal.hasUnsynced()) compact().catch(() => {});
    timer = setInterval(() => {
      if (journal.hasUnsynced()) compact().catch(() => {});
    }, COMPACT_EVERY_MS);
    timer.unref();
  };

  const replayed = await replayPanics(storedWrite(db, options.channel), db, journal.pending(), replayOptions).catch(
    async (error: unknown) => {
      await journal.close().catch(() => {});
      throw error;
    },
  );
  if (!startJournal) await settle();

  return {
    journal: embedded ? journal : noJournal,
    replayed,
    async catchUp(write) {
      const more = await replayPanics(write, db, journal.pending(), { ...replayOptions, pauseMs: 0 });
      await settle();
      return more;
    },
    async close() {
      clearInterval(timer);
      await compacting?.catch(() => {});
      if (journal.hasUnsynced()) await compact().catch(() => {});
      await journal.close();
    },
  };
}
