import cors, { type FastifyCorsOptions } from '@fastify/cors';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { readsAsDevice } from './bearer.ts';
import type { AnyRouteContract } from './route.ts';

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
const PHONE_CORS: FastifyCorsOptions = {
  ...SHARED,
  origin: '*',
  credentials: false,
  methods: ['GET', 'HEAD', 'POST'],
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

/**
 * Who may call a route across origins: `device` routes and `open` reads any origin; `own-data` (a phone's
 * read of its own alerts) any origin when it carries a device token; `operators` only the CORS_ORIGINS.
 */
type CorsClass = 'device' | 'open' | 'own-data' | 'operators';

function corsClassOf(contract: Pick<AnyRouteContract, 'access' | 'deviceReads'>): CorsClass {
  if (contract.access === 'device' || contract.access === 'open') return contract.access;
  return contract.deviceReads ? 'own-data' : 'operators';
}

/** `GET /regions` → its class, for every declared route (HEAD with its GET). */
function corsClasses(app: FastifyInstance): Map<string, CorsClass> {
  const classes = new Map<string, CorsClass>();
  for (const route of app.routeContracts) {
    classes.set(`${route.method} ${route.url}`, corsClassOf(route));
    if (route.method === 'GET') classes.set(`HEAD ${route.url}`, corsClassOf(route));
  }
  return classes;
}

const asksForAuthorization = (request: FastifyRequest) =>
  String(request.headers['access-control-request-headers'] ?? '')
    .toLowerCase()
    .split(',')
    .some((header) => header.trim() === 'authorization');

/** The class this request falls in: a phone's read of its own data without a device token is an operator's. */
function classOfRequest(request: FastifyRequest, classes: Map<string, CorsClass>): CorsClass {
  const preflightMethod = request.method === 'OPTIONS' ? request.headers['access-control-request-method'] : undefined;
  // A preflight is routed to the catch-all OPTIONS route: what it asks about is in its path and headers.
  if (typeof preflightMethod === 'string') {
    const asked = classes.get(`${preflightMethod.toUpperCase()} ${request.url.split('?')[0]}`) ?? 'operators';
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
  let classes = new Map<string, CorsClass>();
  app.addHook('onReady', async () => {
    classes = corsClasses(app);
  });
  await app.register(cors, {
    hook: 'onRequest',
    delegator: async (request: FastifyRequest) => {
      const requestClass = classOfRequest(request, classes);
      if (requestClass === 'device') return PHONE_CORS;
      const origin = request.headers.origin;
      if (origin && operatorOrigins.has(origin)) return operatorCors(origin);
      return requestClass === 'operators' ? NO_CORS : PHONE_CORS;
    },
  });
  // The event stream hijacks its reply and writes its own head, which would drop what fastify holds.
  app.addHook('onRequest', async (_request, reply) => {
    for (const [name, value] of Object.entries(reply.getHeaders())) {
      if (value !== undefined && (name.startsWith('access-control-') || name === 'vary')) reply.raw.setHeader(name, value);
    }
  });
}
