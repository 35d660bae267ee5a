import type { StreamMessage } from '../src/api/stream.ts';
import type { Config } from './config.ts';
import type { PanicJournal } from './db/panic-journal.ts';
import { runsConcurrentTransactions, type Database, type Sql, type TransactionOptions } from './db/seam.ts';
import { PingWriter } from './ingest/ping-writer.ts';
import type { RegionBoundaries } from './ingest/region-boundaries.ts';
import type { PanicFallback } from './ingest/store-or-journal.ts';
import type { PositionBus } from './positions/position-bus.ts';
import { appendStreamEvents } from './stream/append.ts';
import type { StreamHub } from './stream/hub.ts';

export type Emit = (...messages: StreamMessage[]) => void;

/** What every route plugin gets: storage, the stream, configuration. */
export interface AppContext {
  config: Config;
  db: Database;
  hub: StreamHub;
  /** Accepted panics, fsynced before their 201 (embedded store; a no-op on PostgreSQL). */
  panicJournal: PanicJournal;
  /** What answers a panic the store cannot take in time (issue 47). */
  fallback: PanicFallback;
  /**
   * Runs `work` in one transaction. Stream messages it emits are stored in that same transaction and
   * delivered once it commits: a change and its announcement exist together or not at all.
   * `options.priority: 'urgent'` lets it overtake queued reads (panics).
   */
  write<T>(work: (tx: Sql, emit: Emit) => Promise<T>, options?: TransactionOptions): Promise<T>;
  /** GPS pings, stored in group commits shared by concurrent requests. */
  pings: PingWriter;
  /** Where a point outside every zone belongs, from memory (issue 31). */
  regionBoundaries: RegionBoundaries;
  /** Calls `listener` after each `write` of this process commits, with its stream messages; answers the unsubscribe. */
  onCommitted(listener: (messages: readonly StreamMessage[]) => void): () => void;
}

export function createContext(
  config: Config,
  db: Database,
  hub: StreamHub,
  channel: string,
  panicJournal: PanicJournal,
  regionBoundaries: RegionBoundaries,
  fallback: PanicFallback,
  positions: PositionBus,
): AppContext {
  const committedListeners = new Set<(messages: readonly StreamMessage[]) => void>();
  const onCommitted: AppContext['onCommitted'] = (listener) => {
    committedListeners.add(listener);
    return () => committedListeners.delete(listener);
  };
  const write: AppContext['write'] = async (work, options) => {
    const messages: StreamMessage[] = [];
    let lastSeq = 0;
    const result = await db.transaction(async (tx) => {
      const value = await work(tx, (...emitted) => messages.push(...emitted));
      lastSeq = await appendStreamEvents(tx, messages, channel, runsConcurrentTransactions(db.mode));
      return value;
    }, options);
    if (messages.length > 0) hub.committed(lastSeq, messages);
    for (const listener of committedListeners) listener(messages);
    return result;
  };
  const pings = new PingWriter(
    write,
    db.mode,
    config.gpsQueueMaxPings,
    (point) => regionBoundaries.regionOf(point),
    positions,
  );
  return { config, db, hub, panicJournal, fallback, write, pings, regionBoundaries, onCommitted };
}
