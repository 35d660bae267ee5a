// A real OpenID provider (oidc-provider) on 127.0.0.1 for the single sign-on tests: one confidential
// client, accounts whose claims the test chooses, and the provider's development sign-in and consent
// pages, which walkSso fills in over HTTP as an operator's browser would.
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair } from 'jose';
import Provider from 'oidc-provider';
import type { OidcSettings } from '../../server/config.ts';
import { browse, CookieJar, isRedirect, redirectTarget } from './redirect-walker.ts';

const CALLBACK_PATH = '/auth/oidc/callback';

export interface OidcProviderOptions {
  port: number;
  /** The server's callback, the client's only registered redirect URI. */
  redirectUri: string;
  /** Claims of each account, by the login typed on the provider's sign-in page. */
  accounts: Record<string, Record<string, unknown>>;
  /** Put the claims in the ID token; otherwise only userinfo gives them (oidc-provider's default for the code flow). */
  claimsInIdToken?: boolean;
}

export interface OidcProvider {
  issuer: string;
  close(): Promise<void>;
}

/** The client the server under test is registered as. */
export const testClient = { clientId: 'dashboard', clientSecret: 'dashboard client secret of the tests' };

export function oidcSettings(issuer: string, overrides: Partial<OidcSettings> = {}): OidcSettings {
  return { issuer, ...testClient, roleClaim: 'role', label: 'Sign in with Test SSO', ...overrides };
}

/** A port nobody listens on yet, so a test can point the server at a provider that starts later. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

export async function startOidcProvider(options: OidcProviderOptions): Promise<OidcProvider> {
  const issuer = `http://127.0.0.1:${options.port}`;
  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const customClaims = [...new Set(Object.values(options.accounts).flatMap(Object.keys))].filter(
    (claim) => !['sub', 'preferred_username', 'email'].includes(claim),
  );
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: testClient.clientId,
        client_secret: testClient.clientSecret,
        redirect_uris: [options.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    jwks: { keys: [{ ...(await exportJWK(privateKey)), alg: 'RS256', use: 'sig', kid: 'tests' }] },
    cookies: { keys: [randomBytes(32).toString('hex')] },
    claims: { openid: ['sub'], profile: ['preferred_username', ...customClaims], email: ['email'] },
    conformIdTokenClaims: !options.claimsInIdToken,
    findAccount: (_ctx, id) => {
      const claims = options.accounts[id];
      return claims && { accountId: id, claims: () => ({ sub: id, ...claims }) };
    },
    features: { devInteractions: { enabled: true } },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
  });
  const server: Server = createServer(provider.callback());
  await new Promise<void>((resolve) => server.listen(options.port, '127.0.0.1', resolve));
  return {
    issuer,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export interface SsoWalk {
  /** Where /auth/oidc/start sent the browser: the provider's authorization endpoint, or back to the dashboard. */
  authorizationUrl: URL;
  /** The server's answer to /auth/oidc/start. */
  start: Response;
  /** The server's answer to the provider's redirect, when the walk got that far. */
  callback?: Response;
  /** Where the server finally sent the browser: the dashboard, with `signin_error` when refused. */
  landing: URL;
  /** The browser's cookies, per origin: the session cookie for the server once signed in. */
  jar: CookieJar;
}

/** Sends the provider's form the way its development pages expect: any password signs the login in. */
async function submitProviderPage(jar: CookieJar, page: URL, response: Response, login: string): Promise<Response> {
  const html = await response.text();
  const action = /action="([^"]+)"/.exec(html)?.[1];
  const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
  if (!action || !prompt) throw new Error(`the provider's page ${page.href} holds no form: ${html.slice(0, 500)}`);
  return browse(jar, new URL(action, page), {
    form: prompt === 'login' ? { prompt, login, password: 'any' } : { prompt },
  });
}

/**
 * An operator's browser clicking the single sign-on button: start, the provider's sign-in as `login`
 * and its consent, the callback, until the server sends the browser back to the dashboard.
 * `alterCallback` lets a test tamper with the provider's answer on its way back.
 */
export async function walkSso(
  serverUrl: string,
  login: string,
  alterCallback?: (callback: URL) => URL,
): Promise<SsoWalk> {
  const jar = new CookieJar();
  const server = new URL(serverUrl);
  let url = new URL('/auth/oidc/start', server);
  const start = await browse(jar, url);
  const authorizationUrl = redirectTarget(url, start);
  let response = start;
  let callback: Response | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (url.origin !== server.origin && response.status === 200) {
      response = await submitProviderPage(jar, url, response, login);
      continue;
    }
    if (!isRedirect(response))
      throw new Error(`${url.href} answered ${response.status}: ${(await response.text()).slice(0, 500)}`);
    const next = redirectTarget(url, response);
    const isCallback = next.origin === server.origin && next.pathname === CALLBACK_PATH;
    if (next.origin === server.origin && !isCallback) return { authorizationUrl, start, callback, landing: next, jar };
    url = isCallback && alterCallback ? alterCallback(next) : next;
    response = await browse(jar, url);
    if (isCallback) callback = response;
  }
  throw new Error('the sign-in went through more than 20 redirects');
}
