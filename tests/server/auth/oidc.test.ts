// Single sign-on through OpenID Connect against a real provider (oidc-provider) on 127.0.0.1: the
// browser's whole round trip done by hand, one redirect at a time, with a cookie jar per site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../src/api/audit.ts';
import { OidcRelyingParty } from '../../../server/auth/oidc.ts';
import { hashPassword } from '../../../server/auth/passwords.ts';
import { configFromEnv } from '../../../server/config.ts';
import { createOperator, findOperator } from '../../../server/stores/operators.ts';
import { signedInAs } from '../../helpers/auth.ts';
import {
  freePort,
  oidcSettings,
  startOidcProvider,
  testClient,
  walkSso,
  type OidcProvider,
  type SsoWalk,
} from '../../helpers/oidc-provider.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

const accounts: Record<string, Record<string, unknown>> = {
  sue: { preferred_username: 'sue', email: 'sue@example.org', role: 'supervisor' },
  nora: { preferred_username: 'nora' },
  paula: { preferred_username: 'paula', role: 'admin' },
  eve: { email: 'eve@example.org', role: ['viewer', 'operator'] },
};

let provider: OidcProvider;
let server: TestServer;
let adminCookie: string;

beforeAll(async () => {
  const port = await freePort();
  server = await startTestServer({ auth: 'on', oidc: oidcSettings(`http://127.0.0.1:${port}`) });
  provider = await startOidcProvider({
    port,
    redirectUri: `${server.url}/auth/oidc/callback`,
    accounts,
    claimsInIdToken: true,
  });
  adminCookie = await signedInAs(server, 'admin');
});
afterAll(async () => {
  await server?.stop();
  await provider?.close();
});

const sessionCookie = (walk: SsoWalk): string => walk.jar.header(new URL('/auth/me', server.url)) ?? '';
const me = (walk: SsoWalk) => call(server.url, 'GET', '/auth/me', undefined, { cookie: sessionCookie(walk) });
const latestAudit = async (action: string): Promise<AuditEntry> =>
  (await call(server.url, 'GET', `/audit?action=${action}&limit=1`, undefined, { cookie: adminCookie })).body
    .entries[0];
