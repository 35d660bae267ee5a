import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import type { Database } from './seam.ts';
import { acquireDirectoryLock, type ReleaseLock } from './directory-lock.ts';
import { ensureRoom } from './disk-room.ts';
import { copyPgliteTemplate } from './pglite-template.ts';
import { makeFolderPrivate } from './private-folder.ts';

/**
 * Embedded PostgreSQL in a folder. One process at a time: a second one gets a clear error. `heldLock`: the
 * folder's lock, taken earlier (for the start window's journal); the store releases it as its own.
 * Neither opened nor given work while the disk under the folder is short of room (disk-room.ts): refused
 * with DiskLowError.
 */
export async function openPglite(dataDir: string, heldLock?: ReleaseLock): Promise<Database> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const releaseLock = heldLock ?? (await acquireDirectoryLock(dataDir));
  const storeDir = `${dataDir}/pglite`;
  let opened: PGlite | undefined;
  try {
    ensureRoom(dataDir);
    copyPgliteTemplate(storeDir);
    opened = await PGlite.create({ dataDir: storeDir });
    // After create: a first start copies PGlite's template files in world-readable.
    makeFolderPrivate(dataDir);
  } catch (error) {
    await opened?.close().catch(() => {});
    await releaseLock();
    throw error;
  }
  const db = opened;
  let closing: Promise<void> | undefined;
  return {
    mode: 'pglite',
    query: async (text, params) => {
      ensureRoom(dataDir);
      return db.query(text, params) as never;
    },
    transaction: async (work) => {
      ensureRoom(dataDir);
      return db.transaction((tx) => work({ query: (text, params) => tx.query(text, params) as never }));
    },
    // A single embedded instance has no other writers; local commits wake the stream directly.
    listen: async () => async () => {},
    async whileQuiet(work) {
      await db.query('checkpoint');
      // PGlite's own lock of whole transactions (query and transaction take it): one held open finishes first.
      return db._runExclusiveTransaction(() => work(storeDir));
    },
    close: () =>
      (closing ??= (async () => {
        try {
          await db.close();
        } finally {
          await releaseLock();
        }
      })()),
  };
}
