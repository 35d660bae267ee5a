import type { Database } from './seam.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { migrate } from './migrate.ts';

export interface StorageConfig {
  dataDir: string;
  databaseUrl?: string;
  databaseSchema?: string;
}

/** PostgreSQL when a URL is configured, else embedded PGlite under the data folder; migrated either way. */
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
  return db;
}
