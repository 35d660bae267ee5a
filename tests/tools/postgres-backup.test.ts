// PostgreSQL is backed up with pg_dump and restored with pg_restore, as docs/backups.md says and as npm run backup
// and restore print (tools/backup-file.ts): the real /usr/bin/pg_dump of a populated deployment, restored into a
// new database that a real server then starts on.
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { pgDumpArgs, pgRestoreArgs } from '../../tools/backup-file.ts';
import { dropSchema, uniqueSchema } from '../helpers/server.ts';
import { districtSnapshot, expectChainsVerify, populateDistrict } from '../helpers/district.ts';
import { spawnServer, type SpawnedServer } from '../../tools/spawn-server.ts';
import { call } from '../helpers/server.ts';

const run = promisify(execFile);
const databaseUrl = process.env.DATABASE_URL;
// Tokens issued before the dump verify after the restore only with the same key: it is not in the database.
const DID_SIGNING_KEY = 'a district signing key of at least thirty-two bytes';

const cleanUps: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanUp of cleanUps.splice(0).reverse()) await cleanUp();
});

async function admin(sql: string): Promise<void> {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** An empty database of its own, dropped after the test; answers its URL. */
async function newDatabase(purpose: string): Promise<string> {
  const name = `${purpose}_${uniqueSchema()}`;
  await admin(`create database "${name}"`);
  cleanUps.push(() => admin(`drop database if exists "${name}" with (force)`));
  const url = new URL(databaseUrl!);
  url.pathname = `/${name}`;
  return url.href;
}

async function serve(url: string, schema: string): Promise<SpawnedServer> {
  const server = await spawnServer({ DATABASE_URL: url, DATABASE_SCHEMA: schema, DID_SIGNING_KEY });
  cleanUps.push(async () => void (await server.kill()));
  return server;
}

const pgTool = (args: string[]) => run(`/usr/bin/${args[0]}`, args.slice(1));

describe.runIf(databaseUrl && existsSync('/usr/bin/pg_dump'))(
  'pg_dump and pg_restore (PostgreSQL)',
  { timeout: 240_000 },
  () => {
    it.each([
      ['a deployment in its own schema: that schema', 'own'],
      ['a deployment in public: the whole database', 'public'],
    ])(
      'a dump of %s, taken while the server runs, restored into a new database, starts with every chain verifying',
      async (_name, kind) => {
        const schema = kind === 'public' ? 'public' : uniqueSchema();
        const sourceUrl = kind === 'public' ? await newDatabase('backup_source') : databaseUrl!;
        if (kind !== 'public') cleanUps.push(() => dropSchema(databaseUrl!, schema));
        const folder = mkdtempSync(join(tmpdir(), 'pad-pg-dump-'));
        cleanUps.push(async () => rmSync(folder, { recursive: true, force: true }));
        const dump = join(folder, 'panic-alerts.dump');

        const source = await serve(sourceUrl, schema);
        const { didToken } = await populateDistrict(source.url);
        const before = await districtSnapshot(source.url);
        expect(before.incidents).toHaveLength(3);
        await pgTool(pgDumpArgs(schema, dump, sourceUrl));
        await source.stop();

        const restoredUrl = await newDatabase('backup_restored');
        await pgTool(pgRestoreArgs(dump, restoredUrl));
        const restored = await serve(restoredUrl, schema);
        expect(await districtSnapshot(restored.url)).toEqual(before);
        await expectChainsVerify(restored.url);
        expect((await call(restored.url, 'POST', '/did/verify', { token: didToken })).status).toBe(200);
      },
    );
  },
);
