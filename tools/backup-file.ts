// What `npm run backup` and `npm run restore` share: writing a backup file whole or not at all, the report of
// what a backup holds, and the PostgreSQL commands that take their place when DATABASE_URL is set.
import { createWriteStream } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { CheckedBackup } from '../server/backup/read-backup.ts';
import { summaryLines } from '../server/stores/store-summary.ts';

async function fsyncPath(path: string): Promise<void> {
  const handle = await open(path, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** Streams `source` to `out` (0600) through a partial file, renamed into place once it is on disk. */
export async function writeBackupFile(source: Readable | NodeJS.ReadableStream, out: string): Promise<number> {
  await mkdir(dirname(out), { recursive: true, mode: 0o700 });
  const partial = `${out}.partial`;
  try {
    await pipeline(source, createWriteStream(partial, { mode: 0o600 }));
    await fsyncPath(partial);
    await rename(partial, out);
    await fsyncPath(dirname(out));
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
  return (await stat(out)).size;
}

const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;

/** The lines a terminal shows for a checked backup. */
export function reportLines(file: string, size: number, checked: CheckedBackup): string[] {
  return [
    `${file} (${megabytes(size)}), taken ${checked.manifest.takenAt}:`,
    ...summaryLines(checked.summary).map((line) => `  ${line}`),
  ];
}

/** A word as a shell reads it; `$NAME` stays a variable, in double quotes. */
const shellWord = (word: string) =>
  /^[\w./:@=-]+$/.test(word) ? word : /^\$[A-Z_]+$/.test(word) ? `"${word}"` : `'${word.replaceAll("'", `'\\''`)}'`;

export const commandLine = (args: string[]) => args.map(shellWord).join(' ');

/** pg_dump of what a server on `databaseUrl` holds: its schema, or (public) the whole database. */
export function pgDumpArgs(schema: string, file: string, databaseUrl: string): string[] {
  const only = schema === 'public' ? [] : [`--schema=${schema}`];
  return ['pg_dump', '--format=custom', ...only, `--file=${file}`, databaseUrl];
}

/** pg_restore of such a dump into an empty database; nothing is left half restored when it fails. */
export function pgRestoreArgs(file: string, databaseUrl: string): string[] {
  return [
    'pg_restore',
    '--no-owner',
    '--no-privileges',
    '--single-transaction',
    '--exit-on-error',
    '--dbname',
    databaseUrl,
    file,
  ];
}

/**
 * Runs a script's `main` and sets the exit code it answers. Should the event loop empty while it still waits,
 * the script says so and fails: a restore that stopped half-way must never look like one that worked.
 */
export function runScript(name: string, main: () => Promise<number>): void {
  let settled = false;
  process.once('beforeExit', () => {
    if (settled) return;
    console.error(`npm run ${name}: stopped before it was done.`);
    process.exitCode = 1;
  });
  main().then(
    (code) => {
      settled = true;
      process.exitCode = code;
    },
    (error: unknown) => {
      settled = true;
      console.error(`npm run ${name}: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 1;
    },
  );
}
