// The audit trail's hash chain. Pure: what an entry's hash covers, and how a walk finds the first break.
import { createHash } from 'node:crypto';
import type { AuditEntry } from '../../src/api/audit.ts';
import { canonicalJson } from './canonical-json.ts';

/** Every field of the entry and the hash before it. */
export function auditEntryHash(entry: Omit<AuditEntry, 'hash'>): string {
  const covered = ['audit-v1', entry.seq, entry.at, entry.actor, entry.role, entry.address, entry.action, entry.target, entry.detail, entry.prevHash];
  return createHash('sha256').update(canonicalJson(covered), 'utf8').digest('hex');
}

export interface AuditCheck {
  length: number;
  broken: { entry: AuditEntry; reason: string } | null;
}

/**
 * Walks entries in sequence order: an edited entry fails its own hash, a deleted one breaks the next
 * one's sequence and prevHash, a reordered one breaks both where it lands.
 */
export class AuditChainChecker {
  private length = 0;
  private previousHash: string | null = null;
  private broken: AuditCheck['broken'] = null;

  add(entry: AuditEntry): void {
    if (this.broken) return;
    this.length += 1;
    if (entry.seq !== this.length) this.broken = { entry, reason: `its sequence is ${entry.seq}, expected ${this.length}` };
    else if (entry.prevHash !== this.previousHash) this.broken = { entry, reason: 'its prevHash is not the hash of the entry before it' };
    else if (auditEntryHash(entry) !== entry.hash) this.broken = { entry, reason: 'its hash does not match its content' };
    this.previousHash = entry.hash;
  }

  get isBroken(): boolean {
    return this.broken !== null;
  }

  result(): AuditCheck {
    return { length: this.length, broken: this.broken };
  }
}
