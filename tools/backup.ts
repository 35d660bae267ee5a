// npm run backup [-- FILE] [--url URL]: a consistent copy of the embedded store in DATA_DIR (default
// backups/panic-alerts-<time>.tar.gz). The server holding the store makes it (POST /backup, at --url or at HOST and
// PORT); with none running, this process opens the store and makes it. The file is then opened and checked.
import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import { basename, dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { checkBackup } from '../server/backup/read-backup.ts';
import { backupFileName, STORE_FOLDER, takeBackup } from '../server/backup/take-backup.ts';
import { configFromEnv, type Config } from '../server/config.ts';
import { DataFolderInUse } from '../server/db/directory-lock.ts';
import { migrate } from '../server/db/migrate.ts';
import { openPanicJournal } from '../server/db/panic-journal.ts';
import { openPglite } from '../server/db/pglite.ts';
import { appendAudit } from '../server/stores/audit.ts';
import { brokenChain } from '../server/stores/store-summary.ts';
import { commandLine, runScript, pgDumpArgs, reportLines, writeBackupFile } from './backup-file.ts';
import { backupFromServer, type Credentials } from './backup-request.ts';

/** With no server running: this process holds the folder's lock while it copies the store. */
async function backupHere(dataDir: string, out: string): Promise<number> {
  if (!existsSync(join(dataDir, STORE_FOLDER, 'PG_VERSION')))
    throw new Error(`There is no embedded store in ${dataDir} (DATA_DIR) to back up.`);
  const db = await openPglite(dataDir);
  try {
    await migrate(db);
    const journal = await openPanicJournal(dataDir, join(dataDir, STORE_FOLDER));
    const pending = journal.pending();
    await journal.close();
    const backup = await takeBackup(db, dataDir, {
      journal: pending,
      record: () =>
        db.transaction((tx) =>
          appendAudit(tx, {
            actor: 'system',
            role: null,
            address: null,
            action: 'store.backup',
            target: basename(out),
            detail: { by: 'npm run backup', user: userInfo().username },
          }),
        ),
    });
    if (backup === 'busy') throw new Error('A backup of this folder is already being taken.');
    return await writeBackupFile(backup, out);
  } finally {
    await db.close();
  }
}

function serverUrl(config: Config): string {
  const host = ['', '0.0.0.0', '::'].includes(config.host) ? '127.0.0.1' : config.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.port}`;
}

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: { out: { type: 'string' }, url: { type: 'string' } },
    allowPositionals: true,
  });
  const config = configFromEnv(process.env);
  if (config.databaseUrl) {
    console.error(
      'DATABASE_URL is set: PostgreSQL is backed up with pg_dump, while the servers run (docs/backups.md):\n\n' +
        `    ${commandLine(pgDumpArgs(config.databaseSchema, 'panic-alerts.dump', '$DATABASE_URL'))}\n`,
    );
    return 2;
  }
  const out = resolve(values.out ?? positionals[0] ?? join('backups', backupFileName(new Date())));
  const password = process.env.BACKUP_PASSWORD;
  const credentials: Credentials | undefined = password
    ? { username: process.env.BACKUP_USERNAME || 'admin', password }
    : undefined;
  let size: number;
  let madeBy: string;
  if (values.url) {
    size = await backupFromServer(values.url, out, credentials);
    madeBy = `the server at ${values.url}`;
  } else {
    try {
      size = await backupHere(config.dataDir, out);
      madeBy = 'this process: no server was running';
    } catch (error) {
      if (!(error instanceof DataFolderInUse)) throw error;
      const url = serverUrl(config);
      size = await backupFromServer(url, out, credentials);
      madeBy = `the server at ${url} (pid ${error.pid ?? 'unknown'})`;
    }
  }
  const checked = await checkBackup(out, dirname(out));
  console.log([`Backed up by ${madeBy}:`, ...reportLines(out, size, checked)].join('\n'));
  const broken = brokenChain(checked.summary);
  if (!broken) return 0;
  console.error(`The backup was written, but ${broken.charAt(0).toLowerCase()}${broken.slice(1)}`);
  return 1;
}

runScript('backup', main);
