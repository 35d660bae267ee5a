// When a failed delivery is tried again: attempt n waits base·2^(n−1), at most `capMs`, spread by ±20 %
// so receivers coming back from an outage are not hit by every sender at once. Retries stop (the delivery
// is dead) once the next one would fall beyond the retry window, or after `maxAttempts` when that is set.

export interface RetryPolicy {
  baseMs: number;
  capMs: number;
  /** Retries stop this long after the delivery was created (or sent again). */
  windowMs: number;
  /** 0: as many as the window holds. */
  maxAttempts: number;
}

export function retryDelayMs(policy: RetryPolicy, attemptsMade: number, random = Math.random): number {
  const exponential = Math.min(policy.capMs, policy.baseMs * 2 ** Math.max(0, attemptsMade - 1));
  return Math.round(exponential * (0.8 + 0.4 * random()));
}

/** The next attempt's time, or null when the delivery is dead. */
export function nextAttemptAt(
  policy: RetryPolicy,
  attemptsMade: number,
  windowStart: number,
  now: number,
  random = Math.random,
): number | null {
  if (policy.maxAttempts > 0 && attemptsMade >= policy.maxAttempts) return null;
  const next = now + retryDelayMs(policy, attemptsMade, random);
  return next > windowStart + policy.windowMs ? null : next;
}
