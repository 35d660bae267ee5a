// Which origins may call a route, and which methods and request headers a preflight allows: all read from the
// route contracts (server/http/route.ts), so a route declared with PUT or `If-Match` is callable across origins
// the day it is declared.
import type { AnyRouteContract } from './route.ts';

/**
 * Who may call a route across origins: `device` routes and `open` reads any origin; `own-data` (a phone's
 * read of its own alerts) any origin when it carries a device token; `operators` only the CORS_ORIGINS.
 */
export type CorsClass = 'device' | 'open' | 'own-data' | 'operators';

export function corsClassOf(contract: Pick<AnyRouteContract, 'access' | 'deviceReads'>): CorsClass {
  if (contract.access === 'device' || contract.access === 'open') return contract.access;
  return contract.deviceReads ? 'own-data' : 'operators';
}

/** What a preflight answers (the methods and request headers), and what the page may read of the answers. */
export interface CorsRules {
  methods: string[];
  allowedHeaders: string[];
  exposedHeaders: string[];
}

/** Read on every route: the body's type, and a phone's device token (server/http/device-identity.ts). */
const HEADERS_EVERY_ROUTE_READS = ['Content-Type', 'Authorization'];
/** Sent by any route: a page told 429 or 503 must be able to read when to retry. */
const HEADERS_EVERY_ROUTE_SENDS = ['Retry-After'];

function rulesOf(routes: AnyRouteContract[]): CorsRules {
  const methods = new Set<string>();
  const allowed = new Set(HEADERS_EVERY_ROUTE_READS);
  const exposed = new Set(HEADERS_EVERY_ROUTE_SENDS);
  for (const route of routes) {
    methods.add(route.method);
    if (route.method === 'GET') methods.add('HEAD');
    for (const header of route.requestHeaders ?? []) allowed.add(header);
    for (const header of route.responseHeaders ?? []) exposed.add(header);
  }
  return { methods: [...methods].sort(), allowedHeaders: [...allowed], exposedHeaders: [...exposed] };
}

interface ClassedRoute {
  method: string;
  path: RegExp;
  corsClass: CorsClass;
}

/** `/geofences/:id` → a pattern that `/geofences/zone-7` matches. */
const pathPattern = (url: string) =>
  new RegExp(
    `^${url
      .split('/')
      .map((part) =>
        part.startsWith(':') ? '[^/]+' : part === '*' ? '.*' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
      )
      .join('/')}$`,
  );

export interface CorsPolicy {
  /** The class of a route, by method and a path as requested (`PUT /geofences/zone-7`); undefined for an undeclared one. */
  classOf(method: string, path: string): CorsClass | undefined;
  /** What phones' pages (any origin) may send: the routes any origin may call. */
  phone: CorsRules;
  /** What the CORS_ORIGINS' pages may send: every route but the devices' (answered as to any origin). */
  operators: CorsRules;
}

export function corsPolicy(contracts: AnyRouteContract[]): CorsPolicy {
  // Paths without parameters first: `/geofences/import` is not `/geofences/:id`.
  const byLiteralness = [...contracts].sort((a, b) => Number(a.url.includes(':')) - Number(b.url.includes(':')));
  const classed: ClassedRoute[] = byLiteralness.flatMap((contract) => {
    const route = { path: pathPattern(contract.url), corsClass: corsClassOf(contract) };
    return contract.method === 'GET'
      ? [
          { ...route, method: 'GET' },
          { ...route, method: 'HEAD' },
        ]
      : [{ ...route, method: contract.method }];
  });
  return {
    classOf: (method, path) => classed.find((route) => route.method === method && route.path.test(path))?.corsClass,
    phone: rulesOf(contracts.filter((contract) => corsClassOf(contract) !== 'operators')),
    operators: rulesOf(contracts.filter((contract) => corsClassOf(contract) !== 'device')),
  };
}
