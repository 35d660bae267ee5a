// @fastify/rate-limit's budgets counted on the monotonic clock (issue 47.5). Its own LocalStore times each
// window with Date.now: with the wall clock stepped back an hour, a window ends an hour late, and a phone
// or dashboard that reached its budget is answered 429 with `Retry-After: 3660` (stepped forward, every
// window ends at once). The same fixed window per key, bounded the same way (the least recently counted key
// goes first past `cache` keys).
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { monotonicMs } from '../domain/server-clock.ts';

const DEFAULT_KEYS = 5000;

interface Window {
  count: number;
  startedAt: number;
}

export class MonotonicRateLimitStore implements FastifyRateLimitStore {
  private readonly windows = new Map<string, Window>();
  private readonly maxKeys: number;

  constructor(
    options: { cache?: number } = {},
    private readonly now: () => number = monotonicMs,
  ) {
    this.maxKeys = options.cache ?? DEFAULT_KEYS;
  }

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ) {
    const now = this.now();
    const found = this.windows.get(key);
    const window = found && now - found.startedAt < timeWindow ? found : { count: 0, startedAt: now };
    window.count += 1;
    this.windows.delete(key);
    this.windows.set(key, window);
    if (this.windows.size > this.maxKeys) this.windows.delete(this.windows.keys().next().value!);
    callback(null, { current: window.count, ttl: timeWindow - (now - window.startedAt) });
  }

  child(): FastifyRateLimitStore {
    return new MonotonicRateLimitStore({ cache: this.maxKeys }, this.now);
  }
}
