// Run by `npm install` (the prepare script): the work a first `npm start` would otherwise do while phones
// wait. Compiles the server, and makes the migrated empty store that first starts copy.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { openDatabase } from '../server/db/open.ts';
import type { Database } from '../server/db/seam.ts';
import { pgliteTemplateDir } from '../server/db/pglite-template.ts';
import { ensureServerBundle } from './server-bundle.mjs';

/**
 * The store has one database; initdb's template0 and template1 are two thirds of its files, and every new
 * store (a first start, every test server) would copy them for nothing.
 */
async function dropTemplateDatabases(db: Database): Promise<void> {
  await db.query(`update pg_database set datistemplate = false where datname in ('template0', 'template1')`);
  await db.query('drop database template0');
  await db.query('drop database template1');
}

async function createPgliteTemplate(templateDir: string): Promise<void> {
  if (existsSync(templateDir)) return;
  const building = mkdtempSync(`${templateDir}.building-`);
  try {
    const db = await openDatabase({ dataDir: building });
    await dropTemplateDatabases(db);
    await db.close();
    try {
      renameSync(join(building, 'pglite'), templateDir);
    } catch (error) {
      // Another install put its template in place first: equally good.
      if (!existsSync(templateDir)) throw error;
    }
  } finally {
    rmSync(building, { recursive: true, force: true });
  }
  // Templates of earlier PGlite versions or migrations are never copied again.
  for (const name of readdirSync(dirname(templateDir))) {
    if (name.startsWith('pglite-template-') && name !== basename(templateDir))
      rmSync(join(dirname(templateDir), name), { recursive: true, force: true });
  }
}

const started = performance.now();
await ensureServerBundle();
const templateDir = pgliteTemplateDir();
mkdirSync(dirname(templateDir), { recursive: true });
await createPgliteTemplate(templateDir);
console.log(`Prepared the server's first start in ${Math.round(performance.now() - started)} ms`);
