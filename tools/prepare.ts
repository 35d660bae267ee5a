// Run by `npm install` (the prepare script): the work a first `npm start` would otherwise do while phones
// wait. Compiles the server, and makes the migrated empty store that first starts copy.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { openDatabase } from '../server/db/open.ts';
import { pgliteTemplateDir } from '../server/db/pglite-template.ts';
import { ensureServerBundle } from './server-bundle.mjs';

async function createPgliteTemplate(templateDir: string): Promise<void> {
  if (existsSync(templateDir)) return;
  const building = mkdtempSync(`${templateDir}.building-`);
  try {
    const db = await openDatabase({ dataDir: building });
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
    if (name.startsWith('pglite-template-') && name !== basename(templateDir)) rmSync(join(dirname(templateDir), name), { recursive: true, force: true });
  }
}

const started = performance.now();
await ensureServerBundle();
const templateDir = pgliteTemplateDir();
mkdirSync(dirname(templateDir), { recursive: true });
await createPgliteTemplate(templateDir);
console.log(`Prepared the server's first start in ${Math.round(performance.now() - started)} ms`);
