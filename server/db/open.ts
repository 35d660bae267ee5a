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
  const postgres = config.databaseUrl ? await openPostgres(config.databaseUrl, config.databaseSchema) : undefined;
  const db = postgres ?? (await openPglite(config.dataDir, heldLock));
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
  postgres?.boundQueries(config.storeQueryTimeoutMs ?? 0);
  return withPriorityGate(db, config.databaseUrl ? POSTGRES_POOL_SIZE : PGLITE_CONNECTIONS);
}
