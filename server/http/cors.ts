import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readsAsDevice } from './bearer.ts';
import { corsClassOf, corsPolicy, type CorsClass, type CorsPolicy } from './cors-policy.ts';

export interface CorsSettings {
  /** Origins whose pages may call the operator routes and the stream, with credentials (CORS_ORIGINS). */
  corsOrigins: string[];
}

/** Chromium caches a preflight for at most two hours; a phone then asks once, not before every GPS ping. */
const PREFLIGHT_MAX_AGE_SECONDS = 7200;

const SHARED: FastifyCorsOptions = {
  maxAge: PREFLIGHT_MAX_AGE_SECONDS,
  // A bare OPTIONS is answered like a preflight instead of with a plain-text 400.
  strictPreflight: false,
};

/** Phones' web apps live on other origins and hold no operator session: any origin, never credentials. */
const phoneCors = (policy: CorsPolicy): FastifyCorsOptions => ({
  ...SHARED,
  origin: '*',
  credentials: false,
  ...policy.phone,
});

const operatorCors = (policy: CorsPolicy, origin: string): FastifyCorsOptions => ({
  ...SHARED,
  origin,
  credentials: true,
  ...policy.operators,
});

const NO_CORS: FastifyCorsOptions = { origin: false };

const asksForAuthorization = (request: FastifyRequest) =>
  String(request.headers['access-control-request-headers'] ?? '')
    .toLowerCase()
    .split(',')
    .some((header) => header.trim() === 'authorization');

/** The class this request falls in: a phone's read of its own data without a device token is an operator's. */
function classOfRequest(request: FastifyRequest, policy: CorsPolicy): CorsClass {
  const preflightMethod = request.method === 'OPTIONS' ? request.headers['access-control-request-method'] : undefined;
  // A preflight is routed to the catch-all OPTIONS route: what it asks about is in its path and headers.
  if (typeof preflightMethod === 'string') {
    const asked = policy.classOf(preflightMethod.toUpperCase(), request.url.split('?')[0]) ?? 'operators';
    return asked === 'own-data' && !asksForAuthorization(request) ? 'operators' : asked;
  }
  const { access, deviceReads } = request.routeOptions.config;
  const routeClass = corsClassOf({ access, deviceReads });
  return routeClass === 'own-data' && !readsAsDevice(request) ? 'operators' : routeClass;
}

/**
 * CORS per route: device and open routes, and a phone's read of its own alerts with its device token,
 * answer any origin without credentials; operator routes and the stream answer only the CORS_ORIGINS,
 * echoing the origin, with credentials (so do open routes, for those origins: a dashboard there sends its
 * cookie, which a `*` answer would make the browser refuse). A preflight is answered in the onRequest hook,
 * before the rate limit: asking whether it may send a panic never costs a phone its budget.
 */
export async function installCors(app: FastifyInstance, settings: CorsSettings): Promise<void> {
  const operatorOrigins = new Set(settings.corsOrigins);
  let policy = corsPolicy([]);
  app.addHook('onReady', async () => {
    policy = corsPolicy(app.routeContracts);
  });
  await app.register(cors, {
    hook: 'onRequest',
    delegator: async (request: FastifyRequest) => {
      const requestClass = classOfRequest(request, policy);
      if (requestClass === 'device') return phoneCors(policy);
      const origin = request.headers.origin;
      if (origin && operatorOrigins.has(origin)) return operatorCors(policy, origin);
      return requestClass === 'operators' ? NO_CORS : phoneCors(policy);
    },
  });
  // The event stream hijacks its reply and writes its own head, which would drop what fastify holds.
  app.addHook('onRequest', async (_request, reply) => {
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined && (name.startsWith('access-control-') || name === 'vary'))
        reply.raw.setHeader(name, value);
    }
  });
}
