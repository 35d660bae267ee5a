// The server's VAPID key pair (RFC 8292), which push services check every message against: VAPID_PUBLIC_KEY
// and VAPID_PRIVATE_KEY when configured, else a pair generated once and kept in DATA_DIR. A new pair would
// silently orphan every browser's subscription, so an unreadable file stops the start instead.
import { chmodSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import webPush from 'web-push';

export const VAPID_KEY_FILE = 'vapid-keys.json';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

interface VapidConfig {
  dataDir: string;
  publicUrl?: string;
  push: { publicKey?: string; privateKey?: string; subject?: string };
}

const BASE64URL = /^[A-Za-z0-9_-]+$/;

/** Push services want a contact: VAPID_SUBJECT, else an https PUBLIC_URL, else a placeholder mailbox. */
function subjectOf(config: VapidConfig): string {
  if (config.push.subject) return config.push.subject;
  if (config.publicUrl?.startsWith('https://')) return config.publicUrl;
  return 'mailto:operators@panic-alerts.invalid';
}

function checked(
  keys: { publicKey?: unknown; privateKey?: unknown },
  where: string,
): { publicKey: string; privateKey: string } {
  const { publicKey, privateKey } = keys;
  // A P-256 public point is 65 bytes (87 base64url characters), its private scalar 32 bytes (43).
  if (typeof publicKey !== 'string' || publicKey.length !== 87 || !BASE64URL.test(publicKey))
    throw new Error(`${where}: the public VAPID key must be 65 bytes in base64url.`);
  if (typeof privateKey !== 'string' || privateKey.length !== 43 || !BASE64URL.test(privateKey))
    throw new Error(`${where}: the private VAPID key must be 32 bytes in base64url.`);
  return { publicKey, privateKey };
}

export function loadVapidKeys(config: VapidConfig): VapidKeys {
  const subject = subjectOf(config);
  if (config.push.publicKey !== undefined || config.push.privateKey !== undefined) {
    return { ...checked(config.push, 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY'), subject };
  }
  mkdirSync(config.dataDir, { recursive: true });
  const path = join(config.dataDir, VAPID_KEY_FILE);
  try {
    // 'wx' fails when the file exists: two processes starting at once cannot overwrite each other's pair.
    writeFileSync(path, JSON.stringify(webPush.generateVAPIDKeys()) + '\n', { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
  let stored: unknown;
  try {
    stored = JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    throw new Error(
      `${path} is not JSON; restore it, or delete it to generate a new pair (every browser must then subscribe again).`,
    );
  }
  return { ...checked(stored as object, path), subject };
}
