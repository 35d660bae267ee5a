import { once } from 'node:events';
import { createWriteStream, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';
import { unpackBackup } from '../../../server/backup/read-backup.ts';
import { BACKUP_FORMAT, takeBackup } from '../../../server/backup/take-backup.ts';
import type { JournaledPanic } from '../../../server/db/panic-journal.ts';
import { migrate } from '../../../server/db/migrate.ts';
import { openPglite } from '../../../server/db/pglite.ts';
import { appendAudit } from '../../../server/stores/audit.ts';
import { tempFolders } from '../../helpers/temp-folders.ts';

const newFolder = tempFolders('pad-take-backup-');

const noRecord = async () => {};

describe('takeBackup (embedded store)', () => {
  it('copies one committed state while transactions keep coming, one backup of a folder at a time', async () => {
    const dataDir = newFolder();
    const db = await openPglite(dataDir);
    try {
      await migrate(db);
      await db.query('create table pair_a (n int)');
      await db.query('create table pair_b (n int)');
      // Each transaction writes both tables: a copy taken half-way through one would hold more rows in pair_a.
      let writing = true;
      let written = 0;
      const writer = (async () => {
        while (writing) {
          // PGlite answers on this thread: without a turn of the event loop the copy's file reads would never run.
          await new Promise((resolve) => setImmediate(resolve));
          const n = ++written;
          await db.transaction(async (tx) => {
            await tx.query('insert into pair_a values ($1)', [n]);
            await tx.query('insert into pair_b values ($1)', [n]);
          });
        }
      })();
      while (written < 20) await new Promise((resolve) => setImmediate(resolve));

      const stream = await takeBackup(db, dataDir, { journal: [], record: noRecord });
      if (stream === 'busy') throw new Error('busy');
      expect(await takeBackup(db, dataDir, { journal: [], record: noRecord })).toBe('busy');
      writing = false;
      await writer;

      const closed = once(stream, 'close');
      const file = join(newFolder(), 'backup.tar.gz');
      await pipeline(stream, createWriteStream(file));
      await closed;
      expect(readdirSync(dataDir).filter((name) => name.startsWith('backup-copy-'))).toEqual([]);

      const unpacked = newFolder();
      await unpackBackup(file, unpacked);
      const copy = await PGlite.create({ dataDir: join(unpacked, 'pglite') });
      const counts = await copy.query<{ a: number; b: number }>(
        'select (select count(*) from pair_a)::int as a, (select count(*) from pair_b)::int as b',
      );
      await copy.close();
      expect(counts.rows[0].a).toBeGreaterThan(0);
      expect(counts.rows[0].a).toBe(counts.rows[0].b);

      const again = await takeBackup(db, dataDir, { journal: [], record: noRecord });
      expect(again).not.toBe('busy');
      (again as NodeJS.ReadableStream & { destroy(): void }).destroy();
    } finally {
      await db.close();
    }
  });

  it("holds the manifest, the keys generated into DATA_DIR, the journal's panics and its own audit entry", async () => {
    const dataDir = newFolder();
    const db = await openPglite(dataDir);
    try {
      writeFileSync(join(dataDir, 'did-signing.key'), `${'ab'.repeat(32)}\n`);
      const journal = [{ answer: { incident: { id: 'inc-journaled' } } } as JournaledPanic];
      await migrate(db);
      const stream = await takeBackup(db, dataDir, {
        journal,
        record: () =>
          db.transaction((tx) =>
            appendAudit(tx, { actor: 'tester', role: null, address: null, action: 'store.backup', target: null }),
          ),
      });
      if (stream === 'busy') throw new Error('busy');
      const file = join(newFolder(), 'backup.tar.gz');
      await pipeline(stream, createWriteStream(file));

      const unpacked = newFolder();
      const manifest = await unpackBackup(file, unpacked);
      expect(manifest).toMatchObject({ format: BACKUP_FORMAT, pglite: expect.stringMatching(/^0\.5\./) });
      expect(readdirSync(unpacked).sort()).toEqual([
        'backup.json',
        'did-signing.key',
        'panic-journal.ndjson',
        'pglite',
      ]);
      expect(readFileSync(join(unpacked, 'did-signing.key'), 'utf8')).toBe(`${'ab'.repeat(32)}\n`);
      expect(readFileSync(join(unpacked, 'panic-journal.ndjson'), 'utf8')).toContain('inc-journaled');
      const copy = await PGlite.create({ dataDir: join(unpacked, 'pglite') });
      const audit = await copy.query<{ actor: string; action: string }>('select actor, action from audit_log');
      await copy.close();
      expect(audit.rows).toEqual([{ actor: 'tester', action: 'store.backup' }]);
    } finally {
      await db.close();
    }
  });
});
