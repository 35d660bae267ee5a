// What each of the server's two hash chains reports for a broken link: the checks and their order are the
// chain's own (the generic walk is tests/server/domain/hash-chain.test.ts); GET /audit/verify and GET /did/chain answer with them.
import { describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../../src/api/audit.ts';
import { anchorChain, anchorDigest, chainCheckOf, type StoredLink } from '../../../server/did/chain.ts';
import { auditChain, auditEntryHash } from '../../../server/domain/audit-chain.ts';
import { HashChainChecker, type HashChain } from '../../../server/domain/hash-chain.ts';

function walk<L>(chain: HashChain<L>, links: readonly L[]) {
  const checker = new HashChainChecker(chain);
  for (const link of links) checker.add(link);
  return checker.result();
}

function auditTrail(count: number): AuditEntry[] {
  const entries: AuditEntry[] = [];
  for (let seq = 1; seq <= count; seq++) {
    const unhashed = {
      seq,
      at: `2026-01-01T00:00:0${seq}.000Z`,
      actor: 'ana',
      role: 'operator',
      address: '10.0.0.1',
      action: 'incident.note',
      target: `i${seq}`,
      detail: { note: 'x' },
      prevHash: entries.at(-1)?.hash ?? null,
    };
    entries.push({ ...unhashed, hash: auditEntryHash(unhashed) });
  }
  return entries;
}

function anchors(count: number): StoredLink[] {
  const links: StoredLink[] = [];
  for (let height = 1; height <= count; height++) {
    const link = {
      id: `a${height}`,
      didId: `did:x:${height}`,
      chain: 'local',
      status: 'anchored',
      createdAt: `2026-01-01T00:00:0${height}.000Z`,
      height,
      contentHash: `c${height}`,
      prevDigest: links.at(-1)?.digest ?? null,
    };
    links.push({ ...link, position: height * 10, digest: anchorDigest(link) });
  }
  return links;
}

describe("the audit trail's chain", () => {
  it('holds as appended, and reports an edited, a deleted and a reordered entry by its first failing check', () => {
    const trail = auditTrail(4);
    expect(walk(auditChain, trail)).toEqual({ length: 4, headHash: trail[3].hash, broken: null });
    expect(walk(auditChain, [trail[0], { ...trail[1], target: 'other' }]).broken?.reason).toBe(
      'its hash does not match its content',
    );
    expect(walk(auditChain, [trail[0], trail[2]]).broken?.reason).toBe('its sequence is 3, expected 2');
    expect(walk(auditChain, [trail[0], { ...trail[2], seq: 2 }]).broken?.reason).toBe(
      'its prevHash is not the hash of the entry before it',
    );
  });
});

describe("the DID anchors' chain", () => {
  it('holds as appended, and reports a deleted, a re-heighted, a hashless and an edited anchor by its first failing check', () => {
    const links = anchors(3);
    expect(chainCheckOf(walk(anchorChain, links), 3)).toEqual({
      intact: true,
      length: 3,
      brokenAt: null,
      reason: null,
      headDigest: links[2].digest,
    });
    expect(walk(anchorChain, [links[0], links[2]]).broken?.reason).toBe(
      'prevDigest is not the digest of the anchor before it',
    );
    expect(walk(anchorChain, [links[0], { ...links[1], height: 5 }]).broken?.reason).toBe('height is 5, expected 2');
    expect(walk(anchorChain, [{ ...links[0], contentHash: null }]).broken?.reason).toBe(
      'the anchor has no content hash',
    );
    expect(chainCheckOf(walk(anchorChain, [links[0], { ...links[1], status: 'revoked' }]), 3)).toEqual({
      intact: false,
      length: 3,
      brokenAt: 'a2',
      reason: 'digest does not match the anchor content',
      headDigest: null,
    });
  });
});
