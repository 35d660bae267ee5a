import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from './seam.ts';
import { acquireDirectoryLock } from './directory-lock.ts';

/** Embedded PostgreSQL in a folder. One process at a time: a second one gets a clear error. */
export async function openPglite(dataDir: string): Promise<Database> {
  mkdirSync(dataDir, { recursive: true });
  const releaseLock = acquireDirectoryLock(dataDir);
  let db: PGlite;
  try {
    db = await PGlite.create({ dataDir: `${dataDir}/pglite` });
  } catch (error) {
    releaseLock();
    throw error;
  }
  return {
    mode: 'pglite',
    query: (text, params) => db.query(text, params) as never,
    transaction: (work) => db.transaction((tx) => work({ query: (text, params) => tx.query(text, params) as never })),
    // A single embedded instance has no other writers; local commits wake the stream directly.
    listen: async () => async () => {},
    close: async () => {
      try {
        await db.close();
      } finally {
        releaseLock();
      }
    },
  };
}
