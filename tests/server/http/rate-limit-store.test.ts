// The rate limit's windows on the monotonic clock (server/http/rate-limit-store.ts): a window lasts its
// minute of monotonic time whatever the wall clock does, and the table stays bounded.
import { describe, expect, it } from 'vitest';
import { MonotonicRateLimitStore } from '../../../server/http/rate-limit-store.ts';

const MINUTE = 60_000;

function counted(store: MonotonicRateLimitStore, key: string): { current: number; ttl: number } {
  let answer: { current: number; ttl: number } | undefined;
  store.incr(
    key,
    (error, result) => {
      expect(error).toBeNull();
      answer = result;
    },
    MINUTE,
  );
  return answer!;
}

describe('the monotonic rate-limit store', () => {
  it('counts a key within its window and starts again a monotonic minute after the first request', () => {
    let now = 1_000;
    const store = new MonotonicRateLimitStore({}, () => now);
    expect(counted(store, 'a')).toEqual({ current: 1, ttl: MINUTE });
    now += 20_000;
    expect(counted(store, 'a')).toEqual({ current: 2, ttl: 40_000 });
    expect(counted(store, 'b')).toEqual({ current: 1, ttl: MINUTE });
    now += 40_000;
    expect(counted(store, 'a')).toEqual({ current: 1, ttl: MINUTE });
  });

  it('forgets the least recently counted key past its size, and a route child shares the clock', () => {
    let now = 0;
    const store = new MonotonicRateLimitStore({ cache: 2 }, () => now);
    counted(store, 'a');
    counted(store, 'b');
    counted(store, 'a');
    counted(store, 'c');
    expect(counted(store, 'a').current).toBe(3);
    expect(counted(store, 'b').current).toBe(1);
    const child = store.child() as MonotonicRateLimitStore;
    now += 1;
    expect(counted(child, 'x')).toEqual({ current: 1, ttl: MINUTE });
  });
});
