import { createHash } from 'node:crypto';
import type { Sql } from '../db/seam.ts';
import { canonicalJson } from '../domain/canonical-json.ts';

export function requestHash(value: unknown): string {
  return createHash('sha256').update(canonicalJson(value)).digest('hex');
}

export interface StoredAnswer<T> {
  requestHash: string;
  response: T;
}

/**
 * Records the answer under the key unless the key is already taken (and younger than `ttlHours`; 0 keeps keys forever); true
 * when this call took it. Inside a transaction, a concurrent holder of the same key makes this wait until
 * that one commits (then false) or rolls back (then true): duplicates can never both proceed.
 */
export async function claimIdempotencyKey(
  tx: Sql,
  key: string,
  hash: string,
  response: unknown,
  ttlHours: number,
): Promise<boolean> {
  const { rows } = await tx.query(
    `insert into idempotency_keys (key, request_hash, response) values ($1, $2, $3)
     on conflict (key) do update set request_hash = excluded.request_hash, response = excluded.response, created_at = now()
       where $4 > 0 and idempotency_keys.created_at < now() - make_interval(hours => $4)
     returning key`,
    [key, hash, JSON.stringify(response), ttlHours],
  );
  return rows.length === 1;
}

export interface KeyClaim {
  key: string;
  hash: string;
  response: unknown;
}

/** `claimIdempotencyKey` for many keys in one statement (each key once): answers the keys this call took. */
export async function claimIdempotencyKeys(
  tx: Sql,
  claims: readonly KeyClaim[],
  ttlHours: number,
): Promise<Set<string>> {
  if (claims.length === 0) return new Set();
  const { rows } = await tx.query<{ key: string }>(
    `insert into idempotency_keys (key, request_hash, response)
       select key, hash, response from jsonb_to_recordset($1::jsonb) as c(key text, hash text, response jsonb)
     on conflict (key) do update set request_hash = excluded.request_hash, response = excluded.response, created_at = now()
       where $2 > 0 and idempotency_keys.created_at < now() - make_interval(hours => $2)
     returning key`,
    [JSON.stringify(claims), ttlHours],
  );
  return new Set(rows.map((row) => row.key));
}

export async function findIdempotencyKey<T>(db: Sql, key: string): Promise<StoredAnswer<T> | undefined> {
  const { rows } = await db.query<{ request_hash: string; response: T }>(
    'select request_hash, response from idempotency_keys where key = $1',
    [key],
  );
  return rows[0] && { requestHash: rows[0].request_hash, response: rows[0].response };
}
