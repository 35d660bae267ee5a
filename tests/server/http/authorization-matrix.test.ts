import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROLES, roleAtLeast, type Role } from '../../../src/api/roles.ts';
import { signedInAs } from '../../helpers/auth.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';
import { AUTHORIZATION_MATRIX, type Rule } from './authorization-matrix.ts';

type Principal = 'anonymous' | Role | 'expired session' | 'device token';
const PRINCIPALS: Principal[] = ['anonymous', ...ROLES, 'expired session', 'device token'];

/** HEAD is answered like GET; every other route needs its own row. */
function ruleOf(method: string, url: string): Rule | undefined {
  return AUTHORIZATION_MATRIX[`${method === 'HEAD' ? 'GET' : method} ${url}`];
}

function expectedFor(rule: Rule, principal: Principal): 'allowed' | 401 | 403 {
  if (rule === 'public' || rule === 'device' || rule === 'open') return 'allowed';
  if (rule === 'own-data' && principal === 'device token') return 'allowed';
  if (principal === 'anonymous' || principal === 'expired session' || principal === 'device token') return 401;
  return roleAtLeast(principal, rule === 'own-data' ? 'viewer' : rule) ? 'allowed' : 403;
}

/** Status of one request; a stream is cut as soon as its head arrives. */
async function statusOf(
  baseUrl: string,
  method: string,
  url: string,
  headers: Record<string, string>,
): Promise<number> {
  const abort = new AbortController();
  // The catch-all OPTIONS route answers preflights: ask it about the panic route.
  const response = await fetch(baseUrl + (url === '*' ? '/panic-alert' : url), {
    method,
    signal: abort.signal,
    headers: {
      ...headers,
      ...(method === 'POST' && { 'content-type': 'application/json' }),
      ...(method === 'OPTIONS' && { origin: 'https://phone.example', 'access-control-request-method': 'POST' }),
    },
    body: method === 'POST' ? '{}' : undefined,
  });
  abort.abort();
  return response.status;
}

describe('authorization matrix with sign-in required: every route × every kind of caller', () => {
  let server: TestServer;
  const headersOf = new Map<Principal, Record<string, string>>();
  const routes = () =>
    server.app.routeTable.map(({ method, url }) => ({ method, url })).filter(({ url }) => url !== '/auth/logout');

  beforeAll(async () => {
    // Single sign-on configured (its provider need not answer: discovery waits for the first sign-in), so its routes are served.
    const oidc = {
      issuer: 'http://127.0.0.1:9/',
      clientId: 'matrix',
      clientSecret: 'matrix secret',
      roleClaim: 'role',
      label: 'SSO',
    };
    server = await startTestServer({
      auth: 'on',
      adminPassword: 'matrix admin password',
      readRateLimitPerMinute: 0,
      oidc,
      logLevel: 'error',
    });
    headersOf.set('anonymous', {});
    for (const role of ROLES) headersOf.set(role, { cookie: await signedInAs(server, role, `matrix-${role}`) });
    headersOf.set('expired session', { cookie: await signedInAs(server, 'admin', 'matrix-expired') });
    await server.ctx.db.query(
      `update operator_sessions set expires_at = now() - interval '1 second' where username = 'matrix-expired'`,
    );
    const issued = await call(server.url, 'POST', '/did/issue', { kycType: 'passport', kycHash: 'a'.repeat(64) });
    expect(issued.status).toBe(201);
    headersOf.set('device token', { authorization: `Bearer ${issued.body.didToken}` });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('has a row for every route the server serves, and no row for a route it does not serve', () => {
    const served = server.app.routeTable.map(({ method, url }) => `${method} ${url}`);
    const missing = served.filter((key) => ruleOf(key.split(' ')[0], key.slice(key.indexOf(' ') + 1)) === undefined);
    expect(missing, 'routes without a row in tests/server/http/authorization-matrix.ts').toEqual([]);
    expect(Object.keys(AUTHORIZATION_MATRIX).filter((key) => !served.includes(key))).toEqual([]);
  });

  it.each(PRINCIPALS)('%s gets 401 / 403 exactly where the matrix says, and never a 5xx', async (principal) => {
    const mismatches: string[] = [];
    for (const { method, url } of routes()) {
      const rule = ruleOf(method, url);
      if (!rule) continue;
      const status = await statusOf(server.url, method, url, headersOf.get(principal)!);
      const expected = expectedFor(rule, principal);
      const ok = expected === 'allowed' ? status !== 401 && status !== 403 && status < 500 : status === expected;
      if (!ok) mismatches.push(`${method} ${url}: expected ${expected}, got ${status}`);
    }
    expect(mismatches).toEqual([]);
  });

  it("sign-out is public and ends only the caller's own session", async () => {
    const cookie = await signedInAs(server, 'viewer', 'matrix-leaving');
    expect(await statusOf(server.url, 'POST', '/auth/logout', {})).toBe(200);
    expect(await statusOf(server.url, 'GET', '/incidents', { cookie })).toBe(200);
    expect(await statusOf(server.url, 'POST', '/auth/logout', { cookie })).toBe(200);
    expect(await statusOf(server.url, 'GET', '/incidents', { cookie })).toBe(401);
  });
});

describe('with sign-in off (npm start on loopback), as the spec describes', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ readRateLimitPerMinute: 0 });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('no route answers 401 or 403 to an anonymous caller', async () => {
    const refused: string[] = [];
    for (const { method, url } of server.app.routeTable) {
      const status = await statusOf(server.url, method, url, {});
      if (status === 401 || status === 403 || status >= 500) refused.push(`${method} ${url}: ${status}`);
    }
    expect(refused).toEqual([]);
  });

  it('a HEAD of the event stream is answered at once instead of holding a stream that never ends', async () => {
    expect(server.app.routeTable.some(({ method, url }) => method === 'HEAD' && url === '/panic-alerts/stream')).toBe(
      false,
    );
    expect(await statusOf(server.url, 'HEAD', '/panic-alerts/stream', {})).toBe(404);
    expect(server.ctx.hub.clientCount).toBe(0);
  });
});
