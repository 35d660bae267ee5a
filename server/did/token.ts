import { errors, jwtVerify, SignJWT } from 'jose';
import type { DidClaims } from '../../src/api/responses.ts';
import type { Trip } from '../../src/api/trip.ts';

const ALGORITHM = 'HS256';
const ISSUER = 'panic-alerts-dashboard';

export interface DidTokenInput extends Trip {
  didId: string;
  kycType: string;
  digest: string;
  issuedAt: Date;
  expiresAt: Date;
  /** The tourist the token acts for; without one the token proves a KYC hash was presented, not who sends. */
  touristId?: string;
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

export async function signDidToken(key: Uint8Array, input: DidTokenInput): Promise<string> {
  const touristClaim = input.touristId === undefined ? {} : { touristId: input.touristId };
  // Issue 34: what the reference phone app shows on its Digital ID, signed with it (JSON leaves out what is undefined).
  const { itinerary, itineraryNote, emergencyContacts, emergencyPhones } = input;
  return new SignJWT({
    kycType: input.kycType,
    digest: input.digest,
    ...touristClaim,
    itinerary,
    itineraryNote,
    emergencyContacts,
    emergencyPhones,
  })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(input.didId)
    .setIssuer(ISSUER)
    .setIssuedAt(seconds(input.issuedAt))
    .setExpirationTime(seconds(input.expiresAt))
    .sign(key);
}

export class InvalidDidToken extends Error {
  constructor(
    message: string,
    /** Expired, rather than altered, malformed or signed by another key. */
    readonly expired: boolean,
  ) {
    super(message);
  }
}

/** The token's claims when this server signed it and it has not expired; else InvalidDidToken with the reason. */
export async function verifyDidToken(key: Uint8Array, token: string, now: Date = new Date()): Promise<DidClaims> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      requiredClaims: ['sub', 'iat', 'exp', 'kycType', 'digest'],
      currentDate: now,
    });
    if (payload.touristId !== undefined && (typeof payload.touristId !== 'string' || payload.touristId === '')) {
      throw new errors.JWTClaimValidationFailed(
        'touristId must be a non-empty string',
        payload,
        'touristId',
        'invalid',
      );
    }
    return payload as unknown as DidClaims;
  } catch (error) {
    throw new InvalidDidToken(reasonFor(error), error instanceof errors.JWTExpired);
  }
}

function reasonFor(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'The DID token has expired.';
  if (error instanceof errors.JWSSignatureVerificationFailed)
    return 'The DID token signature does not match: it was altered or signed by another key.';
  if (error instanceof errors.JWTClaimValidationFailed) return `The DID token claims are not valid (${error.claim}).`;
  return 'The DID token is malformed or not signed with HS256 by this server.';
}
