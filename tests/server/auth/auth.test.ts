import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { signIn, signedInAs } from '../../helpers/auth.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

const ADMIN_PASSWORD = 'first admin password, long';
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ auth: 'on', adminPassword: ADMIN_PASSWORD, trustProxy: 1 });
});
afterAll(async () => {
  await server?.stop();
});

const auditActions = async (cookie: string) =>
  (await call(server.url, 'GET', '/audit?limit=500', undefined, { cookie })).body.entries.map(
    (entry: { actor: string; action: string; target: string }) => `${entry.actor} ${entry.action} ${entry.target}`,
  );

describe('operator sign-in', () => {
  it('creates the first admin from ADMIN_PASSWORD and audits it as the system', async () => {
    const cookie = await signIn(server.url, 'admin', ADMIN_PASSWORD);
    expect((await call(server.url, 'GET', '/auth/me', undefined, { cookie })).body).toEqual({
      ok: true,
      user: { username: 'admin', role: 'admin' },
      signInRequired: true,
    });
    expect(await auditActions(cookie)).toContain('system account.create admin');
  });

  it('sets an HttpOnly, SameSite=Strict session cookie, Secure only when the proxy says the request came over TLS', async () => {
    const plain = await call(server.url, 'POST', '/auth/login', { username: 'admin', password: ADMIN_PASSWORD });
    const plainCookie = plain.headers.get('set-cookie')!;
    expect(plainCookie).toMatch(/HttpOnly/);
    expect(plainCookie).toMatch(/SameSite=Strict/);
    expect(plainCookie).not.toMatch(/Secure/);
    const tls = await call(
      server.url,
      'POST',
      '/auth/login',
      { username: 'admin', password: ADMIN_PASSWORD },
      { 'x-forwarded-proto': 'https' },
    );
    expect(tls.headers.get('set-cookie')).toMatch(/HttpOnly;.*Secure|Secure;.*HttpOnly/);
    expect(tls.headers.get('set-cookie')).toMatch(/SameSite=Strict/);
  });

  it('refuses a wrong password with a sentence, audits the failure with the address, and sets no cookie', async () => {
    const answer = await call(
      server.url,
      'POST',
      '/auth/login',
      { username: 'admin', password: 'wrong' },
      { 'x-forwarded-for': '203.0.113.7' },
    );
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ ok: false, error: 'Wrong username or password.' });
    expect(answer.headers.get('set-cookie')).toBeNull();
    const cookie = await signIn(server.url, 'admin', ADMIN_PASSWORD);
    const entries = (await call(server.url, 'GET', '/audit?action=auth.login.failure', undefined, { cookie })).body
      .entries;
    expect(entries[0]).toMatchObject({
      actor: 'admin',
      action: 'auth.login.failure',
      address: '203.0.113.7',
      role: null,
    });
  });

  it('answers an unknown user exactly like a wrong password', async () => {
    const answer = await call(server.url, 'POST', '/auth/login', { username: 'nobody-here', password: 'whatever' });
    expect(answer.status).toBe(401);
    expect(answer.body.error).toBe('Wrong username or password.');
  });

  it('logout ends the session on the server: the old cookie no longer signs anyone in', async () => {
    const cookie = await signedInAs(server, 'viewer', 'leaving-viewer');
    expect((await call(server.url, 'GET', '/incidents', undefined, { cookie })).status).toBe(200);
    expect((await call(server.url, 'POST', '/auth/logout', undefined, { cookie })).body).toEqual({ ok: true });
    const after = await call(server.url, 'GET', '/incidents', undefined, { cookie });
    expect(after.status).toBe(401);
    expect(after.body.error).toMatch(/^Sign in to use GET \/incidents/);
    const admin = await signIn(server.url, 'admin', ADMIN_PASSWORD);
    expect(await auditActions(admin)).toEqual(
      expect.arrayContaining(['leaving-viewer auth.logout leaving-viewer', 'leaving-viewer auth.login leaving-viewer']),
    );
  });

  it('an expired session is refused even though its cookie is still sent', async () => {
    const cookie = await signedInAs(server, 'operator', 'expiring-operator');
    await server.ctx.db.query(
      `update operator_sessions set expires_at = now() - interval '1 second' where username = $1`,
      ['expiring-operator'],
    );
    expect((await call(server.url, 'GET', '/auth/me', undefined, { cookie })).status).toBe(401);
  });

  it('stores only a digest of the session id', async () => {
    const cookie = await signedInAs(server, 'viewer', 'digest-viewer');
    const sessionId = decodeURIComponent(cookie.split('=')[1]).split('.')[0];
    const { rows } = await server.ctx.db.query<{ id_hash: string }>(
      'select id_hash from operator_sessions where username = $1',
      ['digest-viewer'],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0].id_hash).not.toContain(sessionId);
  });
});

