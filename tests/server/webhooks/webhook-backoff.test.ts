// The outgoing notifications' retry schedule (issue 34 point 5): with the defaults, failed deliveries are
// tried again for a day, then dead; the spread keeps every delay within ±20 % of the doubling schedule.
import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../../../server/config.ts';
import { nextAttemptAt, retryDelayMs, type RetryPolicy } from '../../../server/webhooks/backoff.ts';

const { retryBaseMs, retryCapMs, retryWindowMs, maxAttempts } = configFromEnv({}).webhooks;
const DEFAULTS: RetryPolicy = { baseMs: retryBaseMs, capMs: retryCapMs, windowMs: retryWindowMs, maxAttempts };
const MINUTE = 60_000;

/** Every attempt's time (minutes after the event) until the delivery is dead, for one `random`. */
function schedule(policy: RetryPolicy, random: () => number): number[] {
  const times = [0];
  for (;;) {
    const next = nextAttemptAt(policy, times.length, 0, times.at(-1)! * MINUTE, random);
    if (next === null) return times;
    times.push(next / MINUTE);
  }
}

describe('the default retry schedule', () => {
  it('doubles from a minute up to three hours and stops a day after the event', () => {
    expect(schedule(DEFAULTS, () => 0.5)).toEqual([0, 1, 3, 7, 15, 31, 63, 127, 255, 435, 615, 795, 975, 1155, 1335]);
  });

  it('spreads each delay by at most ±20 % and never tries beyond 24 hours', () => {
    for (const random of [() => 0, () => 0.999, Math.random]) {
      const times = schedule(DEFAULTS, random);
      expect(times.at(-1)!).toBeLessThanOrEqual(24 * 60);
      expect(times.length).toBeGreaterThanOrEqual(13);
    }
    expect(retryDelayMs(DEFAULTS, 1, () => 0)).toBe(0.8 * MINUTE);
    expect(retryDelayMs(DEFAULTS, 30, () => 0.999)).toBeLessThanOrEqual(1.2 * retryCapMs);
  });

  it('stops after maxAttempts when one is set', () => {
    expect(schedule({ ...DEFAULTS, maxAttempts: 3 }, () => 0.5)).toEqual([0, 1, 3]);
  });
});
