// `npm run backup` while a server holds the store: the server makes the copy (POST /backup), signed in as an
// admin when it requires sign-in (BACKUP_USERNAME, default admin, and BACKUP_PASSWORD).
import { Readable } from 'node:stream';
import type { ReadableStream } from 'node:stream/web';
import { writeBackupFile } from './backup-file.ts';

export interface Credentials {
  username: string;
  password: string;
}

async function errorOf(response: Response): Promise<string> {
  const body = (await response.json().catch(() => ({}))) as { error?: string };
  return body.error ?? response.statusText;
}

async function signIn(url: string, credentials: Credentials): Promise<string> {
  const response = await fetch(`${url}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  if (!response.ok)
    throw new Error(`Signing in at ${url} as ${credentials.username} failed: ${await errorOf(response)}`);
  return (response.headers.get('set-cookie') ?? '').split(';')[0];
}

const requestBackup = (url: string, cookie?: string) =>
  fetch(`${url}/backup`, { method: 'POST', headers: cookie ? { cookie } : {} });

/** Saves the server's backup as `out`; answers its size in bytes. */
export async function backupFromServer(url: string, out: string, credentials?: Credentials): Promise<number> {
  let cookie: string | undefined;
  let response = await requestBackup(url);
  if (response.status === 401) {
    await response.body?.cancel();
    if (!credentials)
      throw new Error(
        `The server at ${url} requires sign-in: set BACKUP_PASSWORD (and BACKUP_USERNAME, default admin) to an admin's.`,
      );
    cookie = await signIn(url, credentials);
    response = await requestBackup(url, cookie);
  }
  try {
    if (!response.ok || !response.body)
      throw new Error(`The server at ${url} answered ${response.status}: ${await errorOf(response)}`);
    return await writeBackupFile(Readable.fromWeb(response.body as ReadableStream<Uint8Array>), out);
  } finally {
    if (cookie) await fetch(`${url}/auth/logout`, { method: 'POST', headers: { cookie } }).catch(() => {});
  }
}
