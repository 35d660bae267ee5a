import { errors, jwtVerify, SignJWT } from 'jose';
import type { DidClaims } from '../../src/api/responses.ts';

const ALGORITHM = 'HS256';
const ISSUER = 'panic-alerts-dashboard';

export interface DidTokenInput {
  didId: string;
  kycType: string;
  digest: string;
  issuedAt: Date;
  expiresAt: Date;
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

export async function signDidToken(key: Uint8Array, input: DidTokenInput): Promise<string> {
  return new SignJWT({ kycType: input.kycType, digest: input.digest })
    .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
    .setSubject(input.didId)
    .setIssuer(ISSUER)
    .setIssuedAt(seconds(input.issuedAt))
    .setExpirationTime(seconds(input.expiresAt))
    .sign(key);
}

export class InvalidDidToken extends Error {}

/** The token's claims when this server signed it and it has not expired; else InvalidDidToken with the reason. */
export async function verifyDidToken(key: Uint8Array, token: string, now: Date = new Date()): Promise<DidClaims> {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: [ALGORITHM],
      issuer: ISSUER,
      requiredClaims: ['sub', 'iat', 'exp', 'kycType', 'digest'],
      currentDate: now,
    });
    return payload as unknown as DidClaims;
  } catch (error) {
    throw new InvalidDidToken(reasonFor(error));
  }
}

function reasonFor(error: unknown): string {
  if (error instanceof errors.JWTExpired) return 'The DID token has expired.';
  if (error instanceof errors.JWSSignatureVerificationFailed) return 'The DID token signature does not match: it was altered or signed by another key.';
  if (error instanceof errors.JWTClaimValidationFailed) return `The DID token claims are not valid (${error.claim}).`;
  return 'The DID token is malformed or not signed with HS256 by this server.';
}
