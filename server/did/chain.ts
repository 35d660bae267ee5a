// The local hash chain of DID anchors. Pure: hashing and checking; storage lives in stores/did-anchors.ts.
import { createHash } from 'node:crypto';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** What an anchor proves about an identity: a hash over hashes; the raw document never reaches us. */
export function anchorContentHash(content: { didId: string; kycType: string; kycHash: string; issuedAt: string }): string {
  return sha256(JSON.stringify(['did-content-v1', content.didId, content.kycType, content.kycHash, content.issuedAt]));
}

export interface ChainLink {
  id: string;
  didId: string;
  chain: string;
  status: string;
  createdAt: string;
  height: number;
  contentHash: string;
  prevDigest: string | null;
}

/** The anchor digest: commits to every field of the row and to the digest before it. */
export function anchorDigest(link: ChainLink): string {
  return sha256(
    JSON.stringify(['did-anchor-v1', link.height, link.prevDigest, link.id, link.didId, link.chain, link.status, link.createdAt, link.contentHash]),
  );
}

export interface StoredLink extends Omit<ChainLink, 'height' | 'contentHash'> {
  position: number;
  height: number | null;
  contentHash: string | null;
  digest: string;
}

export interface ChainCheck {
  intact: boolean;
  length: number;
  /** Id of the first anchor whose link does not hold. */
  brokenAt: string | null;
  reason: string | null;
  headDigest: string | null;
}

/**
 * Walks the chain in storage order, page by page. A changed row fails its own digest, a deleted row breaks
 * the next one's prevDigest, a row moved out of order breaks height or prevDigest where it lands.
 */
export class ChainChecker {
  private length = 0;
  private previous: string | null = null;
  private broken: { id: string; reason: string } | null = null;

  add(link: StoredLink): void {
    if (this.broken) return;
    this.length += 1;
    const expectedHeight = this.length;
    if (link.prevDigest !== this.previous) {
      this.broken = { id: link.id, reason: 'prevDigest is not the digest of the anchor before it' };
    } else if (link.height !== expectedHeight) {
      this.broken = { id: link.id, reason: `height is ${link.height}, expected ${expectedHeight}` };
    } else if (link.contentHash === null) {
      this.broken = { id: link.id, reason: 'the anchor has no content hash' };
    } else if (anchorDigest({ ...link, height: link.height, contentHash: link.contentHash }) !== link.digest) {
      this.broken = { id: link.id, reason: 'digest does not match the anchor content' };
    }
    this.previous = link.digest;
  }

  get isBroken(): boolean {
    return this.broken !== null;
  }

  result(totalLength: number): ChainCheck {
    return {
      intact: this.broken === null,
      length: totalLength,
      brokenAt: this.broken?.id ?? null,
      reason: this.broken?.reason ?? null,
      headDigest: this.broken ? null : this.previous,
    };
  }
}
