import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { configFromEnv } from '../../../server/config.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

/** The routes the reference phone app and the bands call, from a page on another origin. */
const DEVICE_ROUTES = [
  '/panic-alert',
  '/gps/update',
  '/gps/batch',
  '/soft-alert',
  '/tourists/register',
  '/devices/pair',
  '/did/issue',
  '/did/verify',
  '/events',
  '/events/ble',
  '/sync/offline',
  '/api/panic',
];
/** What the phone app reads across origins (issue 30): no personal data in them. */
const PHONE_READS = ['/regions', '/geofences', '/safety-score', '/safety-credit'];
const PHONE_ORIGIN = 'https://phone.example';
const OPERATOR_ORIGIN = 'https://ops.example';

function preflight(server: TestServer, path: string, method: string, origin: string, requestHeaders = 'content-type') {
  return fetch(server.url + path, {
    method: 'OPTIONS',
    headers: {
      Origin: origin,
      'Access-Control-Request-Method': method,
      'Access-Control-Request-Headers': requestHeaders,
    },
  });
}

const listOf = (header: string | null) => (header ?? '').split(',').map((entry) => entry.trim().toLowerCase());

/** Every declared route that is neither a device route nor a phone's read, as `[method, path]`. */
function operatorRoutes(server: TestServer): [string, string][] {
  return server.app.routeContracts
    .filter((route) => !(route.method === 'POST' && DEVICE_ROUTES.includes(route.url)))
    .filter((route) => !(route.method === 'GET' && PHONE_READS.includes(route.url)))
    .map((route) => [route.method, route.url]);
}

