import type { StreamMessage } from '../src/api/stream.ts';
import type { Config } from './config.ts';
import type { PanicJournal } from './db/panic-journal.ts';
import type { Database, Sql, TransactionOptions } from './db/seam.ts';
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
  /**
   * Runs `work` in one transaction. Stream messages it emits are stored in that same transaction and
   * delivered once it commits: a change and its announcement exist together or not at all.
   * `options.priority: 'urgent'` lets it overtake queued reads (panics).
   */
  write<T>(work: (tx: Sql, emit: Emit) => Promise<T>, options?: TransactionOptions): Promise<T>;
}

export function createContext(config: Config, db: Database, hub: StreamHub, channel: string, panicJournal: PanicJournal): AppContext {
  return {
    config,
    db,
    hub,
    panicJournal,
    async write(work, options) {
      const messages: StreamMessage[] = [];
      const result = await db.transaction(async (tx) => {
        const value = await work(tx, (...emitted) => messages.push(...emitted));
        await appendStreamEvents(tx, messages, channel);
        return value;
      }, options);
      if (messages.length > 0) hub.poke();
      return result;
    },
  };
}
