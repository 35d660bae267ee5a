// Creating an embedded store runs PostgreSQL's initdb in WebAssembly, then every migration: seconds of
// CPU on a first start. `npm install` makes one migrated empty store (tools/prepare.ts) and a first start
// copies it, which takes a fraction of that. The copy is an ordinary store: migrations still run on it.
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrationFiles, migrationSql } from './migrate.ts';

const root = fileURLToPath(new URL('../../', import.meta.url));

export function pgliteVersion(): string {
  const entry = fileURLToPath(import.meta.resolve('@electric-sql/pglite'));
  return (JSON.parse(readFileSync(join(dirname(entry), '..', 'package.json'), 'utf8')) as { version: string }).version;
}

/** What tools/prepare.ts does beyond the migrations; a template made another way is never copied. */
const TEMPLATE_RECIPE = 'without template0 and template1';

/** Named after what made it, so a store from another PGlite or other migrations is never copied. */
export function pgliteTemplateDir(): string {
  const migrations = createHash('sha256').update(`${TEMPLATE_RECIPE}\n`);
  for (const file of migrationFiles()) migrations.update(`${file}\n${migrationSql(file)}\n`);
  return join(root, '.tmp', `pglite-template-${pgliteVersion()}-${migrations.digest('hex').slice(0, 12)}`);
}

/** Copies the empty store into `storeDir` when there is a template and no store yet; answers whether it did. */
export function copyPgliteTemplate(storeDir: string): boolean {
  if (existsSync(storeDir)) return false;
  const templateDir = pgliteTemplateDir();
  if (!existsSync(templateDir)) return false;
  const copying = `${storeDir}.copying`;
  rmSync(copying, { recursive: true, force: true });
  copyTree(templateDir, copying);
  // Renamed into place whole: a crash mid-copy leaves no half store to open.
  renameSync(copying, storeDir);
  return true;
}

/** Files and folders only, as the template holds: `cpSync` stats each file several times, a third slower. */
function copyTree(from: string, to: string): void {
  mkdirSync(to, { mode: 0o700 });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    if (entry.isDirectory()) copyTree(join(from, entry.name), join(to, entry.name));
    else copyFileSync(join(from, entry.name), join(to, entry.name));
  }
}
