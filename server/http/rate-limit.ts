import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

const WINDOW_MS = 60_000;

/**
 * Fixed one-minute windows per client IP. Only the current window's counts are kept, so memory is
 * bounded by the clients seen in one minute.
 */
export class FixedWindowLimiter {
  private window = -1;
  private counts = new Map<string, number>();

  constructor(private readonly perWindow: number) {}

  /** Counts one request; answers how many seconds to wait when it is over the limit. */
  take(client: string, now = Date.now()): { allowed: true } | { allowed: false; retryAfterSeconds: number } {
    const window = Math.floor(now / WINDOW_MS);
    if (window !== this.window) {
      this.window = window;
      this.counts = new Map();
    }
    const count = (this.counts.get(client) ?? 0) + 1;
    this.counts.set(client, count);
    if (count <= this.perWindow) return { allowed: true };
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(((window + 1) * WINDOW_MS - now) / 1000)) };
  }
}

/**
 * A panic is never refused for rate: many phones can share one carrier-NAT address, and a late panic
 * alert is the worst failure this product can have. Idempotency keys already absorb retries.
 */
const NEVER_LIMITED = new Set(['/panic-alert']);

/** Limits POST requests (ingest, writes) per client IP; 0 turns it off. Reads, the stream and panics are never limited. */
export function installRateLimit(app: FastifyInstance, perMinute: number): void {
  if (perMinute <= 0) return;
  const limiter = new FixedWindowLimiter(perMinute);
  app.addHook('onRequest', async (request) => {
    if (request.method !== 'POST' || NEVER_LIMITED.has(request.url.split('?')[0])) return;
    const verdict = limiter.take(request.ip);
    if (!verdict.allowed) {
      throw new HttpError(429, `Too many requests; retry in ${verdict.retryAfterSeconds} seconds.`, undefined, {
        'Retry-After': String(verdict.retryAfterSeconds),
      });
    }
  });
}
