import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { migrationFiles } from '../../../server/db/migrate.ts';
import { openPglite } from '../../../server/db/pglite.ts';
import { copyPgliteTemplate, pgliteTemplateDir } from '../../../server/db/pglite-template.ts';

const folders: string[] = [];
afterEach(() => {
  for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
});

it('npm install prepared a template (tools/prepare.ts) that a new store is copied from, once', () => {
  expect(
    existsSync(pgliteTemplateDir()),
    `missing ${pgliteTemplateDir()}: npm install (its prepare script) makes it`,
  ).toBe(true);
  const dir = mkdtempSync(join(tmpdir(), 'pad-template-'));
  folders.push(dir);
  expect(copyPgliteTemplate(join(dir, 'pglite'))).toBe(true);
  expect(copyPgliteTemplate(join(dir, 'pglite'))).toBe(false); // an existing store is never overwritten
});

it('a store copied from the template holds every migration and only its own database', async () => {
  const dir = mkdtempSync(join(tmpdir(), 'pad-template-'));
  folders.push(dir);
  const db = await openPglite(dir);
  try {
    const applied = await db.query<{ version: string }>('select version from schema_migrations order by version');
    expect(applied.rows.map((row) => row.version)).toEqual(migrationFiles());
    const databases = await db.query<{ datname: string }>('select datname from pg_database');
    expect(databases.rows.map((row) => row.datname)).toEqual(['postgres']);
  } finally {
    await db.close();
  }
});
