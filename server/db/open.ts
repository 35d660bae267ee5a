import type { ReleaseLock } from './directory-lock.ts';
import type { Database } from './seam.ts';
import { openPglite } from './pglite.ts';
import { openPostgres, POSTGRES_POOL_SIZE } from './postgres.ts';
import { migrate } from './migrate.ts';
import { withPriorityGate } from './priority-gate.ts';

export interface StorageConfig {
  dataDir: string;
  databaseUrl?: string;
  databaseSchema?: string;
  /** PostgreSQL: a query unanswered this long fails, as a store gone silent (0: none). */
  storeQueryTimeoutMs?: number;
}

/** PGlite is one connection running on the main thread: one piece of work at a time. */
const PGLITE_CONNECTIONS = 1;

/**
 * PostgreSQL when a URL is configured, else embedded PGlite under the data folder; migrated either way.
 * All work then passes one priority gate, so a panic write overtakes reads waiting for a connection.
 */
export async function openDatabase(config: StorageConfig, heldLock?: ReleaseLock): Promise<Database> {
  if (config.databaseUrl) {
    // Migrations on connections of their own, unbounded: one may rightly take longer than a query may.
    const migrating = await openPostgres(config.databaseUrl, config.databaseSchema);
    await migrate(migrating).finally(() => migrating.close().catch(() => {}));
    const db = await openPostgres(config.databaseUrl, config.databaseSchema, {
      queryTimeoutMs: config.storeQueryTimeoutMs ?? 0,
      createSchema: false,
    });
    return withPriorityGate(db, POSTGRES_POOL_SIZE);
  }
  const db = await openPglite(config.dataDir, heldLock);
  await migrate(db).catch(async (error: unknown) => {
    await db.close().catch(() => {});
    throw error;
  });
  return withPriorityGate(db, PGLITE_CONNECTIONS);
}
