import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { signInRequired } from '../../../server/config.ts';
import { spawnServer } from '../../../tools/spawn-server.ts';
import { signIn } from '../../helpers/auth.ts';
import { call, dropSchema, uniqueSchema } from '../../helpers/server.ts';

/** Each spawned server gets its own PostgreSQL schema when the suite runs on PostgreSQL. */
function storageEnv(): { env: Record<string, string>; drop: () => Promise<void> } {
  const databaseUrl = process.env.DATABASE_URL;
  const schema = uniqueSchema();
  return {
    env: databaseUrl ? { DATABASE_SCHEMA: schema } : {},
    drop: async () => {
      if (databaseUrl) await dropSchema(databaseUrl, schema);
    },
  };
}

const GENERATED = /created "admin" with password\n\n {4}(\S+)\n/;

describe('when operators must sign in', () => {
  it.each([
    ['auto', '127.0.0.1', false],
    ['auto', 'localhost', false],
    ['auto', '::1', false],
    ['auto', '0.0.0.0', true],
    ['auto', '192.168.1.20', true],
    ['on', '127.0.0.1', true],
    ['off', '0.0.0.0', false],
  ] as const)('AUTH=%s listening on %s → sign-in required: %s', (auth, host, required) => {
    expect(signInRequired({ auth, host })).toBe(required);
  });

  it('`npm start` on loopback stays open as the spec describes: no sign-in, no account created', async () => {
    const storage = storageEnv();
    const server = await spawnServer({ ...storage.env, AUTH: '', ADMIN_PASSWORD: '' });
    try {
      expect((await call(server.url, 'GET', '/incidents')).status).toBe(200);
      expect((await call(server.url, 'GET', '/auth/me')).body).toEqual({
        ok: true,
        user: { username: 'anonymous', role: 'admin' },
        signInRequired: false,
      });
      expect(server.output()).not.toMatch(/created "admin"/);
    } finally {
      await server.stop();
      await storage.drop();
    }
  }, 90_000);

  it('beyond loopback sign-in is on: the first start prints a generated admin password once, which signs in', async () => {
    const storage = storageEnv();
    const dataDir = mkdtempSync(join(tmpdir(), 'pad-auth-'));
    let server = await spawnServer({
      ...storage.env,
      HOST: '0.0.0.0',
      AUTH: '',
      ADMIN_PASSWORD: '',
      DATA_DIR: dataDir,
    });
    try {
      expect((await call(server.url, 'GET', '/incidents')).status).toBe(401);
      const password = GENERATED.exec(server.output())?.[1];
      expect(password, server.output()).toMatch(/^[\w-]{20,}$/);
      const cookie = await signIn(server.url, 'admin', password!);
      expect((await call(server.url, 'GET', '/incidents', undefined, { cookie })).status).toBe(200);
      expect(await server.stop()).toBe(0);
      server = await spawnServer({ ...storage.env, HOST: '0.0.0.0', AUTH: '', ADMIN_PASSWORD: '', DATA_DIR: dataDir });
      expect(server.output()).not.toMatch(/password/);
      expect(await signIn(server.url, 'admin', password!)).toMatch(/^pad_session=/);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
      await storage.drop();
    }
  }, 120_000);

  it('AUTH=off beyond loopback stays open and warns at start', async () => {
    const storage = storageEnv();
    const server = await spawnServer({ ...storage.env, HOST: '0.0.0.0', AUTH: 'off', ADMIN_PASSWORD: '' });
    try {
      expect((await call(server.url, 'GET', '/incidents')).status).toBe(200);
      expect(server.output()).toMatch(/AUTH=off: anyone who reaches 0\.0\.0\.0:\d+ can read tourists' locations/);
    } finally {
      await server.stop();
      await storage.drop();
    }
  }, 90_000);

  it('AUTH=on with ADMIN_PASSWORD on loopback: sign-in required, that password signs the admin in, nothing printed', async () => {
    const storage = storageEnv();
    const server = await spawnServer({ ...storage.env, AUTH: 'on', ADMIN_PASSWORD: 'chosen admin password' });
    try {
      expect((await call(server.url, 'GET', '/incidents')).status).toBe(401);
      expect(server.output()).not.toMatch(/chosen admin password/);
      expect(await signIn(server.url, 'admin', 'chosen admin password')).toMatch(/^pad_session=/);
    } finally {
      await server.stop();
      await storage.drop();
    }
  }, 90_000);

  it('refuses to start on a misspelt AUTH instead of guessing', async () => {
    await expect(spawnServer({ AUTH: 'yes' })).rejects.toThrow(/AUTH must be one of auto, on, off, got "yes"/);
  }, 60_000);
});
