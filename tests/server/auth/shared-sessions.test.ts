import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../helpers/auth.ts';
import { call, startTestServer, uniqueSchema, type TestServer } from '../../helpers/server.ts';

describe.runIf(process.env.DATABASE_URL)('two servers on one PostgreSQL share operator sessions', () => {
  const schema = uniqueSchema();
  let first: TestServer;
  let second: TestServer;

  beforeAll(async () => {
    first = await startTestServer({ auth: 'on', adminPassword: 'shared admin password', databaseSchema: schema });
    second = await startTestServer({ auth: 'on', adminPassword: 'shared admin password', databaseSchema: schema });
  });
  afterAll(async () => {
    await second?.stop();
    await first?.stop();
  });

  it('a cookie from one server signs in on the other, and signing out on one ends it on both', async () => {
    const cookie = await signIn(first.url, 'admin', 'shared admin password');
    expect((await call(second.url, 'GET', '/auth/me', undefined, { cookie })).body.user).toEqual({
      username: 'admin',
      role: 'admin',
    });
    expect((await call(second.url, 'POST', '/auth/logout', undefined, { cookie })).status).toBe(200);
    expect((await call(first.url, 'GET', '/incidents', undefined, { cookie })).status).toBe(401);
  });

  it('the first admin was created once, by one of them', async () => {
    const { rows } = await first.ctx.db.query<{ n: number }>(
      "select count(*)::int as n from audit_log where action = 'account.create' and actor = 'system'",
    );
    expect(rows[0].n).toBe(1);
  });
});
