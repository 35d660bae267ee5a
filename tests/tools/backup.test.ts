// npm run backup and npm run restore on the embedded store, with real servers started as npm start starts them.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { call } from '../helpers/server.ts';
import { districtSnapshot, expectChainsVerify, populateDistrict, postPanic } from '../helpers/district.ts';
import { runNpmScript } from '../helpers/npm-script.ts';
import { freePort, spawnServer, type SpawnedServer } from '../../tools/spawn-server.ts';
import { tempFolders } from '../helpers/temp-folders.ts';

// The embedded store, whatever DATABASE_URL the run has.
const PGLITE = { DATABASE_URL: '' };

const newFolder = tempFolders('pad-backup-');
const servers: SpawnedServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.kill();
});

async function serve(dataDir: string, env: Record<string, string> = {}): Promise<SpawnedServer> {
  const server = await spawnServer({ ...PGLITE, ...env, DATA_DIR: dataDir });
  servers.push(server);
  return server;
}

/** The environment npm run backup and restore read, as the server was started with. */
const envOf = (dataDir: string, port: string | number = 1) => ({ ...PGLITE, DATA_DIR: dataDir, PORT: String(port) });

// Each test starts two servers and runs three scripts: minutes on a loaded 2-core machine, never a hang.
describe('npm run backup and npm run restore (embedded store)', { timeout: 240_000 }, () => {
  it('a backup taken while the server runs brings back every incident, zone, region and account, its chains verifying', async () => {
    const dataDir = newFolder();
    const file = join(newFolder(), 'district.tar.gz');
    const first = await serve(dataDir);
    await populateDistrict(first.url);
    const before = await districtSnapshot(first.url);
    expect(before.incidents).toHaveLength(3);

    const backup = await runNpmScript('backup', [file], envOf(dataDir, new URL(first.url).port));
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain(`Backed up by the server at ${first.url}`);
    expect(backup.stdout).toContain('3 incidents, 1 zone, 5 regions, 1 account');
    expect(backup.stdout).toMatch(/audit trail: \d+ entries, every link verifies/);

    const after = await postPanic(first.url, 'tourist-after-the-backup');
    const refused = await runNpmScript('restore', [file], envOf(dataDir));
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain(`a server holds ${dataDir} (pid `);
    expect(refused.stderr).toContain('Nothing was changed.');
    expect((await call(first.url, 'GET', '/incidents')).body.incidents.map((i: { id: string }) => i.id)).toContain(
      after,
    );

    // A clean stop empties the journal: the restored store is the backup's, and nothing since.
    expect(await first.stop()).toBe(0);
    const restored = await runNpmScript('restore', [file], envOf(dataDir));
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain(`Restored ${file}`);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('pglite.before-restore-'))).toHaveLength(1);
    expect(readdirSync(dataDir).filter((name) => name.startsWith('restoring-'))).toEqual([]);

    const second = await serve(dataDir);
    expect(await districtSnapshot(second.url)).toEqual(before);
    const actions = await expectChainsVerify(second.url);
    expect(actions.slice(-2)).toEqual(['store.backup', 'store.restore']);
  });

  it('with no server running it copies the store itself; restored into an empty DATA_DIR, its keys come too', async () => {
    const dataDir = newFolder();
    const file = join(newFolder(), 'offline.tar.gz');
    const first = await serve(dataDir);
    const { didToken } = await populateDistrict(first.url);
    const before = await districtSnapshot(first.url);
    expect(await first.stop()).toBe(0);

    const backup = await runNpmScript('backup', ['--out', file], envOf(dataDir, await freePort()));
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain('Backed up by this process: no server was running');

    const elsewhere = join(newFolder(), 'data');
    const restored = await runNpmScript('restore', [file], envOf(elsewhere));
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain('There was no store in DATA_DIR before.');
    expect(restored.stdout).toContain(`Keys put in place: ${join(elsewhere, 'did-signing.key')}`);

    const second = await serve(elsewhere);
    expect(await districtSnapshot(second.url)).toEqual(before);
    expect((await call(second.url, 'POST', '/did/verify', { token: didToken })).status).toBe(200);
    expect((await expectChainsVerify(second.url)).slice(-2)).toEqual(['store.backup', 'store.restore']);
  });

  it('keeps the journal: a panic taken after the backup, before a crash, is put back at the next start', async () => {
    const dataDir = newFolder();
    const file = join(newFolder(), 'before-the-crash.tar.gz');
    const first = await serve(dataDir);
    const kept = await postPanic(first.url, 'tourist-in-the-backup');
    const backup = await runNpmScript('backup', [file], envOf(dataDir, new URL(first.url).port));
    expect(backup.code).toBe(0);
    const journaled = await postPanic(first.url, 'tourist-after-the-backup');
    await first.kill();

    const restored = await runNpmScript('restore', [file], envOf(dataDir));
    expect(restored.code).toBe(0);
    expect(restored.stdout).toContain('The panic journal is kept (2 panics, 1 added from the backup)');

    const second = await serve(dataDir);
    const ids = (await call(second.url, 'GET', '/incidents')).body.incidents.map((i: { id: string }) => i.id);
    expect(ids.sort()).toEqual([kept, journaled].sort());
    await expectChainsVerify(second.url);
  });

  it('signs in as an admin when the server requires it', async () => {
    const dataDir = newFolder();
    const file = join(newFolder(), 'signed-in.tar.gz');
    const server = await serve(dataDir, { AUTH: 'on', ADMIN_PASSWORD: 'the first admin password' });
    const env = envOf(dataDir, new URL(server.url).port);

    const anonymous = await runNpmScript('backup', [file], env);
    expect(anonymous.code).toBe(1);
    expect(anonymous.stderr).toContain(`The server at ${server.url} requires sign-in: set BACKUP_PASSWORD`);
    expect(existsSync(file)).toBe(false);

    const wrong = await runNpmScript('backup', [file], { ...env, BACKUP_PASSWORD: 'not the password' });
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('Signing in at');

    const signedIn = await runNpmScript('backup', [file], { ...env, BACKUP_PASSWORD: 'the first admin password' });
    expect(signedIn.stderr).toBe('');
    expect(signedIn.code).toBe(0);
    expect(signedIn.stdout).toContain('0 incidents, 0 zones, 4 regions, 1 account');
  });
});
