// On the embedded store, panics are journaled (fsynced) before their 201: at start, any that the store
// lost in a power cut are put back, once; from time to time the store's files are synced and the journal
// emptied. On either store, panics taken while it was opening (the start window) or while it was away
// (issue 47) are in the journal only, and are put back, placed, when it answers: in journal order, under
// the ids and receive times they were answered with, announced on the stream.
import { join } from 'node:path';
import type { Config } from '../config.ts';
import type { Database } from '../db/seam.ts';
import { noJournal, openPanicJournal, type PanicJournal } from '../db/panic-journal.ts';
import type { LatLng } from '../../src/domain/geo.ts';
import { JournalDesk } from './journal-desk.ts';
import { reportingWrites, type JournalWritesLog } from './journal-writes.ts';
import { replayPanics, storedWrite, type PanicWrite, type ReplayOptions } from './panic-replay.ts';
import type { StoreHealth } from '../db/store-health.ts';

const COMPACT_EVERY_MS = 5 * 60_000;
/** Panics journaled together are put back together. */
const DRAIN_COALESCE_MS = 50;
/** A put-back that failed (the store went away again) is tried again after this, doubling up to the cap. */
const DRAIN_RETRY_MS = [1000, 30_000] as const;

export interface DurablePanics {
  /** Where a stored panic is journaled after its commit: the embedded store's journal; `noJournal` on PostgreSQL. */
  journal: PanicJournal;
  /** Answers the panics the store cannot take while the server runs (issue 47), into the same journal file. */
  desk: JournalDesk;
  /** Panics the store had lost, or never had, that the journal put back at this start. */
  replayed: number;
  /** Once the start window has closed: puts back what it took since, through `write`, so the stream announces them. */
  catchUp(write: PanicWrite): Promise<number>;
  /** The desk took a panic: it is put back once the store answers (and again, with backoff, until it holds). */
  drainSoon(): void;
  /** Syncs the store and empties the journal (clean shutdown), then stops. */
  close(): Promise<void>;
}

export interface DurablePanicsOptions {
  channel: string;
  regionOutsideZones: (point: LatLng) => string;
  /** The store's health: what the run-time desk journaled is put back each time it becomes available. */
  health: StoreHealth;
  /** The journal the start window wrote to, opened before the store: this takes it over. */
  startJournal?: PanicJournal;
  onBandDetailsLost?: (error: unknown) => void;
  onReplayPause?: (panics: number) => void;
  /** Told when the journal's writes start failing (a full disk), and when they succeed again. */
  journalLog: JournalWritesLog;
  onDrainFailed?: (error: unknown) => void;
}

/** The journal's file: the embedded store's own, or (PostgreSQL, no start window) one beside it in DATA_DIR. */
function openJournalFile(config: Config, embedded: boolean): Promise<PanicJournal> {
  return embedded
    ? openPanicJournal(config.dataDir, join(config.dataDir, 'pglite'))
    : openPanicJournal(config.dataDir, undefined, 'panic-journal-postgres');
}

export async function startDurablePanics(
  config: Config,
  db: Database,
  options: DurablePanicsOptions,
): Promise<DurablePanics> {
  const embedded = db.mode === 'pglite';
  const { startJournal, health } = options;
  const file = reportingWrites(
    startJournal ?? (await openJournalFile(config, embedded)),
    options.journalLog,
    config.dataDir,
  );
  const replayOptions: ReplayOptions = {
    ttlHours: config.idempotencyTtlHours,
    regionOutsideZones: options.regionOutsideZones,
    pauseMs: config.startDelays?.replayMs,
    onBandDetailsLost: options.onBandDetailsLost,
    onPause: options.onReplayPause,
  };
  // Until the app's context exists, replays store their messages and streams read them from the store.
  let write = storedWrite(db, options.channel);
  const desk = new JournalDesk(file, (record) => record.early !== undefined);
  let compacting: Promise<void> | undefined;
  let compactAgain = false;
  const compact = (): Promise<void> => {
    if (compacting) {
      compactAgain = true;
      return compacting;
    }
    compacting = file
      .compact(async (sealed) => {
        await replayPanics(write, db, sealed, { ...replayOptions, pauseMs: 0 });
        if (embedded) await db.query('checkpoint');
        desk.stored(sealed);
      })
      .finally(() => (compacting = undefined));
    return compacting.then(() => {
      if (!compactAgain) return;
      compactAgain = false;
      return compact();
    });
  };

  let retryMs: number = DRAIN_RETRY_MS[0];
  let retry: NodeJS.Timeout | undefined;
  let closed = false;
  const drain = async (): Promise<void> => {
    clearTimeout(retry);
    if (closed || !health.available || !file.hasUnsynced()) return;
    try {
      await compact();
      retryMs = DRAIN_RETRY_MS[0];
    } catch (error) {
      options.onDrainFailed?.(error);
      if (closed) return;
      retry = setTimeout(() => void drain(), retryMs);
      retry.unref();
      retryMs = Math.min(DRAIN_RETRY_MS[1], retryMs * 2);
    }
  };
  const stopFollowingHealth = health.onChange((state) => {
    if (state.available) void drain();
  });
  let timer: NodeJS.Timeout | undefined;
  // Off the way to the first answer: until it is done the journal still holds every panic, as it does between syncs.
  const settle = () => {
    if (file.hasUnsynced()) void drain();
    timer = setInterval(() => void drain(), COMPACT_EVERY_MS);
    timer.unref();
  };

  const replayed = await replayPanics(write, db, file.pending(), replayOptions).catch(async (error: unknown) => {
    stopFollowingHealth();
    await file.close().catch(() => {});
    throw error;
  });
  if (!startJournal) settle();

  return {
    journal: embedded ? file : noJournal,
    desk,
    replayed,
    async catchUp(contextWrite) {
      write = contextWrite;
      const pending = file.pending();
      const more = await replayPanics(write, db, pending, { ...replayOptions, pauseMs: 0 });
      desk.stored(pending);
      if (startJournal) settle();
      return more;
    },
    drainSoon() {
      clearTimeout(retry);
      retry = setTimeout(() => void drain(), DRAIN_COALESCE_MS);
      retry.unref();
    },
    async close() {
      clearInterval(timer);
      stopFollowingHealth();
      await compacting?.catch(() => {});
      if (health.available && file.hasUnsynced()) await compact().catch(() => {});
      closed = true;
      clearTimeout(retry);
      await file.close();
    },
  };
}
