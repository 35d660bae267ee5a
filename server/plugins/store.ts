import { setTimeout as delay } from 'node:timers/promises';
import type { ReleaseLock } from '../db/directory-lock.ts';
import type { Database } from '../db/seam.ts';
import { openDatabase, type StorageConfig } from '../db/open.ts';
import { rootPlugin } from './root-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The store (PostgreSQL, or PGlite holding the data folder's lock), migrated; closed last. */
    db: Database;
  }
}

export interface StoreOptions {
  config: StorageConfig;
  /** The data folder's lock, taken before the start window opened its journal (embedded store). */
  heldLock?: ReleaseLock;
  /** Tests only (START_STORE_DELAY_MS): keeps the start window open this long before the store opens. */
  delayMs?: number;
}

/** Opens the store; it closes once everything registered after it has (onClose hooks run in reverse). */
export const storePlugin = rootPlugin<StoreOptions>(async (app, { config, heldLock, delayMs }) => {
  if (delayMs) await delay(delayMs);
  const db = await openDatabase(config, heldLock);
  app.addHook('onClose', () => db.close());
  app.decorate('db', db);
});
