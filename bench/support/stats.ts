/** The q-quantile (0..1) of `values` by the nearest-rank method; NaN when empty. */
export function percentile(values: ArrayLike<number>, q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

/** Milliseconds on the machine's monotonic clock, comparable between processes (CLOCK_MONOTONIC). */
export function monotonicMs(): number {
  return Number(process.hrtime.bigint()) / 1e6;
}

export function round(value: number | null, digits = 1): number | null {
  if (value === null || !Number.isFinite(value)) return null;
  const scale = 10 ** digits;
  return Math.round(value * scale) / scale;
}

/** measured / floor, or null when either is missing. */
export function ratioOf(measured: number | null, floor: number | null): number | null {
  if (measured === null || floor === null || floor === 0) return null;
  return round(measured / floor, 2);
}

export async function sleep(ms: number): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, ms));
}

export async function until(check: () => boolean, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await sleep(5);
  }
}
