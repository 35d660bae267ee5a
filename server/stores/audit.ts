import type { AuditEntry } from '../../src/api/audit.ts';
import type { Sql } from '../db/seam.ts';
import { auditChain, auditEntryHash, type AuditCheck } from '../domain/audit-chain.ts';
import { walkInPages } from '../domain/hash-chain.ts';
import { iso } from './time.ts';
import { serverClock } from '../domain/server-clock.ts';

/** Appends are serialised per schema, so the chain never forks. */
const AUDIT_CHAIN_LOCK = 7_300_200;
const VERIFY_PAGE = 1000;

export interface AuditRow {
  seq: number | string;
  at: Date | string;
  actor: string;
  role: string | null;
  address: string | null;
  action: string;
  target: string | null;
  detail: Record<string, unknown>;
  prev_hash: string | null;
  hash: string;
}

export function entryFromRow(row: AuditRow): AuditEntry {
  return {
    seq: Number(row.seq),
    at: iso(row.at),
    actor: row.actor,
    role: row.role,
    address: row.address,
    action: row.action,
    target: row.target,
    detail: row.detail ?? {},
    prevHash: row.prev_hash,
    hash: row.hash,
  };
}

export type AuditFact = Pick<AuditEntry, 'actor' | 'role' | 'address' | 'action' | 'target'> & {
  detail?: Record<string, unknown>;
};

/** Appends in the caller's transaction: the act and its record commit together or not at all. */
export async function appendAudit(tx: Sql, fact: AuditFact): Promise<AuditEntry> {
  await tx.query('select pg_advisory_xact_lock($1, hashtext(current_schema()))', [AUDIT_CHAIN_LOCK]);
  const { rows } = await tx.query<{ seq: number | string; hash: string }>(
    'select seq, hash from audit_log order by seq desc limit 1',
  );
  const unhashed = {
    seq: rows[0] ? Number(rows[0].seq) + 1 : 1,
    at: serverClock.iso(),
    ...fact,
    detail: JSON.parse(JSON.stringify(fact.detail ?? {})) as Record<string, unknown>,
    prevHash: rows[0]?.hash ?? null,
  };
  const entry: AuditEntry = { ...unhashed, hash: auditEntryHash(unhashed) };
  await tx.query(
    `insert into audit_log (seq, at, actor, role, address, action, target, detail, prev_hash, hash)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      entry.seq,
      entry.at,
      entry.actor,
      entry.role,
      entry.address,
      entry.action,
      entry.target,
      JSON.stringify(entry.detail),
      entry.prevHash,
      entry.hash,
    ],
  );
  return entry;
}

export interface AuditPageQuery {
  limit: number;
  before?: number;
  actor?: string;
  action?: string;
}

/** Newest first. */
export async function listAudit(db: Sql, query: AuditPageQuery): Promise<AuditEntry[]> {
  const { rows } = await db.query<AuditRow>(
    `select * from audit_log
      where ($1::bigint is null or seq < $1) and ($2::text is null or actor = $2) and ($3::text is null or action = $3)
      order by seq desc limit $4`,
    [query.before ?? null, query.actor ?? null, query.action ?? null, query.limit],
  );
  return rows.map(entryFromRow);
}

/** Walks the whole trail page by page, stopping at the first broken link. */
export async function verifyAudit(db: Sql): Promise<AuditCheck> {
  const readPage = async (after: number) => {
    const { rows } = await db.query<AuditRow>('select * from audit_log where seq > $1 order by seq limit $2', [
      after,
      VERIFY_PAGE,
    ]);
    return rows.map(entryFromRow);
  };
  return walkInPages(auditChain, readPage, (entry) => entry.seq, VERIFY_PAGE);
}
