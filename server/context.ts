import type { StreamMessage } from '../src/api/schemas.ts';
import type { Config } from './config.ts';
import type { Database, Sql } from './db/seam.ts';
import { appendStreamEvents } from './stream/append.ts';
import type { StreamHub } from './stream/hub.ts';

export type Emit = (...messages: StreamMessage[]) => void;

/** What every route plugin gets: storage, the stream, configuration. */
export interface AppContext {
  config: Config;
  db: Database;
  hub: StreamHub;
  /**
   * Runs `work` in one transaction. Stream messages it emits are stored in that same transaction and
   * delivered once it commits: a change and its announcement exist together or not at all.
   */
  write<T>(work: (tx: Sql, emit: Emit) => Promise<T>): Promise<T>;
}

export function createContext(config: Config, db: Database, hub: StreamHub, channel: string): AppContext {
  return {
    config,
    db,
    hub,
    async write(work) {
      const messages: StreamMessage[] = [];
      const result = await db.transaction(async (tx) => {
        const value = await work(tx, (...emitted) => messages.push(...emitted));
        await appendStreamEvents(tx, messages, channel);
        return value;
      });
      if (messages.length > 0) hub.poke();
      return result;
    },
  };
}
