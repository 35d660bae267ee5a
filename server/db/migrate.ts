import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Database } from './seam.ts';

const migrationsDir = fileURLToPath(new URL('./migrations/', import.meta.url));
const MIGRATION_LOCK = 7_300_001;

/** The numbered SQL files, in the order they run. */
export function migrationFiles(): string[] {
  return readdirSync(migrationsDir)
    .filter((name) => /^\d+_.*\.sql$/.test(name))
    .sort();
}

export function migrationSql(file: string): string {
  return readFileSync(migrationsDir + file, 'utf8');
}

/**
 * Applies the numbered SQL files in migrations/ that have not run yet, in one transaction. `through`: stop
 * after this file (a test makes the store an earlier version would have left).
 */
export async function migrate(db: Database, through?: string): Promise<void> {
  const files = migrationFiles().filter((file) => through === undefined || file <= through);
  await db.transaction(async (tx) => {
    // Several servers may start at once on one PostgreSQL: one migrates, the others wait.
    await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query(
      'create table if not exists schema_migrations (version text primary key, applied_at timestamptz not null default now())',
    );
    const done = new Set(
      (await tx.query<{ version: string }>('select version from schema_migrations')).rows.map((r) => r.version),
    );
    for (const file of files) {
      if (done.has(file)) continue;
      for (const statement of splitStatements(migrationSql(file))) await tx.query(statement);
      await tx.query('insert into schema_migrations (version) values ($1)', [file]);
    }
  });
}

function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((statement) => statement.replace(/^\s*--.*$/gm, '').trim())
    .filter(Boolean);
}
