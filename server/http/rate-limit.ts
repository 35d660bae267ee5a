import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

const WINDOW_MS = 60_000;

/**
 * A panic is never refused for rate: many phones can share one carrier-NAT address, and a late panic
 * alert is the worst failure this product can have. Idempotency keys already absorb retries.
 */
export const NEVER_LIMITED = new Set(['POST /panic-alert', 'POST /api/panic']);

export interface RateLimits {
  /** POSTs (ingest, writes) a client IP may make per minute; 0 = no limit. */
  rateLimitPerMinute: number;
  /** GETs a client IP may make per minute (a stream connection counts as one); 0 = no limit. */
  readRateLimitPerMinute: number;
}

type RequestKind = 'read' | 'write';

const kindOf = (request: FastifyRequest): RequestKind => (request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write');

/**
 * Limits each client IP per minute, reads and writes counted apart so a dashboard's polling never uses up
 * a phone's ingest budget behind the same address. 429 answers keep the API's `{ok:false, error}` shape.
 */
export async function installRateLimit(app: FastifyInstance, limits: RateLimits): Promise<void> {
  const perMinute: Record<RequestKind, number> = { read: limits.readRateLimitPerMinute, write: limits.rateLimitPerMinute };
  if (perMinute.read <= 0 && perMinute.write <= 0) return;
  await app.register(rateLimit, {
    timeWindow: WINDOW_MS,
    // IPv6 clients are counted per /64, as the plugin does by default.
    keyGenerator: (request) => `${kindOf(request)} ${normalizeIP(request.ip, 64)}`,
    max: (request) => perMinute[kindOf(request)],
    allowList: (request) =>
      perMinute[kindOf(request)] <= 0 || NEVER_LIMITED.has(`${request.method} ${request.routeOptions.url}`),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new HttpError(429, `Too many requests; retry in ${seconds} seconds.`, undefined, { 'Retry-After': String(seconds) });
    },
  });
}
