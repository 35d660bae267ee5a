// The dev proxy (vite.config.ts) follows the route contracts: every route the real app serves is forwarded.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfigFromFile } from 'vite';
import { declaredRoutes } from '../../../server/http/declared-routes.ts';
import { startTestServer, type TestServer } from '../../helpers/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

/** What the app serves, but the preflights' catch-all (`OPTIONS *`, @fastify/cors), which asks nothing of the route modules. */
const served = () => server.app.routeTable.filter(({ url }) => url !== '*');

/** `/geofences/:id` → `/geofences/some-id`: a path the dev server receives. */
const requestedPath = (url: string) => url.replace(/:\w+/g, 'some-id');

describe('the routes declared without a server', () => {
  it('are the routes the app serves', async () => {
    const named = (routes: { method: string; url: string }[]) =>
      routes.map(({ method, url }) => `${method} ${url}`).sort();
    expect(named(await declaredRoutes())).toEqual(named(served()));
  });
});

describe('the dev proxy in vite.config.ts', () => {
  it('forwards every path the app serves to the backend, and none of the dashboard', async () => {
    const loaded = await loadConfigFromFile(
      { command: 'serve', mode: 'development' },
      undefined,
      process.cwd(),
      'silent',
    );
    const proxied = Object.keys(loaded?.config.server?.proxy ?? {});
    expect(proxied).toContain('/webhooks');
    const unproxied = served()
      .map(({ url }) => requestedPath(url))
      .filter((path) => !proxied.some((prefix) => path.startsWith(prefix)));
    expect(unproxied).toEqual([]);
    for (const page of ['/', '/index.html', '/src/main.tsx', '/@vite/client', '/icon.svg'])
      expect(proxied.some((prefix) => page.startsWith(prefix))).toBe(false);
  });
});
