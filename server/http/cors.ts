import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';

export interface CorsSettings {
  /** Origins whose pages may call the operator routes and the stream, with credentials (CORS_ORIGINS). */
  corsOrigins: string[];
}

/** Chromium caches a preflight for at most two hours; a phone then asks once, not before every GPS ping. */
const PREFLIGHT_MAX_AGE_SECONDS = 7200;

const SHARED: FastifyCorsOptions = {
  maxAge: PREFLIGHT_MAX_AGE_SECONDS,
  // A page told 429 must be able to read when to retry.
  exposedHeaders: ['Retry-After'],
  // A bare OPTIONS is answered like a preflight instead of with a plain-text 400.
  strictPreflight: false,
};

/** Phones' web apps live on other origins and hold no operator session: any origin, never credentials. */
const DEVICE_CORS: FastifyCorsOptions = {
  ...SHARED,
  origin: '*',
  credentials: false,
  methods: ['POST'],
  allowedHeaders: ['Content-Type', 'Authorization', 'Idempotency-Key'],
};

const operatorCors = (origin: string): FastifyCorsOptions => ({
  ...SHARED,
  origin,
  credentials: true,
  methods: ['GET', 'HEAD', 'POST', 'PATCH'],
  allowedHeaders: ['Content-Type', 'Authorization', 'Last-Event-ID'],
});

const NO_CORS: FastifyCorsOptions = { origin: false };

/** `POST /panic-alert` for every route whose contract says `access: 'device'`. */
function deviceRouteKeys(app: FastifyInstance): Set<string> {
  return new Set(app.routeContracts.filter((route) => route.access === 'device').map((route) => `${route.method} ${route.url}`));
}

function isDeviceRequest(request: FastifyRequest, deviceRoutes: Set<string>): boolean {
  const preflightMethod = request.method === 'OPTIONS' ? request.headers['access-control-request-method'] : undefined;
  // A preflight is routed to the catch-all OPTIONS route: what it asks about is in its path and headers.
  if (typeof preflightMethod === 'string') return deviceRoutes.has(`${preflightMethod.toUpperCase()} ${request.url.split('?')[0]}`);
  return request.routeOptions.config.access === 'device';
}

/**
 * CORS per route: device routes answer any origin without credentials; operator routes and the stream
 * answer only the CORS_ORIGINS, echoing the origin, with credentials. A preflight is answered in the
 * onRequest hook, before the rate limit: asking whether it may send a panic never costs a phone its budget.
 */
export async function installCors(app: FastifyInstance, settings: CorsSettings): Promise<void> {
  const operatorOrigins = new Set(settings.corsOrigins);
  let deviceRoutes = new Set<string>();
  app.addHook('onReady', async () => {
    deviceRoutes = deviceRouteKeys(app);
  });
  await app.register(cors, {
    hook: 'onRequest',
    delegator: async (request: FastifyRequest) => {
      if (isDeviceRequest(request, deviceRoutes)) return DEVICE_CORS;
      const origin = request.headers.origin;
      return origin && operatorOrigins.has(origin) ? operatorCors(origin) : NO_CORS;
    },
  });
  // The event stream hijacks its reply and writes its own head, which would drop what fastify holds.
  app.addHook('onRequest', async (_request, reply) => {
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined && (name.startsWith('access-control-') || name === 'vary')) reply.raw.setHeader(name, value);
    }
  });
}
