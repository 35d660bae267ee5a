// The audit trail's hash chain. Pure: what an entry's hash covers, and what makes an entry hold where it stands.
import { createHash } from 'node:crypto';
import type { AuditEntry } from '../../src/api/audit.ts';
import { canonicalJson } from './canonical-json.ts';
import type { ChainWalk, HashChain } from './hash-chain.ts';

/** Every field of the entry and the hash before it. */
export function auditEntryHash(entry: Omit<AuditEntry, 'hash'>): string {
  const covered = [
    'audit-v1',
    entry.seq,
    entry.at,
    entry.actor,
    entry.role,
    entry.address,
    entry.action,
    entry.target,
    entry.detail,
    entry.prevHash,
  ];
  return createHash('sha256').update(canonicalJson(covered), 'utf8').digest('hex');
}

export type AuditCheck = ChainWalk<AuditEntry>;

/**
 * The trail's entries, walked in sequence order by `HashChainChecker`: an edited entry fails its own hash,
 * a deleted one breaks the next one's sequence and prevHash, a reordered one breaks both where it lands.
 */
export const auditChain: HashChain<AuditEntry> = {
  faultOf(entry, { position, previousHash }) {
    if (entry.seq !== position) return `its sequence is ${entry.seq}, expected ${position}`;
    if (entry.prevHash !== previousHash) return 'its prevHash is not the hash of the entry before it';
    if (auditEntryHash(entry) !== entry.hash) return 'its hash does not match its content';
    return null;
  },
  hashOf: (entry) => entry.hash,
};
