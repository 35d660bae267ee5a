import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HashChainChecker, walkInPages, type HashChain } from '../../../server/domain/hash-chain.ts';

// A toy chain: each link hashes its value and the hash before it.
interface Link {
  position: number;
  value: string;
  previous: string | null;
  hash: string;
}

const hashOf = (value: string, previous: string | null) =>
  createHash('sha256').update(`${previous}:${value}`).digest('hex');

const toyChain: HashChain<Link> = {
  faultOf(link, { position, previousHash }) {
    if (link.previous !== previousHash) return 'names another link before it';
    if (link.position !== position) return `stands at ${link.position}, expected ${position}`;
    if (hashOf(link.value, link.previous) !== link.hash) return 'its hash does not match';
    return null;
  },
  hashOf: (link) => link.hash,
};

function chainOf(values: string[]): Link[] {
  const links: Link[] = [];
  for (const value of values) {
    const previous = links.at(-1)?.hash ?? null;
    links.push({ position: links.length + 1, value, previous, hash: hashOf(value, previous) });
  }
  return links;
}

const walk = (links: readonly Link[]) => {
  const checker = new HashChainChecker(toyChain);
  for (const link of links) checker.add(link);
  return checker.result();
};

describe('the walk of a hash chain', () => {
  it('an intact chain: its length and the last hash; an empty one: nothing', () => {
    const links = chainOf(['a', 'b', 'c']);
    expect(walk(links)).toEqual({ length: 3, headHash: links[2].hash, broken: null });
    expect(walk([])).toEqual({ length: 0, headHash: null, broken: null });
  });

  it('an edited link breaks there, and the walk stops: no head, later links not counted', () => {
    const links = chainOf(['a', 'b', 'c', 'd']);
    links[1] = { ...links[1], value: 'B' };
    expect(walk(links)).toEqual({
      length: 2,
      headHash: null,
      broken: { link: links[1], reason: 'its hash does not match' },
    });
  });

  it("a deleted link breaks the one after it, with the chain's first failing check", () => {
    const links = chainOf(['a', 'b', 'c']);
    const result = walk([links[0], links[2]]);
    expect(result.broken).toEqual({ link: links[2], reason: 'names another link before it' });
    expect(result.length).toBe(2);
  });

  it('gives each link its place counted from 1 and the stored hash of the link before, even a bad one', () => {
    const places: unknown[] = [];
    const checker = new HashChainChecker<Link>({
      faultOf: (_link, place) => (places.push(place), null),
      hashOf: toyChain.hashOf,
    });
    const links = chainOf(['a', 'b']);
    links[0] = { ...links[0], hash: 'stored' };
    for (const link of links) checker.add(link);
    expect(places).toEqual([
      { position: 1, previousHash: null },
      { position: 2, previousHash: 'stored' },
    ]);
  });

  it('in pages: reads after the last position of a full page, stops after a short page or at the first break', async () => {
    const links = chainOf(['a', 'b', 'c', 'd', 'e']);
    const reads: number[] = [];
    const readPage = (source: Link[]) => async (after: number) => {
      reads.push(after);
      return source.filter((link) => link.position > after).slice(0, 2);
    };
    expect(await walkInPages(toyChain, readPage(links), (link) => link.position, 2)).toEqual({
      length: 5,
      headHash: links[4].hash,
      broken: null,
    });
    expect(reads).toEqual([0, 2, 4]);

    reads.length = 0;
    const edited = links.map((link) => (link.value === 'a' ? { ...link, value: 'A' } : link));
    const result = await walkInPages(toyChain, readPage(edited), (link) => link.position, 2);
    expect(result.broken?.link.value).toBe('A');
    expect(reads).toEqual([0]);

    reads.length = 0;
    expect((await walkInPages(toyChain, readPage(links.slice(0, 4)), (link) => link.position, 2)).length).toBe(4);
    expect(reads).toEqual([0, 2, 4]);
  });
});
