import { createHash } from 'node:crypto';
import type { Sql } from '../db/seam.ts';

/** Only the id's digest is stored: a leaked copy of the table cannot be replayed as a cookie. */
export const idHash = (sessionId: string): string => createHash('sha256').update(sessionId).digest('base64url');

export interface StoredSession {
  operator?: { username: string };
  [key: string]: unknown;
}

export async function readSession(db: Sql, sessionId: string): Promise<StoredSession | undefined> {
  const { rows } = await db.query<{ data: StoredSession }>(
    'select data from operator_sessions where id_hash = $1 and expires_at > now()',
    [idHash(sessionId)],
  );
  return rows[0]?.data;
}

export async function writeSession(db: Sql, sessionId: string, data: StoredSession, expiresAt: Date): Promise<void> {
  await db.query(
    `insert into operator_sessions (id_hash, username, data, expires_at) values ($1, $2, $3, $4)
     on conflict (id_hash) do update set data = excluded.data, expires_at = excluded.expires_at, username = excluded.username`,
    [idHash(sessionId), data.operator?.username ?? '', JSON.stringify(data), expiresAt.toISOString()],
  );
}

export async function deleteSession(db: Sql, sessionId: string): Promise<void> {
  await db.query('delete from operator_sessions where id_hash = $1', [idHash(sessionId)]);
}

/** Of these session id digests, the ones still live. */
export async function liveSessionHashes(db: Sql, hashes: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ id_hash: string }>(
    'select id_hash from operator_sessions where id_hash = any($1::text[]) and expires_at > now()',
    [hashes],
  );
  return new Set(rows.map((row) => row.id_hash));
}

/** A random secret created by the first server to ask, then shared by every server on the same database. */
export async function sharedSecret(db: Sql, name: string, create: () => string): Promise<string> {
  await db.query('insert into server_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [
    name,
    create(),
  ]);
  const { rows } = await db.query<{ value: string }>('select value from server_secrets where name = $1', [name]);
  return rows[0].value;
}
