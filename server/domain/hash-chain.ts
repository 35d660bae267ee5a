// The walk of a hash chain, once for each chain the server keeps (the audit trail, the DID anchors): each
// link carries the hash of the link before it, and the first link that does not hold ends the walk.
// What a link's hash covers, and what else a link must satisfy, is each chain's own (`HashChain`).

/** Where a link should stand: its place counted from 1, and the hash it must name as the one before. */
export interface LinkPlace {
  position: number;
  previousHash: string | null;
}

export interface HashChain<L> {
  /** Why the link does not hold at `place`, or null. The chain chooses the checks and their order. */
  faultOf(link: L, place: LinkPlace): string | null;
  /** The link's stored hash, which the next link must name. */
  hashOf(link: L): string;
}

export interface ChainWalk<L> {
  /** Links walked, the broken one included. */
  length: number;
  /** The last link's hash; null for an empty or broken chain. */
  headHash: string | null;
  broken: { link: L; reason: string } | null;
}

/** Takes links in chain order; a link after the first break is not looked at. */
export class HashChainChecker<L> {
  private length = 0;
  private previousHash: string | null = null;
  private broken: ChainWalk<L>['broken'] = null;

  constructor(private readonly chain: HashChain<L>) {}

  add(link: L): void {
    if (this.broken) return;
    this.length += 1;
    const reason = this.chain.faultOf(link, { position: this.length, previousHash: this.previousHash });
    if (reason !== null) this.broken = { link, reason };
    this.previousHash = this.chain.hashOf(link);
  }

  get isBroken(): boolean {
    return this.broken !== null;
  }

  result(): ChainWalk<L> {
    return { length: this.length, headHash: this.broken ? null : this.previousHash, broken: this.broken };
  }
}

/**
 * Walks a stored chain page by page: `readPage(after)` answers up to `pageSize` links in chain order whose
 * `positionOf` is beyond `after` (0 for the first page). Stops after a short page or at the first break.
 */
export async function walkInPages<L>(
  chain: HashChain<L>,
  readPage: (after: number) => Promise<readonly L[]>,
  positionOf: (link: L) => number,
  pageSize: number,
): Promise<ChainWalk<L>> {
  const checker = new HashChainChecker(chain);
  let after = 0;
  for (;;) {
    const links = await readPage(after);
    for (const link of links) checker.add(link);
    if (links.length < pageSize || checker.isBroken) return checker.result();
    after = positionOf(links[links.length - 1]);
  }
}