const setCookieLine = (response: Response, name: string): string =>
  response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`)) ?? '';

describe('single sign-on through OpenID Connect', () => {
  it('sends the browser to the provider with the authorization code flow, PKCE, state and nonce, remembered in a Lax cookie', async () => {
    const start = await fetch(`${server.url}/auth/oidc/start`, { redirect: 'manual' });
    expect(start.status).toBe(302);
    const target = new URL(start.headers.get('location')!);
    expect(target.origin).toBe(provider.issuer);
    const params = Object.fromEntries(target.searchParams);
    expect(params).toMatchObject({
      response_type: 'code',
      client_id: testClient.clientId,
      redirect_uri: `${server.url}/auth/oidc/callback`,
      code_challenge_method: 'S256',
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      state: expect.stringMatching(/^[\w-]{20,}$/),
      nonce: expect.stringMatching(/^[\w-]{20,}$/),
    });
    expect(params.scope.split(' ')).toContain('openid');
    const cookie = setCookieLine(start, 'pad_oidc');
    expect(cookie).toMatch(/; HttpOnly/);
    expect(cookie).toMatch(/; SameSite=Lax/);
    expect(cookie).toMatch(/; Max-Age=600/);
    expect(cookie).toMatch(/; Path=\/auth\/oidc/);
    // The verifier and the nonce travel encrypted: the cookie does not show them.
    expect(cookie).not.toContain(params.state);
  });

  it('signs a supervisor in: the session answers /auth/me, the account is an SSO one, and the audit trail says oidc', async () => {
    const walk = await walkSso(server.url, 'sue');
    expect(walk.landing.href).toBe(`${server.url}/`);
    expect(setCookieLine(walk.callback!, 'pad_session')).toMatch(/; SameSite=Strict/);
    expect(walk.jar.value(server.url, 'pad_oidc')).toBeUndefined();
    const answer = await me(walk);
    expect(answer.status).toBe(200);
    expect(answer.body.user).toEqual({ username: 'sue', role: 'supervisor' });
    expect(await findOperator(server.ctx.db, 'sue')).toMatchObject({
      source: 'oidc',
      role: 'supervisor',
      passwordHash: null,
    });
    // A supervisor may read the audit trail with the session single sign-on gave.
    const audit = await call(server.url, 'GET', '/audit?action=auth.login&limit=1', undefined, {
      cookie: sessionCookie(walk),
    });
    expect(audit.status).toBe(200);
    expect(audit.body.entries[0]).toMatchObject({
      actor: 'sue',
      role: 'supervisor',
      action: 'auth.login',
      target: 'sue',
      detail: { method: 'oidc' },
    });
  });

  it('follows the provider: a later sign-in with a lower role signs in with that role', async () => {
    accounts.sue.role = 'viewer';
    try {
      const walk = await walkSso(server.url, 'sue');
      expect((await me(walk)).body.user).toEqual({ username: 'sue', role: 'viewer' });
      expect((await call(server.url, 'GET', '/audit', undefined, { cookie: sessionCookie(walk) })).status).toBe(403);
    } finally {
      accounts.sue.role = 'supervisor';
    }
  });

  it('takes the email when there is no preferred_username, and the highest role a list of roles names', async () => {
    const walk = await walkSso(server.url, 'eve');
    expect((await me(walk)).body.user).toEqual({ username: 'eve@example.org', role: 'operator' });
  });

  it('refuses an account whose role claim is missing: back to the dashboard with a sentence, no session, audited', async () => {
    const walk = await walkSso(server.url, 'nora');
    expect(walk.landing.pathname).toBe('/');
    expect(walk.landing.searchParams.get('signin_error')).toMatch(
      /no "role" claim.*viewer, operator, supervisor, admin/,
    );
    expect(walk.callback!.status).toBe(302);
    expect((await me(walk)).status).toBe(401);
    expect(await findOperator(server.ctx.db, 'nora')).toBeUndefined();
    expect(await latestAudit('auth.login.failure')).toMatchObject({
      actor: 'nora',
      role: null,
      target: 'nora',
      detail: { method: 'oidc', reason: expect.stringMatching(/"role" claim/) },
    });
  });

  it('refuses a tampered state, and a genuine answer brought to another browser', async () => {
    let genuine: URL | undefined;
    const tampered = await walkSso(server.url, 'sue', (callback) => {
      genuine = new URL(callback);
      callback.searchParams.set('state', `${callback.searchParams.get('state')}x`);
      return callback;
    });
    expect(tampered.landing.searchParams.get('signin_error')).toMatch(
      /does not belong to a sign-in started in this browser/,
    );
    expect((await me(tampered)).status).toBe(401);
    expect(await latestAudit('auth.login.failure')).toMatchObject({ actor: 'anonymous', detail: { method: 'oidc' } });

    const elsewhere = await fetch(genuine!, { redirect: 'manual' });
    expect(elsewhere.status).toBe(302);
    expect(new URL(elsewhere.headers.get('location')!, server.url).searchParams.get('signin_error')).toMatch(
      /does not belong/,
    );
    expect(setCookieLine(elsewhere, 'pad_session')).toBe('');
  });

  it("refuses when the provider answers with an error, with the provider's reason", async () => {
    const walk = await walkSso(server.url, 'sue', (callback) => {
      const answer = new URL(callback.pathname, callback);
      answer.search = new URLSearchParams({
        state: callback.searchParams.get('state')!,
        error: 'access_denied',
        error_description: 'End-User aborted interaction',
      }).toString();
      return answer;
    });
    expect(walk.landing.searchParams.get('signin_error')).toBe(
      'The single sign-on provider refused the sign-in: End-User aborted interaction.',
    );
    expect((await me(walk)).status).toBe(401);
  });

  it('an account an admin disables loses its session and cannot sign in again; it shows its last sign-in and has no password to reset (issue 31)', async () => {
    const first = await walkSso(server.url, 'eve');
    expect((await me(first)).status).toBe(200);
    const admin = { cookie: adminCookie };
    const listed = (await call(server.url, 'GET', '/auth/users', undefined, admin)).body.users.find(
      (user: { username: string }) => user.username === 'eve@example.org',
    );
    expect(listed).toMatchObject({
      source: 'oidc',
      disabled: false,
      lastSignInAt: expect.any(String),
      mustChangePassword: false,
    });
    expect((await call(server.url, 'POST', '/auth/users/eve@example.org/reset-password', {}, admin)).status).toBe(409);
    expect((await call(server.url, 'PATCH', '/auth/users/eve@example.org', { disabled: true }, admin)).status).toBe(
      200,
    );
    expect((await me(first)).status).toBe(401);
    const again = await walkSso(server.url, 'eve');
    expect(again.landing.searchParams.get('signin_error')).toBe(
      'The account eve@example.org is disabled; ask an administrator to enable it.',
    );
    expect((await me(again)).status).toBe(401);
    expect(await latestAudit('auth.login.failure')).toMatchObject({
      actor: 'eve@example.org',
      detail: { method: 'oidc' },
    });
  });

  it('never takes over a password account of the same name', async () => {
    await createOperator(server.ctx.db, {
      username: 'paula',
      role: 'viewer',
      passwordHash: await hashPassword('paula long password'),
      source: 'password',
    });
    const walk = await walkSso(server.url, 'paula');
    expect(walk.landing.searchParams.get('signin_error')).toBe(
      'The account paula signs in with a password here; single sign-on may not use it.',
    );
    expect((await me(walk)).status).toBe(401);
    expect(await findOperator(server.ctx.db, 'paula')).toMatchObject({ source: 'password', role: 'viewer' });
    expect(await latestAudit('auth.login.failure')).toMatchObject({ actor: 'paula', detail: { method: 'oidc' } });
  });
});

describe('a provider that starts after the server', () => {
  it('sends the browser back with a sentence while the provider is unreachable, then signs in once it runs (claims from userinfo)', async () => {
    const port = await freePort();
    const late = await startTestServer({ auth: 'on', oidc: oidcSettings(`http://127.0.0.1:${port}`) });
    let lateProvider: OidcProvider | undefined;
    try {
      const settings = await call(late.url, 'GET', '/auth/settings');
      expect(settings.body.sso).toEqual({ label: 'Sign in with Test SSO', startUrl: '/auth/oidc/start' });
      const early = await walkSso(late.url, 'sue');
      expect(early.start.status).toBe(302);
      expect(early.landing.searchParams.get('signin_error')).toMatch(/provider cannot be reached/);

      lateProvider = await startOidcProvider({ port, redirectUri: `${late.url}/auth/oidc/callback`, accounts });
      const walk = await walkSso(late.url, 'sue');
      expect(walk.landing.href).toBe(`${late.url}/`);
      const answer = await call(late.url, 'GET', '/auth/me', undefined, {
        cookie: walk.jar.header(new URL('/auth/me', late.url))!,
      });
      expect(answer.body.user).toEqual({ username: 'sue', role: 'supervisor' });
    } finally {
      await late.stop();
      await lateProvider?.close();
    }
  });
});

