// What npm run restore refuses, and what both scripts say when DATABASE_URL names PostgreSQL.
import { readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/open.ts';
import { appendAudit } from '../../server/stores/audit.ts';
import { runNpmScript } from '../helpers/npm-script.ts';
import { tempFolders } from '../helpers/temp-folders.ts';

const PGLITE = { DATABASE_URL: '' };

const newFolder = tempFolders('pad-restore-');

/** A store whose audit trail was edited after the fact: its first entry no longer matches its hash. */
async function storeWithEditedTrail(dataDir: string): Promise<void> {
  const db = await openDatabase({ dataDir });
  try {
    for (const target of ['inc-1', 'inc-2'])
      await db.transaction((tx) =>
        appendAudit(tx, { actor: 'op', role: null, address: null, action: 'incident.acknowledge', target }),
      );
    await db.query(`update audit_log set actor = 'someone else' where seq = 1`);
  } finally {
    await db.close();
  }
}

describe('npm run restore refuses', { timeout: 180_000 }, () => {
  it('a backup whose audit trail is broken, leaving DATA_DIR as it was; --check says why', async () => {
    const source = newFolder();
    await storeWithEditedTrail(source);
    const file = join(newFolder(), 'edited.tar.gz');
    const backup = await runNpmScript('backup', [file], { ...PGLITE, DATA_DIR: source });
    expect(backup.code).toBe(1);
    expect(backup.stderr).toContain(
      'The backup was written, but the audit trail is broken at entry 1: its hash does not match its content.',
    );

    const checked = await runNpmScript('restore', ['--check', file], { ...PGLITE, DATA_DIR: newFolder() });
    expect(checked.code).toBe(1);
    expect(checked.stdout).toContain('audit trail: 3 entries, broken at entry 1: its hash does not match its content');
    expect(checked.stderr).toContain('npm run restore would refuse it.');

    const target = newFolder();
    writeFileSync(join(target, 'did-signing.key'), `${'cd'.repeat(32)}\n`);
    const refused = await runNpmScript('restore', [file], { ...PGLITE, DATA_DIR: target });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      'npm run restore: The audit trail is broken at entry 1: its hash does not match its content. Not restored: DATA_DIR is as it was.\n',
    );
    expect(readdirSync(target)).toEqual(['did-signing.key']);
  });

  it('a file that is not a backup, naming what is wrong with it', async () => {
    const dir = newFolder();
    const file = (name: string) => join(dir, name);
    const cases: [string, Buffer, string][] = [
      [
        'plain.txt',
        Buffer.from('not a backup\n'),
        'is not a backup made by npm run backup (it is not gzip-compressed).',
      ],
      [
        'other.tar.gz',
        gzipSync(Buffer.alloc(1024)),
        'is not a backup made by npm run backup (it holds no backup.json).',
      ],
      [
        'garbled.tar.gz',
        gzipSync(Buffer.from('x'.repeat(700))),
        'cannot be read: The backup is damaged: a header holds no size.',
      ],
      ['cut.tar.gz', gzipSync(Buffer.alloc(4096, 1)).subarray(0, 20), 'is cut short: the backup is incomplete.'],
    ];
    for (const [name, bytes, why] of cases) {
      writeFileSync(file(name), bytes);
      const run = await runNpmScript('restore', [file(name)], { ...PGLITE, DATA_DIR: join(dir, 'data') });
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(`npm run restore: ${file(name)} ${why}\n`);
    }
    expect(readdirSync(join(dir, 'data'))).toEqual([]);
  });
});

describe('with DATABASE_URL set', { timeout: 60_000 }, () => {
  it('npm run backup and restore print the pg_dump and pg_restore commands instead', async () => {
    const env = { DATABASE_URL: 'postgres://db.example/district', DATABASE_SCHEMA: 'district_one' };
    const backup = await runNpmScript('backup', [], env);
    expect(backup.code).toBe(2);
    expect(backup.stderr).toContain(
      'pg_dump --format=custom --schema=district_one --file=panic-alerts.dump "$DATABASE_URL"',
    );
    const restore = await runNpmScript('restore', ['panic-alerts.dump'], env);
    expect(restore.code).toBe(2);
    expect(restore.stderr).toContain(
      'pg_restore --no-owner --no-privileges --single-transaction --exit-on-error --dbname "$NEW_DATABASE_URL" panic-alerts.dump',
    );
  });
});