describe('CORS for the phones: device routes answer any origin, without credentials', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ corsOrigins: [OPERATOR_ORIGIN] });
  });
  afterAll(() => server.stop());

  it.each(DEVICE_ROUTES)('answers a preflight for POST %s from any origin', async (path) => {
    const answer = await preflight(server, path, 'POST', PHONE_ORIGIN, 'content-type,authorization,idempotency-key');
    expect(answer.status).toBe(204);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
    expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
    expect(listOf(answer.headers.get('access-control-allow-methods'))).toContain('post');
    expect(listOf(answer.headers.get('access-control-allow-headers'))).toEqual(
      expect.arrayContaining(['content-type', 'authorization', 'idempotency-key']),
    );
  });

  it("delivers a phone page's panic with Access-Control-Allow-Origin: *, even from an operator origin", async () => {
    for (const origin of [PHONE_ORIGIN, OPERATOR_ORIGIN]) {
      const answer = await call(
        server.url,
        'POST',
        '/panic-alert',
        { latitude: 25.57, longitude: 91.89 },
        { Origin: origin, 'Idempotency-Key': `cors-${origin}` },
      );
      expect(answer.status).toBe(201);
      expect(answer.headers.get('access-control-allow-origin')).toBe('*');
      expect(answer.headers.get('access-control-allow-credentials')).toBeNull();
      expect(listOf(answer.headers.get('access-control-expose-headers'))).toContain('retry-after');
    }
  });

  it("never counts a preflight against a phone's rate limit", async () => {
    const limited = await startTestServer({ rateLimitPerMinute: 1 });
    try {
      for (let i = 0; i < 5; i++)
        expect((await preflight(limited, '/gps/update', 'POST', PHONE_ORIGIN)).status).toBe(204);
      const ping = await call(
        limited.url,
        'POST',
        '/gps/update',
        { latitude: 25.57, longitude: 91.89 },
        { Origin: PHONE_ORIGIN },
      );
      expect(ping.status).toBe(201);
    } finally {
      await limited.stop();
    }
  });

  it('keeps CORS headers on a refused device request, so the page can read why', async () => {
    const answer = await call(server.url, 'POST', '/gps/update', { latitude: 'north' }, { Origin: PHONE_ORIGIN });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe("CORS for the phones' reads: regions, zones and scores answer any origin; their own alerts with a device token", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ corsOrigins: [OPERATOR_ORIGIN] });
  });
  afterAll(() => server.stop());

  it.each(PHONE_READS)(
    'answers a preflighted GET %s (with Authorization) and the read itself from any origin, without credentials',
    async (path) => {
      const asked = await preflight(server, path, 'GET', PHONE_ORIGIN, 'authorization');
      expect(asked.status).toBe(204);
      expect(asked.headers.get('access-control-allow-origin')).toBe('*');
      expect(listOf(asked.headers.get('access-control-allow-headers'))).toContain('authorization');
      expect(listOf(asked.headers.get('access-control-allow-methods'))).toContain('get');
      const read = await call(server.url, 'GET', path, undefined, { Origin: PHONE_ORIGIN });
      expect(read.status).toBe(200);
      expect(read.headers.get('access-control-allow-origin')).toBe('*');
      expect(read.headers.get('access-control-allow-credentials')).toBeNull();
    },
  );

  it('answers a listed operator origin on those reads with its origin and credentials, so a dashboard there can send its cookie', async () => {
    const read = await call(server.url, 'GET', '/regions', undefined, { Origin: OPERATOR_ORIGIN });
    expect(read.headers.get('access-control-allow-origin')).toBe(OPERATOR_ORIGIN);
    expect(read.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it("answers GET /panic-alerts across origins as a phone's read: the preflight that asks for Authorization, the read that carries one, and one without (none of anyone's alerts)", async () => {
    const withToken = await preflight(server, '/panic-alerts', 'GET', PHONE_ORIGIN, 'authorization');
    expect(withToken.status).toBe(204);
    expect(withToken.headers.get('access-control-allow-origin')).toBe('*');
    const issued = await call(server.url, 'POST', '/did/issue', { kycType: 'passport', kycHash: 'c'.repeat(64) });
    const read = await call(server.url, 'GET', '/panic-alerts', undefined, {
      Origin: PHONE_ORIGIN,
      Authorization: `Bearer ${issued.body.didToken}`,
    });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBe('*');
    await call(server.url, 'POST', '/panic-alert', {
      latitude: 25.5788,
      longitude: 91.8933,
      touristId: 'someone-else',
    });
    // The reference phone app's "online" check before it holds a Digital ID (issue 46).
    const anonymous = await call(server.url, 'GET', '/panic-alerts', undefined, { Origin: PHONE_ORIGIN });
    expect(anonymous.status).toBe(200);
    expect(anonymous.headers.get('access-control-allow-origin')).toBe('*');
    expect(anonymous.body.alerts).toEqual([]);
    expect(
      (await call(server.url, 'GET', '/panic-alerts')).body.alerts.map(
        (alert: { touristId: string }) => alert.touristId,
      ),
    ).toContain('someone-else');
  });
});

describe('CORS for the operators: only CORS_ORIGINS, with credentials', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ corsOrigins: [OPERATOR_ORIGIN] });
  });
  afterAll(() => server.stop());

  it('answers a listed origin with its own origin, credentials and Vary: Origin', async () => {
    const asked = await preflight(server, '/incidents/acknowledge', 'POST', OPERATOR_ORIGIN);
    expect(asked.status).toBe(204);
    expect(asked.headers.get('access-control-allow-origin')).toBe(OPERATOR_ORIGIN);
    expect(asked.headers.get('access-control-allow-credentials')).toBe('true');
    const read = await call(server.url, 'GET', '/incidents', undefined, { Origin: OPERATOR_ORIGIN });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBe(OPERATOR_ORIGIN);
    expect(read.headers.get('access-control-allow-credentials')).toBe('true');
    expect(listOf(read.headers.get('vary'))).toContain('origin');
  });

  it('gives the stream the same headers, though it writes its own head', async () => {
    const abort = new AbortController();
    const stream = await fetch(`${server.url}/panic-alerts/stream`, {
      headers: { Origin: OPERATOR_ORIGIN },
      signal: abort.signal,
    });
    abort.abort();
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(stream.headers.get('access-control-allow-origin')).toBe(OPERATOR_ORIGIN);
    expect(stream.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('tells an origin not listed nothing, on every operator route and the stream', async () => {
    const routes = operatorRoutes(server);
    expect(routes).toContainEqual(['POST', '/incidents/resolve']);
    expect(routes).toContainEqual(['GET', '/events']);
    for (const [method, path] of routes) {
      const asked = await preflight(server, path, method, PHONE_ORIGIN);
      expect([method, path, asked.headers.get('access-control-allow-origin')]).toEqual([method, path, null]);
      expect(asked.headers.get('access-control-allow-credentials')).toBeNull();
    }
    const read = await call(server.url, 'GET', '/incidents', undefined, { Origin: PHONE_ORIGIN });
    expect(read.status).toBe(200);
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    expect(listOf(read.headers.get('vary'))).toContain('origin');
  });
});

describe('CORS for the operators: every method and request header the routes declare', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ corsOrigins: [OPERATOR_ORIGIN] });
  });
  afterAll(() => server.stop());

  /** What a page on OPERATOR_ORIGIN asks before it sends `method path` with `headers`, and what it is told. */
  async function preflightAllows(method: string, path: string, headers: string[]) {
    const asked = await preflight(
      server,
      path,
      method,
      OPERATOR_ORIGIN,
      ['content-type', ...headers].join(',').toLowerCase(),
    );
    return {
      status: asked.status,
      origin: asked.headers.get('access-control-allow-origin'),
      method: listOf(asked.headers.get('access-control-allow-methods')).includes(method.toLowerCase()),
      headers: headers.every((header) =>
        listOf(asked.headers.get('access-control-allow-headers')).includes(header.toLowerCase()),
      ),
    };
  }

  it('answers the preflight of every declared operator route with its method and the headers it reads', async () => {
    const routes = server.app.routeContracts.filter((route) => route.access !== 'device');
    expect(routes.map((route) => route.method)).toEqual(
      expect.arrayContaining(['GET', 'POST', 'PUT', 'PATCH', 'DELETE']),
    );
    for (const route of routes) {
      const path = route.url.replace(/:\w+/g, 'some-id');
      expect([route.method, path, await preflightAllows(route.method, path, route.requestHeaders ?? [])]).toEqual([
        route.method,
        path,
        { status: 204, origin: OPERATOR_ORIGIN, method: true, headers: true },
      ]);
    }
  });

  it('lets a page there replace and then delete a zone with If-Match', async () => {
    const polygon = [
      [25.57, 91.88],
      [25.58, 91.88],
      [25.58, 91.89],
      [25.57, 91.89],
    ];
    const zone = { id: 'gf-cors', name: 'Police Bazar', riskLevel: 'red', regionId: 'default', polygon };
    expect((await call(server.url, 'POST', '/geofences', zone, { Origin: OPERATOR_ORIGIN })).status).toBe(201);

    expect(await preflightAllows('PUT', '/geofences/gf-cors', ['If-Match'])).toEqual({
      status: 204,
      origin: OPERATOR_ORIGIN,
      method: true,
      headers: true,
    });
    const replaced = await call(
      server.url,
      'PUT',
      '/geofences/gf-cors',
      { ...zone, riskLevel: 'yellow' },
      { Origin: OPERATOR_ORIGIN, 'If-Match': '"1"' },
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body.geofence).toMatchObject({ id: 'gf-cors', riskLevel: 'yellow', version: 2 });
    expect(replaced.headers.get('access-control-allow-origin')).toBe(OPERATOR_ORIGIN);
    expect(replaced.headers.get('access-control-allow-credentials')).toBe('true');
    // The version the next write names, readable by that page.
    expect(replaced.headers.get('etag')).toBe('"2"');
    expect(listOf(replaced.headers.get('access-control-expose-headers'))).toEqual(
      expect.arrayContaining(['etag', 'retry-after']),
    );

    expect(await preflightAllows('DELETE', '/geofences/gf-cors', ['If-Match'])).toEqual({
      status: 204,
      origin: OPERATOR_ORIGIN,
      method: true,
      headers: true,
    });
    const deleted = await call(server.url, 'DELETE', '/geofences/gf-cors', undefined, {
      Origin: OPERATOR_ORIGIN,
      'If-Match': replaced.headers.get('etag')!,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.headers.get('access-control-allow-origin')).toBe(OPERATOR_ORIGIN);
    const zones = await call(server.url, 'GET', '/geofences', undefined, { Origin: OPERATOR_ORIGIN });
    expect(zones.body.geofences.map((listed: { id: string }) => listed.id)).not.toContain('gf-cors');
  });

  it('lets a page there delete a webhook', async () => {
    const created = await call(
      server.url,
      'POST',
      '/webhooks',
      { name: 'SMS gateway', url: 'https://sms.example/hook', events: ['panic.created'] },
      { Origin: OPERATOR_ORIGIN },
    );
    expect(created.status).toBe(201);
    const path = `/webhooks/${created.body.webhook.id}`;
    expect(await preflightAllows('DELETE', path, [])).toEqual({
      status: 204,
      origin: OPERATOR_ORIGIN,
      method: true,
      headers: true,
    });
    const deleted = await call(server.url, 'DELETE', path, undefined, { Origin: OPERATOR_ORIGIN });
    expect(deleted.status).toBe(200);
    expect(deleted.headers.get('access-control-allow-origin')).toBe(OPERATOR_ORIGIN);
    const listed = await call(server.url, 'GET', '/webhooks', undefined, { Origin: OPERATOR_ORIGIN });
    expect(listed.body.webhooks).toEqual([]);
  });

  it('tells an origin not listed nothing about the zone and webhook writes', async () => {
    for (const [method, path] of [
      ['PUT', '/geofences/gf-cors'],
      ['DELETE', '/geofences/gf-cors'],
      ['DELETE', '/webhooks/some-id'],
    ]) {
      const asked = await preflight(server, path, method, PHONE_ORIGIN, 'if-match');
      expect([method, path, asked.headers.get('access-control-allow-origin')]).toEqual([method, path, null]);
    }
  });
});

describe('CORS_ORIGINS', () => {
  it('answers no origin on operator routes when unset', async () => {
    const server = await startTestServer({ corsOrigins: configFromEnv({}).corsOrigins });
    try {
      const asked = await preflight(server, '/incidents/acknowledge', 'POST', OPERATOR_ORIGIN);
      expect(asked.headers.get('access-control-allow-origin')).toBeNull();
      expect(
        (await preflight(server, '/panic-alert', 'POST', OPERATOR_ORIGIN)).headers.get('access-control-allow-origin'),
      ).toBe('*');
    } finally {
      await server.stop();
    }
  });

  it('reads a comma-separated list of origins and refuses anything else', () => {
    expect(configFromEnv({ CORS_ORIGINS: ' https://Ops.example/ ,http://localhost:5173' }).corsOrigins).toEqual([
      'https://ops.example',
      'http://localhost:5173',
    ]);
    for (const wrong of ['*', 'ops.example', 'https://ops.example/dashboard', 'null']) {
      expect(() => configFromEnv({ CORS_ORIGINS: wrong })).toThrow(/CORS_ORIGINS must list web origins/);
    }
  });
});
