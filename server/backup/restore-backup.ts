// `npm run restore`: puts a backup in DATA_DIR so that the next start opens it. Refused while a server holds the
// folder (its lock), and before anything is touched when the backup does not open or a chain in it is broken.
// The store it replaces, and keys that differ, are moved aside, never deleted. The panic journal is kept, and the
// backup's journal added to it: the next start puts back every panic the restored store does not hold.
import { existsSync, mkdirSync } from 'node:fs';
import { mkdtemp, open, readFile, rename, rm } from 'node:fs/promises';
import { userInfo } from 'node:os';
import { basename, join } from 'node:path';
import { acquireDirectoryLock } from '../db/directory-lock.ts';
import { fsyncTree, openPanicJournal, type JournaledPanic } from '../db/panic-journal.ts';
import { appendAudit } from '../stores/audit.ts';
import { brokenChain, summarizeStore, type StoreSummary } from '../stores/store-summary.ts';
import { openUnpacked, unpackBackup } from './read-backup.ts';
import { fileStamp, JOURNAL_FILE, KEY_FILES, STORE_FOLDER, type BackupManifest } from './take-backup.ts';

export interface RestoreReport {
  manifest: BackupManifest;
  /** What the backup held, before this restore's own audit entry was added to it. */
  summary: StoreSummary;
  /** Where the store it replaced now is; null when there was none. */
  storeMovedTo: string | null;
  /** Key files put in place, and where differing ones that were there now are. */
  keysRestored: string[];
  keysMovedTo: string[];
  /** Panics in the journal: there before, and added from the backup. */
  journal: { kept: number; fromBackup: number };
}

async function fsyncFolder(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function readRecords(text: string): JournaledPanic[] {
  const records: JournaledPanic[] = [];
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    try {
      records.push(JSON.parse(line) as JournaledPanic);
    } catch {
      // never written torn by a backup; a damaged line is a panic the journal cannot name
    }
  }
  return records;
}

/** Adds the backup's journaled panics to DATA_DIR's journal, fsynced, and answers both counts. */
async function carryJournal(unpacked: string, dataDir: string): Promise<RestoreReport['journal']> {
  const path = join(unpacked, JOURNAL_FILE);
  const incoming = existsSync(path) ? readRecords(await readFile(path, 'utf8')) : [];
  const journal = await openPanicJournal(dataDir, join(dataDir, STORE_FOLDER));
  try {
    const kept = journal.pending().length;
    await Promise.all(incoming.map((record) => journal.append(record)));
    return { kept, fromBackup: incoming.length };
  } finally {
    await journal.close();
  }
}

async function placeKeys(unpacked: string, dataDir: string, stamp: string) {
  const keysRestored: string[] = [];
  const keysMovedTo: string[] = [];
  for (const name of KEY_FILES) {
    const incoming = join(unpacked, name);
    if (!existsSync(incoming)) continue;
    const target = join(dataDir, name);
    if (existsSync(target)) {
      if ((await readFile(target)).equals(await readFile(incoming))) continue;
      const aside = `${target}.before-restore-${stamp}`;
      await rename(target, aside);
      keysMovedTo.push(aside);
    }
    await rename(incoming, target);
    keysRestored.push(target);
  }
  return { keysRestored, keysMovedTo };
}

export async function restoreBackup(file: string, dataDir: string): Promise<RestoreReport> {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const release = await acquireDirectoryLock(dataDir);
  const unpacked = await mkdtemp(join(dataDir, 'restoring-'));
  try {
    const manifest = await unpackBackup(file, unpacked);
    const db = await openUnpacked(unpacked, manifest);
    let summary: StoreSummary;
    try {
      summary = await summarizeStore(db);
      const broken = brokenChain(summary);
      if (broken) throw new Error(`${broken} Not restored: DATA_DIR is as it was.`);
      await db.transaction((tx) =>
        appendAudit(tx, {
          actor: 'system',
          role: null,
          address: null,
          action: 'store.restore',
          target: basename(file),
          detail: { by: 'npm run restore', user: userInfo().username, takenAt: manifest.takenAt },
        }),
      );
    } finally {
      await db.close();
    }
    await fsyncTree(join(unpacked, STORE_FOLDER));
    const journal = await carryJournal(unpacked, dataDir);

    const stamp = fileStamp(new Date());
    const store = join(dataDir, STORE_FOLDER);
    let storeMovedTo: string | null = null;
    if (existsSync(store)) {
      storeMovedTo = `${store}.before-restore-${stamp}`;
      await rename(store, storeMovedTo);
    }
    await rename(join(unpacked, STORE_FOLDER), store);
    const keys = await placeKeys(unpacked, dataDir, stamp);
    await fsyncFolder(dataDir);
    return { manifest, summary, storeMovedTo, ...keys, journal };
  } finally {
    await rm(unpacked, { recursive: true, force: true });
    await release();
  }
}
