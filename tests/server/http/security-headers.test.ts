import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

/** The Content-Security-Policy header as directive → sources. */
function cspOf(headers: Headers): Record<string, string[]> {
  const header = headers.get('content-security-policy');
  if (!header) throw new Error('no Content-Security-Policy header');
  return Object.fromEntries(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectSecurityHeaders(headers: Headers): void {
  const csp = cspOf(headers);
  expect(csp['default-src']).toEqual(["'self'"]);
  expect(csp['script-src']).toEqual(["'self'"]);
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp).not.toHaveProperty('upgrade-insecure-requests');
  expect(headers.get('x-content-type-options')).toBe('nosniff');
  expect(headers.get('x-frame-options')).toBe('DENY');
  expect(headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
}

describe('security headers on every answer', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      mapStyleUrl: undefined,
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    });
  });
  afterAll(() => server.stop());

  it('a JSON answer: the policy, nosniff, no framing, and no-store', async () => {
    const answer = await call(server.url, 'GET', '/regions');
    expect(answer.status).toBe(200);
    expectSecurityHeaders(answer.headers);
    expect(answer.headers.get('cache-control')).toBe('no-store');
  });

  it('lets the map load its tiles from the configured tile host, its workers from blob:, and nothing else', async () => {
    const csp = cspOf((await call(server.url, 'GET', '/app-config.json')).headers);
    expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:', 'https://tile.openstreetmap.org']);
    expect(csp['connect-src']).toEqual(["'self'", 'https://tile.openstreetmap.org']);
    expect(csp['worker-src']).toEqual(["'self'", 'blob:']);
  });

  it('errors, a refused request and a created one carry them too, all no-store', async () => {
    const answers = [
      await call(server.url, 'GET', '/no-such-route'),
      await call(server.url, 'POST', '/gps/update', { latitude: 'north' }),
      await call(server.url, 'POST', '/panic-alert', { latitude: 25.57, longitude: 91.89 }),
    ];
    expect(answers.map((answer) => answer.status)).toEqual([404, 400, 201]);
    for (const answer of answers) {
      expectSecurityHeaders(answer.headers);
      expect(answer.headers.get('cache-control')).toBe('no-store');
    }
  });

  it('the CSV export is no-store', async () => {
    const answer = await call(server.url, 'GET', '/incidents/export?regionId=all&minutes=0');
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    expectSecurityHeaders(answer.headers);
  });

  it('the stream keeps its own Cache-Control and still gets the policy', async () => {
    const abort = new AbortController();
    const stream = await fetch(`${server.url}/panic-alerts/stream`, { signal: abort.signal });
    abort.abort();
    expect(stream.status).toBe(200);
    expect(stream.headers.get('cache-control')).toBe('no-cache, no-transform');
    expectSecurityHeaders(stream.headers);
  });
});

describe('the dashboard page and its basemap', () => {
  it('serves the page with the policy and keeps its own caching', async () => {
    const server = await startTestServer({ serveDashboard: true });
    try {
      const page = await fetch(`${server.url}/`);
      expect(page.headers.get('content-type')).toMatch(/^text\/html/);
      expect(page.headers.get('cache-control')).toBe('no-cache');
      expectSecurityHeaders(page.headers);
    } finally {
      await server.stop();
    }
  });

  it.each([
    [
      'a whole style names its host instead of the tile host',
      'https://tiles.example.org/styles/liberty',
      'https://tiles.example.org',
    ],
    ['a style given inline as a data: URL is readable', 'data:application/json,%7B%7D', 'data:'],
  ])('%s', async (_case, mapStyleUrl, source) => {
    const server = await startTestServer({ mapStyleUrl });
    try {
      const csp = cspOf((await call(server.url, 'GET', '/regions')).headers);
      expect(csp['connect-src']).toEqual(["'self'", source]);
      expect(csp['img-src']).not.toContain('https://tile.openstreetmap.org');
    } finally {
      await server.stop();
    }
  });
});