describe('accounts', () => {
  it('an admin creates an account with a role; the new operator signs in with it; the change is audited', async () => {
    const admin = await signIn(server.url, 'admin', ADMIN_PASSWORD);
    const created = await call(
      server.url,
      'POST',
      '/auth/users',
      { username: 'olga', password: 'olga has a long password', role: 'operator' },
      { cookie: admin },
    );
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ ok: true, user: { username: 'olga', role: 'operator' } });
    const olga = await signIn(server.url, 'olga', 'olga has a long password');
    expect((await call(server.url, 'GET', '/auth/me', undefined, { cookie: olga })).body.user).toEqual({
      username: 'olga',
      role: 'operator',
    });
    expect(
      (await call(server.url, 'GET', '/auth/users', undefined, { cookie: admin })).body.users.map(
        (user: { username: string }) => user.username,
      ),
    ).toContain('olga');
    expect(await auditActions(admin)).toContain('admin account.create olga');
  });

  it('refuses a taken name (409), a short password and an unknown role (400 naming the field)', async () => {
    const admin = await signIn(server.url, 'admin', ADMIN_PASSWORD);
    expect(
      (
        await call(
          server.url,
          'POST',
          '/auth/users',
          { username: 'admin', password: 'another long password', role: 'viewer' },
          { cookie: admin },
        )
      ).status,
    ).toBe(409);
    const short = await call(
      server.url,
      'POST',
      '/auth/users',
      { username: 'shorty', password: 'short', role: 'viewer' },
      { cookie: admin },
    );
    expect([short.status, short.body.error]).toEqual([
      400,
      'Invalid request body: password must be at least 12 characters.',
    ]);
    const role = await call(
      server.url,
      'POST',
      '/auth/users',
      { username: 'roleless', password: 'a long enough password', role: 'root' },
      { cookie: admin },
    );
    expect(role.status).toBe(400);
    expect(role.body.error).toMatch(/role must be one of viewer, operator, supervisor, admin/);
  });

  it('a supervisor may not manage accounts (403 naming the role it needs)', async () => {
    const cookie = await signedInAs(server, 'supervisor', 'sam-supervisor');
    const answer = await call(
      server.url,
      'POST',
      '/auth/users',
      { username: 'sneaky', password: 'a long enough password', role: 'admin' },
      { cookie },
    );
    expect(answer.status).toBe(403);
    expect(answer.body.error).toBe(
      'Your role, supervisor, may not use POST /auth/users: it needs the admin role or above (admins may manage accounts).',
    );
  });
});

describe('repeated failed sign-ins slow down', () => {
  const attempt = (username: string, password: string, address: string) =>
    call(server.url, 'POST', '/auth/login', { username, password }, { 'x-forwarded-for': address });
  afterEach(() => undefined);

  it('after five failures for one username even the right password waits, with Retry-After', async () => {
    const cookie = await signedInAs(server, 'viewer', 'guessed-viewer');
    expect(cookie).toBeTruthy();
    for (let i = 0; i < 5; i += 1)
      expect((await attempt('guessed-viewer', `guess ${i}`, `198.51.100.${i + 1}`)).status).toBe(401);
    const locked = await attempt('guessed-viewer', 'guessed-viewer long password', '198.51.100.99');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(locked.body.error).toMatch(
      /^Too many failed sign-ins for this username or address; retry in \d+ seconds\.$/,
    );
  });

  it('after five failures from one address, other usernames from it wait too, while other addresses do not', async () => {
    await signedInAs(server, 'viewer', 'bystander-viewer');
    for (let i = 0; i < 5; i += 1) expect((await attempt(`sprayed-${i}`, 'password', '192.0.2.50')).status).toBe(401);
    expect((await attempt('bystander-viewer', 'bystander-viewer long password', '192.0.2.50')).status).toBe(429);
    expect((await attempt('bystander-viewer', 'bystander-viewer long password', '192.0.2.51')).status).toBe(200);
  });
});
