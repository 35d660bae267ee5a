import { randomBytes } from 'node:crypto';

/**
 * A password the server chose for a new or reset account: 120 random bits, answered once to the admin, stored
 * only as its hash, and to be replaced at the next sign-in. Over the NEW_PASSWORD_MIN of chosen passwords.
 */
export const temporaryPassword = (): string => randomBytes(15).toString('base64url');
