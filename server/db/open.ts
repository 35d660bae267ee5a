import type { Database } from './seam.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { migrate } from './migrate.ts';
import { withPriorityGate } from './priority-gate.ts';

export interface StorageConfig {
  dataDir: string;
  databaseUrl?: string;
  databaseSchema?: string;
}

/** PGlite is one connection running on the main thread: one piece of work at a time. */
const PGLITE_CONNECTIONS = 1;
/** The pool size of postgres.ts: more at once would only wait inside the pool, first come first served. */
const POSTGRES_CONNECTIONS = 10;

/**
 * PostgreSQL when a URL is configured, else embedded PGlite under the data folder; migrated either way.
 * All work then passes one priority gate, so a panic write overtakes reads waiting for a connection.
 */
export async function openDatabase(config: StorageConfig): Promise<Database> {
  const db = config.databaseUrl
    ? await openPostgres(config.databaseUrl, config.databaseSchema)
    : await openPglite(config.dataDir);
  try {
    await migrate(db);
  } catch (error) {
    await db.close().catch(() => {});
    throw error;
  }
  return withPriorityGate(db, config.databaseUrl ? POSTGRES_CONNECTIONS : PGLITE_CONNECTIONS);
}
