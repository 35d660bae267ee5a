// The local hash chain of DID anchors. Pure: hashing, and what makes an anchor hold; storage lives in stores/did-anchors.ts.
import { createHash } from 'node:crypto';
import type { ChainWalk, HashChain } from '../domain/hash-chain.ts';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** What an anchor proves about an identity: a hash over hashes; the raw document never reaches us. */
export function anchorContentHash(content: {
  didId: string;
  kycType: string;
  kycHash: string;
  issuedAt: string;
}): string {
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
    JSON.stringify([
      'did-anchor-v1',
      link.height,
      link.prevDigest,
      link.id,
      link.didId,
      link.chain,
      link.status,
      link.createdAt,
      link.contentHash,
    ]),
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
 * The anchors' links, walked in storage order by `HashChainChecker`. A changed row fails its own digest, a
 * deleted row breaks the next one's prevDigest, a row moved out of order breaks height or prevDigest where it lands.
 */
export const anchorChain: HashChain<StoredLink> = {
  faultOf(link, { position, previousHash }) {
    if (link.prevDigest !== previousHash) return 'prevDigest is not the digest of the anchor before it';
    if (link.height !== position) return `height is ${link.height}, expected ${position}`;
    if (link.contentHash === null) return 'the anchor has no content hash';
    if (anchorDigest({ ...link, height: link.height, contentHash: link.contentHash }) !== link.digest)
      return 'digest does not match the anchor content';
    return null;
  },
  hashOf: (link) => link.digest,
};

/** The answer of GET /did/chain: the walk, with the length of the whole chain however far the walk got. */
export function chainCheckOf(walk: ChainWalk<StoredLink>, totalLength: number): ChainCheck {
  return {
    intact: walk.broken === null,
    length: totalLength,
    brokenAt: walk.broken?.link.id ?? null,
    reason: walk.broken?.reason ?? null,
    headDigest: walk.headHash,
  };
}
