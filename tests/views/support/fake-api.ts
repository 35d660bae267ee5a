// A stand-in backend at the fetch boundary: answers the dashboard's routes from in-memory data and
// records every call, so tests assert what the page asked for and what it shows.
import type { GpsPing, Incident } from '../../../src/api/entities.ts';
import type { IncidentStatus } from '../../../src/api/fields.ts';

type Json = Record<string, unknown>;
export type Answer = { status?: number; body: unknown } | (() => Promise<never>);

export function incident(overrides: Partial<Incident> & { id: string }): Incident {
  return {
    type: 'panic',
    severity: 'high',
    status: 'open',
    latitude: 26.1445,
    longitude: 91.7362,
    createdAt: '2025-01-02T03:04:05.000Z',
    acknowledgedAt: null,
    resolvedAt: null,
    regionId: 'default',
    touristId: 't-1',
    deviceId: null,
    meta: { source: 'test', riskLevel: 'red' },
    ...overrides,
  };
}

/** A tourist's ping with more decimals than the tables show, so their rounding can be checked. */
export function ping(touristId: string, latitude = 25.123456789): GpsPing {
  return { touristId, deviceId: `dev-${touristId}`, latitude, longitude: 91.987654321, at: '2025-01-02T03:04:05.000Z' };
}

export class FakeApi {
  incidents: Incident[] = [];
  data: Record<string, Json> = {
    '/geofences': { geofences: [] },
    '/safety-score': { score: 812 },
    '/safety-credit': { score: 745, components: { densityPenalty: 10 }, inputs: { total: 3 } },
    '/did/anchors': { anchors: [] },
    '/gps/last': { pings: [] },
    '/gps/history': { history: {} },
    '/regions': { regions: [{ id: 'default' }, { id: 'shillong' }, { id: 'guwahati' }, { id: 'bengaluru' }] },
    '/db-mode': { mode: 'pglite' },
    '/events': { events: [] },
    '/geofences#post': { geofence: {} },
    // Sign-in off, as the spec's open dashboard: the server's answer on loopback.
    '/auth/me': { user: { username: 'anonymous', role: 'admin' }, signInRequired: false },
    '/auth/settings': { signInRequired: false, sso: null },
  };
  /** Answers that replace the normal one for a path (e.g. an error). */
  overrides = new Map<string, Answer>();
  /** Answers that depend on the request (e.g. a page of the audit trail by its query), keyed like `data`. */
  routes = new Map<string, (query: URLSearchParams, body: unknown) => { status?: number; body: unknown }>();
  calls: { method: string; path: string; query: URLSearchParams; body: unknown }[] = [];
  /** While set, every route but the panics' answers as the server does while its store is away (issue 47). */
  storeAway: { retryAfterS: number } | undefined;

  setStatus(id: string, status: IncidentStatus) {
    this.incidents = this.incidents.map((i) => (i.id === id ? { ...i, status } : i));
  }

  callsTo(path: string, method = 'GET') {
    return this.calls.filter((c) => c.path === path && c.method === method);
  }

  readonly fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://dashboard.test');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    this.calls.push({ method, path: url.pathname, query: url.searchParams, body });
    const override = this.overrides.get(url.pathname) ?? this.overrides.get(`${url.pathname}#${method.toLowerCase()}`);
    if (typeof override === 'function') return override();
    if (override) return json(override.body, override.status ?? 200);
    if (this.storeAway && !PANIC_ROUTES.has(url.pathname))
      return json({ ok: false, error: STORE_AWAY_SENTENCE, store: 'unavailable' }, 503, {
        'retry-after': String(this.storeAway.retryAfterS),
      });
    if (url.pathname === '/incidents/filter' || url.pathname === '/incidents') {
      return json({ ok: true, incidents: this.incidents });
    }
    const key = method === 'POST' ? `${url.pathname}#post` : url.pathname;
    // `path#delete`, `path#put`: a route answering one method of a path; else POST as `path#post`, any other by path.
    const route = this.routes.get(`${url.pathname}#${method.toLowerCase()}`) ?? this.routes.get(key);
    if (route) {
      const routed = route(url.searchParams, body);
      return json(routed.body, routed.status ?? 200);
    }
    const answer = this.data[key];
    return answer ? json({ ok: true, ...answer }) : json({ ok: false, error: `no route ${key}` }, 404);
  };
}

export const STORE_AWAY_SENTENCE =
  'The store is unavailable; new panics are still being taken. Retry in a few seconds.';
const PANIC_ROUTES = new Set(['/panic-alert', '/api/panic']);

function json(body: unknown, status = 200, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}
