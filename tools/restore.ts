// npm run restore -- FILE: puts a backup of `npm run backup` in DATA_DIR, for the next `npm start` to open; refused
// while a server holds the folder. npm run restore -- --check FILE: opens and checks the backup, changing nothing.
import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkBackup } from '../server/backup/read-backup.ts';
import { restoreBackup, type RestoreReport } from '../server/backup/restore-backup.ts';
import { configFromEnv } from '../server/config.ts';
import { DataFolderInUse } from '../server/db/directory-lock.ts';
import { brokenChain, summaryLines } from '../server/stores/store-summary.ts';
import { commandLine, runScript, pgRestoreArgs, reportLines } from './backup-file.ts';

function restoredLines(file: string, dataDir: string, report: RestoreReport): string[] {
  const { storeMovedTo, keysRestored, keysMovedTo, journal } = report;
  return [
    `Restored ${file} (taken ${report.manifest.takenAt}) into ${dataDir}:`,
    ...summaryLines(report.summary).map((line) => `  ${line}`),
    '  and the audit trail records this restore (store.restore).',
    storeMovedTo
      ? `The store it replaced is in ${storeMovedTo}: delete it once the restored one is as it should be.`
      : 'There was no store in DATA_DIR before.',
    ...(keysRestored.length > 0 ? [`Keys put in place: ${keysRestored.join(', ')}.`] : []),
    ...(keysMovedTo.length > 0 ? [`Keys that differed, moved aside: ${keysMovedTo.join(', ')}.`] : []),
    `The panic journal is kept (${journal.kept} panics, ${journal.fromBackup} added from the backup): the next start ` +
      'puts back any of them the restored store does not hold.',
    'Start the server with npm start.',
  ];
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({ options: { check: { type: 'boolean' } }, allowPositionals: true });
  const config = configFromEnv(process.env);
  if (config.databaseUrl) {
    console.error(
      'DATABASE_URL is set: a pg_dump file is restored with pg_restore, into an empty database (docs/backups.md):\n\n' +
        `    ${commandLine(pgRestoreArgs('panic-alerts.dump', '$NEW_DATABASE_URL'))}\n`,
    );
    return 2;
  }
  if (positionals.length !== 1) {
    console.error('Usage: npm run restore -- FILE (or --check FILE to check a backup without restoring it)');
    return 2;
  }
  const file = resolve(positionals[0]);
  if (!existsSync(file)) throw new Error(`There is no file ${file}.`);
  if (values.check) {
    const checked = await checkBackup(file, dirname(file));
    console.log(reportLines(file, (await stat(file)).size, checked).join('\n'));
    const broken = brokenChain(checked.summary);
    if (broken) console.error(`${broken} npm run restore would refuse it.`);
    return broken ? 1 : 0;
  }
  try {
    console.log(restoredLines(file, config.dataDir, await restoreBackup(file, config.dataDir)).join('\n'));
    return 0;
  } catch (error) {
    if (!(error instanceof DataFolderInUse)) throw error;
    console.error(
      `npm run restore: a server holds ${config.dataDir} (pid ${error.pid ?? 'unknown'}): stop it, then restore. Nothing was changed.`,
    );
    return 1;
  }
}

runScript('restore', main);
