import { monotonicMs } from '../domain/server-clock.ts';

/** Failures allowed before attempts slow down. */
const FREE_FAILURES = 5;
const MAX_DELAY_MS = 15 * 60_000;
/** Failures older than this are forgotten. */
const MEMORY_MS = 60 * 60_000;
/** Bounded: an attacker cycling names or addresses cannot grow the table without end. */
const MAX_KEYS = 20_000;

interface Failures {
  count: number;
  lockedUntil: number;
  lastAt: number;
}

/**
 * Slows repeated failed sign-ins, per username and per address apart, so neither guessing one account's
 * password from many addresses nor many accounts from one address is cheap: after five failures, each
 * further one locks that key for twice as long as the last (1 s, 2 s, 4 s … up to 15 minutes).
 */
export class LoginThrottle {
  private readonly failures = new Map<string, Failures>();

  constructor(private readonly now: () => number = monotonicMs) {}

  /** Milliseconds until the next attempt for these keys may be judged; 0 when it may now. */
  waitMs(keys: string[]): number {
    const now = this.now();
    return Math.max(0, ...keys.map((key) => (this.current(key, now)?.lockedUntil ?? 0) - now));
  }

  recordFailure(keys: string[]): void {
    const now = this.now();
    for (const key of keys) {
      const entry = this.current(key, now) ?? { count: 0, lockedUntil: 0, lastAt: now };
      entry.count += 1;
      entry.lastAt = now;
      if (entry.count >= FREE_FAILURES)
        entry.lockedUntil = now + Math.min(MAX_DELAY_MS, 1000 * 2 ** (entry.count - FREE_FAILURES));
      this.failures.delete(key);
      this.failures.set(key, entry);
    }
    while (this.failures.size > MAX_KEYS) this.failures.delete(this.failures.keys().next().value!);
  }

  recordSuccess(keys: string[]): void {
    for (const key of keys) this.failures.delete(key);
  }

  private current(key: string, now: number): Failures | undefined {
    const entry = this.failures.get(key);
    if (entry && now - entry.lastAt > MEMORY_MS && now >= entry.lockedUntil) {
      this.failures.delete(key);
      return undefined;
    }
    return entry;
  }
}
