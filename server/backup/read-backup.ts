// A backup unpacked into a folder and opened as a store of its own, to check it (`npm run restore -- --check`,
// and `npm run backup` on the file it wrote) or to put it in place (restore-backup.ts).
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createReadStream } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { migrate, migrationFiles } from '../db/migrate.ts';
import { openPglite } from '../db/pglite.ts';
import { pgliteVersion } from '../db/pglite-template.ts';
import type { Database } from '../db/seam.ts';
import { summarizeStore, type StoreSummary } from '../stores/store-summary.ts';
import { extractTar } from './backup-tar.ts';
import { BACKUP_FORMAT, MANIFEST_FILE, STORE_FOLDER, type BackupManifest } from './take-backup.ts';

const notABackup = (file: string, why: string, cause?: unknown) =>
  new Error(`${file} is not a backup made by npm run backup (${why}).`, { cause });

/** Unpacks `file` into `dir` (which must be empty) and answers its manifest. */
export async function unpackBackup(file: string, dir: string): Promise<BackupManifest> {
  const gunzipped = pipeline(createReadStream(file), createGunzip(), () => {});
  try {
    await extractTar(gunzipped, dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'EACCES' || code === 'EISDIR') throw error;
    if (code === 'Z_DATA_ERROR') throw notABackup(file, 'it is not gzip-compressed', error);
    if (code === 'Z_BUF_ERROR') throw new Error(`${file} is cut short: the backup is incomplete.`, { cause: error });
    throw new Error(`${file} cannot be read: ${(error as Error).message}`, { cause: error });
  } finally {
    gunzipped.destroy();
  }
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(await readFile(join(dir, MANIFEST_FILE), 'utf8')) as Partial<BackupManifest>;
  } catch (error) {
    throw notABackup(file, `it holds no ${MANIFEST_FILE}`, error);
  }
  if (manifest.format !== BACKUP_FORMAT) throw notABackup(file, `its format is ${JSON.stringify(manifest.format)}`);
  if (!existsSync(join(dir, STORE_FOLDER, 'PG_VERSION'))) throw notABackup(file, 'it holds no store');
  return manifest as BackupManifest;
}

/**
 * Opens the unpacked store and brings it to this version's migrations. A backup made by a newer version is
 * refused: this version's code would not know the tables it added.
 */
export async function openUnpacked(dir: string, manifest: BackupManifest): Promise<Database> {
  let db: Database;
  try {
    db = await openPglite(dir);
  } catch (error) {
    throw new Error(
      `The backup's store (PGlite ${manifest.pglite}) does not open with this version's PGlite ${pgliteVersion()}: ${(error as Error).message}`,
      { cause: error },
    );
  }
  try {
    await migrate(db);
    const known = new Set(migrationFiles());
    const { rows } = await db.query<{ version: string }>('select version from schema_migrations order by version');
    const unknown = rows.map((row) => row.version).filter((version) => !known.has(version));
    if (unknown.length > 0)
      throw new Error(
        `The backup was made by a newer version of the server (its migration ${unknown[0]} is unknown here): restore it with that version.`,
      );
    return db;
  } catch (error) {
    await db.close();
    throw error;
  }
}

export interface CheckedBackup {
  manifest: BackupManifest;
  summary: StoreSummary;
}

/** Unpacks `file` into a temporary folder in `workDir`, opens and summarises it, and removes the folder. */
export async function checkBackup(file: string, workDir: string): Promise<CheckedBackup> {
  const dir = await mkdtemp(join(workDir, '.backup-check-'));
  try {
    const manifest = await unpackBackup(file, dir);
    const db = await openUnpacked(dir, manifest);
    try {
      return { manifest, summary: await summarizeStore(db) };
    } finally {
      await db.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
