// Phones prove which tourist they act for with the token from POST /did/issue, sent as
// `Authorization: Bearer <didToken>`. This module reads it once per request and is the one place that
// decides what a caller may write or read as a tourist. A panic is never refused here: it is only marked.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import { loadSigningKey } from '../did/signing-key.ts';
import { InvalidDidToken, verifyDidToken } from '../did/token.ts';
import { VERIFIED, type Verification } from '../domain/incidents.ts';
import { bearerTokenOf } from './bearer.ts';
import { noteTouristNamed } from './did-uses.ts';
import { HttpError } from './errors.ts';

export interface DeviceIdentity {
  touristId: string;
  didId: string;
}

/** What the Authorization header proved. */
type DeviceCredential =
  | { kind: 'tourist'; identity: DeviceIdentity }
  | { kind: 'none' }
  | { kind: 'no-tourist'; didId: string }
  | { kind: 'invalid'; error: InvalidDidToken };

declare module 'fastify' {
  interface FastifyRequest {
    /** The tourist a valid device token names; absent without one (no token, invalid, or naming nobody). */
    device?: DeviceIdentity;
    deviceCredential?: DeviceCredential;
  }
}

/** A token's tourist may name itself by its touristId or by its DID (a band's `touristDid`). */
const namesSelf = (identity: DeviceIdentity, name: string): boolean =>
  name === identity.touristId || name === identity.didId;

/** Query parameters through which a GET names whose data it wants; `keys` is also a plain count. */
const TOURIST_QUERY_FIELDS = ['touristId', 'touristIds', 'touristDid', 'key', 'keys'];

/** The tourist a supervisor bound a DID to (issue 30), if any. */
export type BoundTourist = (didId: string) => string | undefined;

/** What the Authorization header proves, with `boundTourist` naming the tourist of a token that names none. */
export async function credentialOf(
  key: Uint8Array,
  authorization: string | undefined,
  boundTourist: BoundTourist,
): Promise<DeviceCredential> {
  const token = bearerTokenOf(authorization);
  if (token === undefined) return { kind: 'none' };
  try {
    const claims = await verifyDidToken(key, token);
    const touristId = claims.touristId ?? boundTourist(claims.sub);
    return touristId === undefined
      ? { kind: 'no-tourist', didId: claims.sub }
      : { kind: 'tourist', identity: { touristId, didId: claims.sub } };
  } catch (error) {
    if (error instanceof InvalidDidToken) return { kind: 'invalid', error };
    throw error;
  }
}

function touristsNamedIn(query: unknown): string[] {
  if (typeof query !== 'object' || query === null) return [];
  const fields = query as Record<string, unknown>;
  return TOURIST_QUERY_FIELDS.flatMap((field) =>
    [fields[field]]
      .flat()
      .filter((value): value is string => typeof value === 'string')
      .flatMap((value) => value.split(',').map((name) => name.trim()))
      .filter((name) => name !== '' && !(field === 'keys' && /^\d+$/.test(name))),
  );
}

/**
 * Reads the device token before the rate limit (which keys a device by its DID) and refuses a device
 * token's GET that names another tourist's data.
 */
export async function installDeviceIdentity(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const key = loadSigningKey(ctx.config);
  const boundTourist: BoundTourist = (didId) => app.didBindings.touristOf(didId);
  app.addHook('onRequest', async (request) => {
    const credential = await credentialOf(key, request.headers.authorization, boundTourist);
    request.deviceCredential = credential;
    if (credential.kind !== 'tourist') return;
    request.device = credential.identity;
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const other = touristsNamedIn(request.query).find((name) => !namesSelf(credential.identity, name));
    if (other !== undefined) {
      throw new HttpError(
        403,
        `The device token acts for tourist "${credential.identity.touristId}"; it may not read the data of "${other}".`,
      );
    }
  });
}

const credentialOfRequest = (request: FastifyRequest): DeviceCredential => request.deviceCredential ?? { kind: 'none' };

