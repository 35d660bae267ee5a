import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readsAsDevice } from './bearer.ts';
import { HttpError } from './errors.ts';
import { MonotonicRateLimitStore } from './rate-limit-store.ts';

const WINDOW_MS = 60_000;

/**
 * A panic is never refused for rate: many phones can share one carrier-NAT address, and a late panic
 * alert is the worst failure this product can have. Idempotency keys already absorb retries.
 */
export const NEVER_LIMITED = new Set(['POST /panic-alert', 'POST /api/panic']);

export interface RateLimits {
  /** POSTs (ingest, writes) each budget (see budgetOf) may make per minute; 0 = no limit. */
  rateLimitPerMinute: number;
  /** GETs each budget may make per minute (a stream connection counts as one); 0 = no limit. */
  readRateLimitPerMinute: number;
}

type RequestKind = 'read' | 'write';

const kindOf = (request: FastifyRequest): RequestKind =>
  request.method === 'GET' || request.method === 'HEAD' ? 'read' : 'write';

/** IPv6 clients are counted per /64, as the plugin does by default. */
const addressOf = (request: FastifyRequest) => `address ${normalizeIP(request.ip, 64)}`;

/**
 * Whose budget a request spends. Phones and operators never share one: hundreds of phones behind one
 * carrier NAT must not make an operator's acknowledge answer 429. A signed-in operator has a budget per
 * account. A phone whose token names its tourist has its own; any other device call (no token, an invalid
 * one, one naming nobody) spends its address's device budget, so rotating tokens buys nothing. DID issue
 * is always counted per address: each token it mints would otherwise bring a fresh budget.
 */
function budgetOf(request: FastifyRequest): string {
  const kind = kindOf(request);
  if (request.operator) return `operator ${kind} user ${request.operator.username}`;
  const device = request.routeOptions.url === '/did/issue' ? undefined : request.device;
  if (device) return `device ${kind} did ${device.didId}`;
  const { access } = request.routeOptions.config;
  const bucket = access === 'device' || access === 'open' || readsAsDevice(request) ? 'device' : 'operator';
  return `${bucket} ${kind} ${addressOf(request)}`;
}

/**
 * Limits each budget (see budgetOf) per minute, reads and writes counted apart so a dashboard's polling
 * never uses up its ingest budget. 429 answers keep the API's `{ok:false, error}` shape.
 */
export async function installRateLimit(app: FastifyInstance, limits: RateLimits): Promise<void> {
  const perMinute: Record<RequestKind, number> = {
    read: limits.readRateLimitPerMinute,
    write: limits.rateLimitPerMinute,
  };
  if (perMinute.read <= 0 && perMinute.write <= 0) return;
  await app.register(rateLimit, {
    timeWindow: WINDOW_MS,
    store: MonotonicRateLimitStore,
    keyGenerator: budgetOf,
    max: (request) => perMinute[kindOf(request)],
    allowList: (request) =>
      perMinute[kindOf(request)] <= 0 || NEVER_LIMITED.has(`${request.method} ${request.routeOptions.url}`),
    errorResponseBuilder: (_request, context) => {
      const seconds = Math.max(1, Math.ceil(context.ttl / 1000));
      return new HttpError(429, `Too many requests; retry in ${seconds} seconds.`, undefined, {
        'Retry-After': String(seconds),
      });
    },
  });
}
