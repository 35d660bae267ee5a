import { cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { sameFields } from '../../src/domain/same-items.ts';
import { useSameItems } from '../../src/views/useSameItems.ts';

afterEach(cleanup);

describe('useSameItems', () => {
  it('returns the array it returned before while each render passes the same items in a new array', () => {
    const a = { id: 'a' };
    const b = { id: 'b' };
    const first = [a, b];
    const { result, rerender } = renderHook(({ items }: { items: { id: string }[] }) => useSameItems(items), {
      initialProps: { items: first },
    });
    expect(result.current).toBe(first);
    rerender({ items: [a, b] });
    expect(result.current).toBe(first);

    const changed = [a, { id: 'b' }];
    rerender({ items: changed });
    expect(result.current).toBe(changed);
    rerender({ items: [...changed] });
    expect(result.current).toBe(changed);
  });

  it('with sameFields, keeps it while the items are new objects with the same values', () => {
    const first = [{ id: 'a', status: 'open' }];
    const { result, rerender } = renderHook(
      ({ items }: { items: { id: string; status: string }[] }) => useSameItems(items, sameFields),
      {
        initialProps: { items: first },
      },
    );
    rerender({ items: [{ id: 'a', status: 'open' }] });
    expect(result.current).toBe(first);
    const acknowledged = [{ id: 'a', status: 'acknowledged' }];
    rerender({ items: acknowledged });
    expect(result.current).toBe(acknowledged);
  });
});