function unverifiedReason(credential: DeviceCredential): string {
  if (credential.kind === 'none') return 'no device token';
  if (credential.kind === 'no-tourist') return 'the device token names no tourist';
  if (credential.kind === 'invalid')
    return credential.error.expired ? 'the device token has expired' : 'the device token is not valid';
  return 'the device token names another tourist';
}

function mismatch(identity: DeviceIdentity, field: string, named: string): HttpError {
  return new HttpError(
    403,
    `The device token acts for tourist "${identity.touristId}"; it may not send ${field} "${named}" (another tourist).`,
  );
}

/** What a device route writes as: the tourist to record for each report, and whether the call proved it. */
export interface DeviceWriter {
  verification: Verification;
  /** The tourist to record: the one the body names, else the token's; 403 when they differ. */
  touristFor(named: string | null | undefined, field?: string): string | null;
}

/** GPS pings and device events: refused without a token naming a tourist when DEVICE_AUTH=required. */
export type DeviceWriteKind = 'gps-or-events' | 'other';

/**
 * For every device route but panics and the DID routes: 401 for a token that is not valid (expired,
 * altered, another server's), and under DEVICE_AUTH=required for GPS and events without a tourist's token.
 */
export function deviceWriter(
  request: FastifyRequest,
  config: Pick<Config, 'deviceAuth'>,
  kind: DeviceWriteKind,
): DeviceWriter {
  const credential = credentialOfRequest(request);
  const route = `${request.method} ${request.routeOptions.url}`;
  if (credential.kind === 'invalid') {
    throw new HttpError(
      401,
      `${credential.error.message} Ask POST /did/issue for a new device token, or send ${route} without one.`,
    );
  }
  if (credential.kind !== 'tourist') {
    if (kind === 'gps-or-events' && config.deviceAuth === 'required') {
      const problem = credential.kind === 'none' ? 'it carries no device token' : 'its device token names no tourist';
      throw new HttpError(
        401,
        `This server requires a device token for ${route} and ${problem}: send Authorization: Bearer <didToken> with a token POST /did/issue issued for the tourist.`,
      );
    }
    return {
      verification: { verified: false, reason: unverifiedReason(credential) },
      touristFor: (named) => {
        noteTouristNamed(request, named);
        return named ?? null;
      },
    };
  }
  const { identity } = credential;
  return {
    verification: VERIFIED,
    touristFor(named, field = 'touristId') {
      if (named == null) return identity.touristId;
      if (!namesSelf(identity, named)) throw mismatch(identity, field, named);
      return named;
    },
  };
}

/** A panic's tourist and whether the call proved it: never refused, a mismatch is recorded as sent, unverified. */
export function panicCaller(
  request: FastifyRequest,
  named: string | null,
): { touristId: string | null; verification: Verification } {
  const credential = credentialOfRequest(request);
  if (credential.kind === 'tourist' && (named === null || namesSelf(credential.identity, named))) {
    return { touristId: named ?? credential.identity.touristId, verification: VERIFIED };
  }
  noteTouristNamed(request, named);
  return { touristId: named, verification: { verified: false, reason: unverifiedReason(credential) } };
}

/**
 * The tourist a phone's read of its own data (a `deviceReads` route with a device token, or from a phone's
 * page) is limited to; null for a valid token that proves nobody yet (an unbound DID) or a phone's page
 * without one, which read nothing; 401 for a token that is not valid: it is never answered as an operator's read.
 */
export function ownReader(request: FastifyRequest): string | null {
  const credential = credentialOfRequest(request);
  if (credential.kind === 'tourist') return credential.identity.touristId;
  if (credential.kind === 'no-tourist') return null;
  // A phone's page before it holds a token (its "online" check) reads nothing, as a token proving nobody.
  if (credential.kind === 'none' && request.fromForeignPage === true) return null;
  const problem =
    credential.kind === 'invalid' ? credential.error.message : 'The Authorization header carries no device token.';
  throw new HttpError(
    401,
    `${problem} Ask POST /did/issue for a new device token, or call ${request.method} ${request.routeOptions.url} without one.`,
  );
}

/** The tourist whose data a device token's read is limited to; undefined for everybody else. */
export const readerTourist = (request: FastifyRequest): string | undefined => request.device?.touristId;