describe('the issuer address', () => {
  it('must be https, except for a provider on this machine', () => {
    const party = (issuer: string) => () => new OidcRelyingParty(oidcSettings(issuer), server.ctx.db);
    expect(party('http://idp.example.org')).toThrow(
      'OIDC_ISSUER must be the provider\'s https address (plain http only on this machine), got "http://idp.example.org".',
    );
    expect(party('idp.example.org')).toThrow(/OIDC_ISSUER must be/);
    expect(party('https://idp.example.org/realms/ops')).not.toThrow();
    expect(party('http://localhost:8081')).not.toThrow();
  });
});

describe('PUBLIC_URL', () => {
  it('is the address the provider sends the browser back to, when the server sits behind a proxy', async () => {
    expect(configFromEnv({ PUBLIC_URL: 'https://ops.example.org/' }).publicUrl).toBe('https://ops.example.org');
    expect(() => configFromEnv({ PUBLIC_URL: 'ops.example.org' })).toThrow(/PUBLIC_URL must be the web address/);
    const proxied = await startTestServer({
      auth: 'on',
      oidc: oidcSettings(provider.issuer),
      publicUrl: 'https://ops.example.org',
    });
    try {
      const start = await fetch(`${proxied.url}/auth/oidc/start`, { redirect: 'manual' });
      const target = new URL(start.headers.get('location')!);
      expect(target.searchParams.get('redirect_uri')).toBe('https://ops.example.org/auth/oidc/callback');
    } finally {
      await proxied.stop();
    }
  });
});
