import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  // One proxy hop believed, so a request can say it came from elsewhere.
  server = await startTestServer({ trustProxy: 1 });
});
afterAll(() => server.stop());

describe('POST /backup', () => {
  it.skipIf(!process.env.DATABASE_URL)('on PostgreSQL answers 409 pointing at pg_dump', async () => {
    const answer = await call(server.url, 'POST', '/backup');
    expect(answer.status).toBe(409);
    expect(answer.body).toEqual({
      ok: false,
      error: 'This server stores in PostgreSQL: back it up with pg_dump (docs/backups.md).',
    });
  });

  it.skipIf(!!process.env.DATABASE_URL)(
    'answers the store as a .tar.gz download, and the audit trail records who took it',
    async () => {
      const response = await fetch(`${server.url}/backup`, { method: 'POST' });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/gzip');
      expect(response.headers.get('content-disposition')).toMatch(
        /^attachment; filename="panic-alerts-\d{8}T\d{6}Z\.tar\.gz"$/,
      );
      expect(response.headers.get('cache-control')).toBe('no-store');
      const tar = gunzipSync(Buffer.from(await response.arrayBuffer()));
      expect(tar.subarray(0, 11).toString()).toBe('backup.json');
      expect(tar.includes('pglite/PG_VERSION')).toBe(true);

      const audit = await call(server.url, 'GET', '/audit?action=store.backup');
      expect(audit.body.entries).toHaveLength(1);
      expect(audit.body.entries[0]).toMatchObject({ actor: 'anonymous', address: '127.0.0.1', target: null });
    },
  );

  it('with sign-in off, refuses a client beyond this machine, even through a proxy on it', async () => {
    const answer = await call(server.url, 'POST', '/backup', undefined, { 'x-forwarded-for': '203.0.113.9' });
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe('With sign-in off, a backup is taken from this machine only (loopback).');
  });

  it('is in /openapi.json, answering a gzip file', async () => {
    const spec = (await call(server.url, 'GET', '/openapi.json')).body;
    const operation = spec.paths['/backup'].post;
    expect(Object.keys(operation.responses['200'].content)).toEqual(['application/gzip']);
  });
});
