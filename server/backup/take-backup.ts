// A backup of the embedded store: one .tar.gz holding a consistent copy of DATA_DIR/pglite, the keys generated
// into DATA_DIR, the journal's panics not yet synced, and a manifest. The copy is made by the process that has
// the store open (the server, or `npm run backup` when none runs), between two statements.
//
// Not PGlite's dumpDataDir(): it reads every file synchronously through its virtual file system and builds the
// tarball in memory. On a 153 MB store here it held the event loop for 1.5 s (no panic could even be read) and
// the store twice over in memory; copying the folder with the store paused took 0.3-0.7 s with the loop free.
import { constants } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import type { Database } from '../db/seam.ts';
import type { JournaledPanic } from '../db/panic-journal.ts';
import { pgliteVersion } from '../db/pglite-template.ts';
import { SIGNING_KEY_FILE } from '../did/signing-key.ts';
import { VAPID_KEY_FILE } from '../push/vapid-keys.ts';
import { tarBytes, tarFolder, TAR_END } from './backup-tar.ts';

export const BACKUP_FORMAT = 'panic-alerts-dashboard backup 1';
export const MANIFEST_FILE = 'backup.json';
export const STORE_FOLDER = 'pglite';
/** The journal's panics at the moment of the copy: the next start puts back any the store does not hold. */
export const JOURNAL_FILE = 'panic-journal.ndjson';
/** Generated into DATA_DIR unless given as settings; tokens and push subscriptions in the store need them. */
export const KEY_FILES = [SIGNING_KEY_FILE, VAPID_KEY_FILE];
const SNAPSHOT_PREFIX = 'backup-copy-';
const FILES_COPIED_AT_ONCE = 16;

export interface BackupManifest {
  format: string;
  takenAt: string;
  pglite: string;
}

/** Folders a backup is being taken of in this process: one at a time each. */
const inProgress = new Set<string>();

/** Copies a folder tree, files side by side; a reflink where the file system offers one. */
async function copyTree(from: string, to: string): Promise<void> {
  await mkdir(to, { mode: 0o700 });
  const entries = await readdir(from, { withFileTypes: true });
  for (const entry of entries) if (entry.isDirectory()) await copyTree(join(from, entry.name), join(to, entry.name));
  const files = entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
  for (let start = 0; start < files.length; start += FILES_COPIED_AT_ONCE) {
    await Promise.all(
      files
        .slice(start, start + FILES_COPIED_AT_ONCE)
        .map((name) => copyFile(join(from, name), join(to, name), constants.COPYFILE_FICLONE)),
    );
  }
}

async function readIfThere(path: string): Promise<Buffer | undefined> {
  try {
    return await readFile(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function* archive(
  copyDir: string,
  dataDir: string,
  manifest: BackupManifest,
  journal: JournaledPanic[],
): AsyncGenerator<Buffer> {
  yield* tarBytes(MANIFEST_FILE, Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`));
  for (const name of KEY_FILES) {
    const key = await readIfThere(join(dataDir, name));
    if (key) yield* tarBytes(name, key);
  }
  if (journal.length > 0)
    yield* tarBytes(JOURNAL_FILE, Buffer.from(journal.map((record) => `${JSON.stringify(record)}\n`).join('')));
  try {
    yield* tarFolder(join(copyDir, STORE_FOLDER), STORE_FOLDER);
    yield TAR_END;
  } finally {
    // Before the stream ends: whoever reads it to its end finds the copy gone.
    await rm(copyDir, { recursive: true, force: true });
  }
}

export interface BackupOptions {
  /** The journal's panics now (the server's `panicJournal.pending()`). */
  journal: JournaledPanic[];
  /** Writes the act to the audit trail before the copy, so the backup holds its own record. */
  record: () => Promise<unknown>;
}

/**
 * Copies the store while it is quiet (its other work waits, panics first once it is done), then answers the
 * archive as a gzip stream read from the copy, which is removed once the stream ends or is dropped. 'busy'
 * while another backup of the same folder is being taken in this process.
 */
export async function takeBackup(db: Database, dataDir: string, options: BackupOptions): Promise<Readable | 'busy'> {
  if (!db.whileQuiet) throw new Error('Only the embedded store is backed up this way; PostgreSQL has pg_dump.');
  if (inProgress.has(dataDir)) return 'busy';
  inProgress.add(dataDir);
  let copyDir: string | undefined;
  // Also for a stream dropped before its first read, which never runs the archive's own removal.
  const cleanUp = async () => {
    inProgress.delete(dataDir);
    if (copyDir) await rm(copyDir, { recursive: true, force: true });
  };
  try {
    // Left by a backup that a crash cut short: no other is running now.
    for (const name of await readdir(dataDir))
      if (name.startsWith(SNAPSHOT_PREFIX)) await rm(join(dataDir, name), { recursive: true, force: true });
    await options.record();
    const madeDir = await mkdtemp(join(dataDir, SNAPSHOT_PREFIX));
    copyDir = madeDir;
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      takenAt: new Date().toISOString(),
      pglite: pgliteVersion(),
    };
    await db.whileQuiet((storeDir) => copyTree(storeDir, join(madeDir, STORE_FOLDER)));
    const source = Readable.from(archive(madeDir, dataDir, manifest, options.journal));
    const gzipped = pipeline(source, createGzip({ level: 1 }), () => {});
    gzipped.once('close', () => void cleanUp());
    return gzipped;
  } catch (error) {
    await cleanUp();
    throw error;
  }
}

/** A UTC time with only filename-safe characters: `20261127T101500Z`. */
export function fileStamp(now: Date): string {
  return now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z');
}

/** `panic-alerts-<UTC timestamp>.tar.gz`. */
export const backupFileName = (now: Date) => `panic-alerts-${fileStamp(now)}.tar.gz`;
