// What a store holds, in the words of a restore: how many incidents, zones, regions and accounts, and whether
// its two hash chains (the audit trail, the DID anchors) hold link by link. Read by `npm run backup` and
// `npm run restore` on a backup's copy, never on the live store's hot path.
import type { Sql } from '../db/seam.ts';
import { verifyAudit } from './audit.ts';
import { checkChain } from './did-anchors.ts';

export interface ChainState {
  length: number;
  /** Why the first link that does not hold fails; null while every link holds. */
  broken: string | null;
}

export interface StoreSummary {
  incidents: number;
  zones: number;
  regions: number;
  accounts: number;
  audit: ChainState;
  didAnchors: ChainState;
}

async function count(db: Sql, table: string): Promise<number> {
  const { rows } = await db.query<{ count: number | string }>(`select count(*) as count from ${table}`);
  return Number(rows[0].count);
}

export async function summarizeStore(db: Sql): Promise<StoreSummary> {
  const audit = await verifyAudit(db);
  const anchors = await checkChain(db);
  return {
    incidents: await count(db, 'incidents'),
    zones: await count(db, 'geofences'),
    regions: await count(db, 'regions'),
    accounts: await count(db, 'operators'),
    audit: {
      // The whole trail, however far the walk got before a broken entry.
      length: await count(db, 'audit_log'),
      broken: audit.broken && `entry ${audit.broken.link.seq}: ${audit.broken.reason}`,
    },
    didAnchors: {
      length: anchors.length,
      broken: anchors.intact ? null : `anchor ${anchors.brokenAt}: ${anchors.reason}`,
    },
  };
}

const counted = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

const chainLine = (what: string, links: string, chain: ChainState) =>
  `${what}: ${links}, ${chain.broken ? `broken at ${chain.broken}` : 'every link verifies'}`;

/** The summary as lines for a terminal. */
export function summaryLines(summary: StoreSummary): string[] {
  const { incidents, zones, regions, accounts, audit, didAnchors } = summary;
  return [
    [
      counted(incidents, 'incident'),
      counted(zones, 'zone'),
      counted(regions, 'region'),
      counted(accounts, 'account'),
    ].join(', '),
    chainLine('audit trail', counted(audit.length, 'entry', 'entries'), audit),
    chainLine('DID anchor chain', counted(didAnchors.length, 'anchor'), didAnchors),
  ];
}

/** The first chain that does not hold, as a sentence; null when both do. */
export function brokenChain(summary: StoreSummary): string | null {
  if (summary.audit.broken) return `The audit trail is broken at ${summary.audit.broken}.`;
  if (summary.didAnchors.broken) return `The DID anchor chain is broken at ${summary.didAnchors.broken}.`;
  return null;
}
