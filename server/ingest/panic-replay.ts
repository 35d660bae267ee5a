// Puts back panics the journal holds and the store does not: taken while it opened or was away, or lost from
// the embedded store's files in a power cut. All of one put-back go in one transaction, a statement a table
// (issue 47: 1,000 panics journaled through an outage are stored and announced within 5 s of its end).
import { setTimeout as delay } from 'node:timers/promises';
import type { Emit } from '../context.ts';
import { runsConcurrentTransactions, type Database, type Sql } from '../db/seam.ts';
import type { JournaledPanic } from '../db/panic-journal.ts';
import type { LatLng } from '../../src/domain/geo.ts';
import type { StreamMessage } from '../../src/api/stream.ts';
import { claimIdempotencyKeys, type KeyClaim } from '../stores/idempotency.ts';
import { appendStreamEvents } from '../stream/append.ts';
import { iso } from '../stores/time.ts';
import { serverClock } from '../domain/server-clock.ts';
import { recordBandDetails } from './band-panic.ts';
import { placeEarlyPanics, type EarlyPanicToPlace } from './early-panic.ts';
import { newPanicIds, storePanics, type PanicAnswer } from './panic.ts';

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

/** A record to put back: as answered, or (taken early) to be placed under these ids. */
type Wanted = { record: JournaledPanic; placeUnder?: EarlyPanicToPlace['ids'] };

/** The records whose panics the store does not hold, in journal order, each once. */
async function notYetStored(tx: Sql, records: readonly JournaledPanic[], ttlHours: number): Promise<Wanted[]> {
  const ids = [...new Set(records.map((record) => record.answer.incident.id))];
  const { rows } = await tx.query<{ id: string; created_at: Date | string }>(
    'select id, created_at from incidents where id = any($1::text[])',
    [ids],
  );
  const storedAt = new Map(rows.map((row) => [row.id, Date.parse(iso(row.created_at))]));
  const wanted: Wanted[] = [];
  for (const record of records) {
    const { incident } = record.answer;
    const earlierAt = storedAt.get(incident.id);
    // A key reused after its claim expired names an incident stored long before: this panic is another one.
    const keyExpired =
      record.early !== undefined &&
      ttlHours > 0 &&
      earlierAt !== undefined &&
      earlierAt < Date.parse(incident.createdAt) - ttlHours * 3_600_000;
    if (earlierAt !== undefined && !keyExpired) continue;
    storedAt.set(incident.id, serverClock.nowMs());
    wanted.push({ record, placeUnder: keyExpired ? newPanicIds() : undefined });
  }
  return wanted;
}

/** Puts back every journaled panic the store does not hold, in journal order; answers how many. */
export async function replayPanics(
  write: PanicWrite,
  db: Sql,
  records: JournaledPanic[],
  options: ReplayOptions,
): Promise<number> {
  if (records.length === 0) return 0;
  const stored = await write(async (tx, emit) => {
    const wanted = await notYetStored(tx, records, options.ttlHours);
    const early = wanted.filter(({ record }) => record.early);
    const placed = await placeEarlyPanics(
      tx,
      options.regionOutsideZones,
      early.map(({ record, placeUnder }) => ({
        record: { ...record, early: record.early! },
        ids: placeUnder ?? { incidentId: record.answer.incident.id, alertId: record.answer.alert.id },
      })),
    );
    const placedOf = new Map(early.map(({ record }, i) => [record, placed[i]]));
    // Each key once, the first record's: a later record with the same key is a retry journaled beside it.
    const claims = new Map<string, KeyClaim>();
    const answers = wanted.map(({ record }) => {
      const own = placedOf.get(record);
      const answer = own?.answer ?? record.answer;
      const hash = own?.claimHash ?? record.idempotency?.hash;
      const key = record.idempotency?.key;
      if (key && hash && !claims.has(key)) claims.set(key, { key, hash, response: answer });
      return { record, answer, key, hash };
    });
    const claimed = await claimIdempotencyKeys(tx, [...claims.values()], options.ttlHours);
    // Taken early with a key the store already held: a retry of a panic stored before the crash.
    const toStore = answers.filter(
      ({ record, key, hash }) => !record.early || !key || !hash || (claimed.has(key) && claims.get(key)?.hash === hash),
    );
    await storePanics(
      tx,
      emit,
      toStore.map(({ answer }) => answer),
    );
    if (options.pauseMs) {
      options.onPause?.(toStore.length);
      await delay(options.pauseMs);
    }
    return toStore;
  });
  for (const { record, answer } of stored) await putBandDetails(db, record, answer, options);
  return stored.length;
}

/** What a wristband sent beside its SOS, after the commit: its loss is logged, never the panic's. */
async function putBandDetails(db: Sql, { early }: JournaledPanic, answer: PanicAnswer, options: ReplayOptions) {
  if (!early?.band) return;
  await recordBandDetails(db, answer.incident.id, { request: early.request, details: early.band }).catch((error) =>
    options.onBandDetailsLost?.(error),
  );
}
