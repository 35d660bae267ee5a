import { randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const SIGNING_KEY_FILE = 'did-signing.key';
const MIN_SECRET_BYTES = 32; // RFC 7518: an HS256 key is at least as long as the hash

/**
 * The HS256 secret for DID tokens: DID_SIGNING_KEY when configured, else a random one generated once and
 * kept in DATA_DIR, so tokens issued before a restart still verify after it.
 */
export function loadSigningKey(config: { didSigningKey?: string; dataDir: string }): Uint8Array {
  if (config.didSigningKey !== undefined) {
    const secret = new TextEncoder().encode(config.didSigningKey);
    if (secret.length < MIN_SECRET_BYTES)
      throw new Error(`DID_SIGNING_KEY must be at least ${MIN_SECRET_BYTES} bytes long.`);
    return secret;
  }
  mkdirSync(config.dataDir, { recursive: true });
  const path = join(config.dataDir, SIGNING_KEY_FILE);
  try {
    // 'wx' fails when the file exists: two processes starting at once cannot overwrite each other's key.
    writeFileSync(path, randomBytes(32).toString('hex') + '\n', { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  const hex = readFileSync(path, 'utf8').trim();
  if (!/^[0-9a-f]{64}$/.test(hex)) {
    // Replacing it would silently invalidate every token issued so far; an operator must decide.
    throw new Error(`${path} is not a 32-byte hex key; restore it or delete it to generate a new one.`);
  }
  return Buffer.from(hex, 'hex');
}
