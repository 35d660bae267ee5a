import type { Database } from '../db/seam.ts';
import { openDatabase, type StorageConfig } from '../db/open.ts';
import { rootPlugin } from './root-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The store (PostgreSQL, or PGlite holding the data folder's lock), migrated; closed last. */
    db: Database;
  }
}

/** Opens the store; it closes once everything registered after it has (onClose hooks run in reverse). */
export const storePlugin = rootPlugin<{ config: StorageConfig }>(async (app, { config }) => {
  const db = await openDatabase(config);
  app.addHook('onClose', () => db.close());
  app.decorate('db', db);
});
