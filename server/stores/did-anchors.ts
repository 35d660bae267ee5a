import type { DidAnchor } from '../../src/api/entities.ts';
import type { Sql } from '../db/seam.ts';
import { anchorChain, anchorDigest, chainCheckOf, type ChainCheck, type StoredLink } from '../did/chain.ts';
import { walkInPages } from '../domain/hash-chain.ts';
import { iso } from './time.ts';

/** Held from reading the tail to the commit, so two issues cannot both extend the same anchor. */
const DID_CHAIN_LOCK = 7_300_004;
const LIST_LIMIT = 1000;
const CHECK_PAGE = 1000;

interface AnchorRow {
  position: number;
  id: string;
  did_id: string;
  digest: string;
  prev_digest: string | null;
  chain: string;
  status: string;
  created_at: Date | string;
  height: number | string | null;
  content_hash: string | null;
}

function anchorFromRow(row: AnchorRow): DidAnchor {
  return {
    id: row.id,
    didId: row.did_id,
    digest: row.digest,
    chain: row.chain,
    status: row.status,
    createdAt: iso(row.created_at),
    prevDigest: row.prev_digest,
  };
}

function linkFromRow(row: AnchorRow): StoredLink {
  return {
    ...anchorFromRow(row),
    position: Number(row.position),
    height: row.height === null ? null : Number(row.height),
    contentHash: row.content_hash,
  };
}

export interface NewAnchor {
  id: string;
  didId: string;
  createdAt: string;
  contentHash: string;
}

/** Appends an anchor at the tail of the local chain; call inside a transaction. */
export async function appendAnchor(tx: Sql, anchor: NewAnchor): Promise<DidAnchor> {
  // Keyed by schema too: deployments sharing one PostgreSQL keep separate chains and need not wait on each other.
  await tx.query('select pg_advisory_xact_lock($1, hashtext(current_schema()))', [DID_CHAIN_LOCK]);
  const { rows } = await tx.query<{ digest: string; height: number | string | null }>(
    'select digest, height from did_anchors order by position desc limit 1',
  );
  const tail = rows[0];
  const link = {
    ...anchor,
    chain: 'local',
    status: 'anchored',
    height: tail ? Number(tail.height) + 1 : 1,
    prevDigest: tail?.digest ?? null,
  };
  const digest = anchorDigest(link);
  await tx.query(
    `insert into did_anchors (id, did_id, digest, prev_digest, chain, status, created_at, height, content_hash)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [
      link.id,
      link.didId,
      digest,
      link.prevDigest,
      link.chain,
      link.status,
      link.createdAt,
      link.height,
      link.contentHash,
    ],
  );
  return {
    id: link.id,
    didId: link.didId,
    digest,
    chain: link.chain,
    status: link.status,
    createdAt: link.createdAt,
    prevDigest: link.prevDigest,
  };
}

/** Newest first, at most the last 1000. */
export async function listAnchors(db: Sql, didId?: string): Promise<DidAnchor[]> {
  const { rows } = await db.query<AnchorRow>(
    `select * from did_anchors where ($1::text is null or did_id = $1) order by position desc limit ${LIST_LIMIT}`,
    [didId ?? null],
  );
  return rows.map(anchorFromRow);
}

/** Checks every link from the first anchor, in pages, stopping at the first broken one. */
export async function checkChain(db: Sql): Promise<ChainCheck> {
  const readPage = async (after: number) => {
    const { rows } = await db.query<AnchorRow>(
      'select * from did_anchors where position > $1 order by position limit $2',
      [after, CHECK_PAGE],
    );
    return rows.map(linkFromRow);
  };
  const walk = await walkInPages(anchorChain, readPage, (link) => link.position, CHECK_PAGE);
  const { rows } = await db.query<{ count: number | string }>('select count(*) as count from did_anchors');
  return chainCheckOf(walk, Number(rows[0].count));
}
