import { describe, expect, it } from 'vitest';
import { keepIfSame, sameFields } from '../../src/domain/same-items.ts';

describe('keepIfSame', () => {
  const a = { id: 'a' };
  const b = { id: 'b' };

  it('keeps the previous array when the next holds the very same items in the same order', () => {
    const previous = [a, b];
    expect(keepIfSame(previous, [a, b])).toBe(previous);
    const empty: { id: string }[] = [];
    expect(keepIfSame(empty, [])).toBe(empty);
  });

  it('takes the next array when an item is another object, even an equal one, or the order or length differ', () => {
    const previous = [a, b];
    for (const next of [[a, { id: 'b' }], [b, a], [a], [a, b, a]]) expect(keepIfSame(previous, next)).toBe(next);
  });

  it('with sameFields, keeps the previous array when each item is another object with the very same values', () => {
    const previous = [a, b];
    expect(keepIfSame(previous, [{ id: 'a' }, { id: 'b' }], sameFields)).toBe(previous);
    const moved = [{ id: 'a' }, { id: 'b2' }];
    expect(keepIfSame(previous, moved, sameFields)).toBe(moved);
  });
});

describe('sameFields', () => {
  it('compares flat records key by key', () => {
    expect(sameFields({ id: 'a', latitude: 1, note: null }, { latitude: 1, id: 'a', note: null })).toBe(true);
    expect(sameFields({ id: 'a', latitude: 1 }, { id: 'a', latitude: 2 })).toBe(false);
    expect(sameFields<{ id: string; verified?: boolean }>({ id: 'a' }, { id: 'a', verified: false })).toBe(false);
    expect(
      sameFields<{ id: string; x?: number; y?: number }>({ id: 'a', x: undefined }, { id: 'a', y: undefined }),
    ).toBe(false);
    expect(sameFields({ at: Number.NaN }, { at: Number.NaN })).toBe(true);
  });
});
