import { hash, verify } from '@node-rs/argon2';

// Argon2id with the library's defaults: 19 MiB and 2 passes, OWASP's minimum for a memory-hard hash.
export const hashPassword = (password: string): Promise<string> => hash(password);

/** An unknown user's attempt costs as much as a known one's, so timing does not tell which names exist. */
let decoyHash: Promise<string> | undefined;

export async function passwordMatches(password: string, passwordHash: string | null | undefined): Promise<boolean> {
  if (!passwordHash) {
    await verify(await (decoyHash ??= hash('decoy password for unknown users')), password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
