// Single sign-on through OpenID Connect (issue 10): the relying party's side of the authorization-code
// flow with PKCE, state and nonce. openid-client checks the provider's answer (state, issuer, audience,
// nonce, signature); this file carries what must survive the round trip through the provider in an
// encrypted cookie, and turns the checked claims into an operator.
import { randomBytes } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import * as client from 'openid-client';
import { LoginBody, type SignedInUser } from '../../src/api/auth.ts';
import { ROLES, type Role } from '../../src/api/roles.ts';
import { isLoopbackHost } from '../../src/domain/loopback.ts';
import type { OidcSettings } from '../config.ts';
import type { Sql } from '../db/seam.ts';
import { sharedSecret } from '../stores/operator-sessions.ts';

export const OIDC_STATE_COOKIE = 'pad_oidc';
/** How long an operator may spend at the provider between the button and the way back. */
export const OIDC_STATE_SECONDS = 600;
const DISCOVERY_TIMEOUT_SECONDS = 10;

/** A single sign-on refused: the sentence the operator reads, and who it was when the provider said so. */
export class SsoRefusal extends Error {
  constructor(
    message: string,
    readonly username?: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** What the callback must find again: kept in the browser, encrypted, so any server of the cluster can finish. */
interface PendingSignIn {
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
}

const NOT_FROM_THIS_BROWSER =
  'This single sign-on answer does not belong to a sign-in started in this browser in the last 10 minutes; start it again.';

export class OidcRelyingParty {
  private configuration?: Promise<client.Configuration>;
  private stateKey?: Promise<Uint8Array>;
  private readonly issuer: URL;

  constructor(
    private readonly settings: OidcSettings,
    private readonly db: Sql,
  ) {
    const issuer = URL.canParse(settings.issuer) ? new URL(settings.issuer) : undefined;
    // Plain HTTP only to a provider on this machine (development, tests): elsewhere it would expose the secret.
    const secure = issuer?.protocol === 'https:' || (issuer?.protocol === 'http:' && isLoopbackHost(issuer.hostname));
    if (!issuer || !secure) {
      throw new Error(
        `OIDC_ISSUER must be the provider's https address (plain http only on this machine), got "${settings.issuer}".`,
      );
    }
    this.issuer = issuer;
  }

  /** Discovery at first use (the provider may start after this server); a failed one is tried again next time. */
  private discover(): Promise<client.Configuration> {
    const { clientId, clientSecret } = this.settings;
    this.configuration ??= client
      .discovery(this.issuer, clientId, { client_secret: clientSecret }, client.ClientSecretBasic(clientSecret), {
        timeout: DISCOVERY_TIMEOUT_SECONDS,
        execute: this.issuer.protocol === 'http:' ? [client.allowInsecureRequests] : [],
      })
      .catch((error: unknown) => {
        this.configuration = undefined;
        throw new SsoRefusal(
          'The single sign-on provider cannot be reached; try again in a moment or sign in with a password.',
          undefined,
          { cause: error },
        );
      });
    return this.configuration;
  }

  private key(): Promise<Uint8Array> {
    this.stateKey ??= sharedSecret(this.db, 'oidc-state', () => randomBytes(32).toString('base64url')).then(
      (secret) => new Uint8Array(Buffer.from(secret, 'base64url')),
    );
    return this.stateKey;
  }

  /** The provider's authorization URL to send the browser to, and the cookie that remembers this sign-in. */
  async begin(redirectUri: string): Promise<{ authorizationUrl: URL; stateCookie: string }> {
    const configuration = await this.discover();
    const pending: PendingSignIn = {
      state: client.randomState(),
      nonce: client.randomNonce(),
      codeVerifier: client.randomPKCECodeVerifier(),
      redirectUri,
    };
    const authorizationUrl = client.buildAuthorizationUrl(configuration, {
      redirect_uri: redirectUri,
      scope: 'openid profile email',
      code_challenge: await client.calculatePKCECodeChallenge(pending.codeVerifier),
      code_challenge_method: 'S256',
      state: pending.state,
      nonce: pending.nonce,
    });
    const stateCookie = await new EncryptJWT({ ...pending })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setIssuedAt()
      .setExpirationTime(`${OIDC_STATE_SECONDS}s`)
      .encrypt(await this.key());
    return { authorizationUrl, stateCookie };
  }

  private async pendingFrom(stateCookie: string | undefined): Promise<PendingSignIn> {
    if (!stateCookie) throw new SsoRefusal(NOT_FROM_THIS_BROWSER);
    try {
      const { payload } = await jwtDecrypt(stateCookie, await this.key());
      return payload as unknown as PendingSignIn;
    } catch (error) {
      throw new SsoRefusal(NOT_FROM_THIS_BROWSER, undefined, { cause: error });
    }
  }

  /**
   * The provider's answer (the callback's query string) checked and exchanged for the operator's claims:
   * those of the ID token, completed from userinfo when the ID token leaves the role out.
   */
  async finish(stateCookie: string | undefined, callbackQuery: string): Promise<Record<string, unknown>> {
    const pending = await this.pendingFrom(stateCookie);
    const answer = new URLSearchParams(callbackQuery);
    if (answer.get('state') !== pending.state) throw new SsoRefusal(NOT_FROM_THIS_BROWSER);
    const providerError = answer.get('error');
    if (providerError) {
      const why = (answer.get('error_description') || providerError).slice(0, 200);
      throw new SsoRefusal(`The single sign-on provider refused the sign-in: ${why}.`);
    }
    const configuration = await this.discover();
    const callbackUrl = new URL(pending.redirectUri);
    callbackUrl.search = answer.toString();
    try {
      const tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
        pkceCodeVerifier: pending.codeVerifier,
        expectedState: pending.state,
        expectedNonce: pending.nonce,
      });
      const idClaims = tokens.claims()!;
      if (idClaims[this.settings.roleClaim] !== undefined || !configuration.serverMetadata().userinfo_endpoint)
        return idClaims;
      const userinfo = await client.fetchUserInfo(configuration, tokens.access_token, idClaims.sub);
      return { ...userinfo, ...idClaims };
    } catch (error) {
      throw new SsoRefusal(
        "The single sign-on provider's answer could not be verified; start the sign-in again.",
        undefined,
        { cause: error },
      );
    }
  }
}

const ROLE_LIST = ROLES.join(', ');

/** The highest known role a claim names: a text, or a list of texts as some providers send groups. */
function roleFrom(value: unknown): Role | undefined {
  const named = [value].flat().filter((entry): entry is string => typeof entry === 'string');
  return [...ROLES].reverse().find((role) => named.includes(role));
}

/** The operator the claims describe: preferred_username, else email, else sub, and the role claim. */
export function operatorFromClaims(claims: Record<string, unknown>, roleClaim: string): SignedInUser {
  const name = [claims.preferred_username, claims.email, claims.sub].find(
    (value) => typeof value === 'string' && value.trim() !== '',
  );
  const username = LoginBody.shape.username.safeParse(name);
  if (!username.success) {
    throw new SsoRefusal(
      `Your single sign-on name "${String(name ?? '')}" cannot be a username here: ${username.error.issues[0].message}.`,
    );
  }
  const role = roleFrom(claims[roleClaim]);
  if (!role) {
    const given = claims[roleClaim] === undefined ? 'has no' : `has an unknown value in its`;
    throw new SsoRefusal(
      `Your single sign-on account ${given} "${roleClaim}" claim; it must name a role of this dashboard (${ROLE_LIST}). Ask your identity provider's administrator.`,
      username.data,
    );
  }
  return { username: username.data, role };
}
