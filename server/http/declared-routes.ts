// The routes the app's modules declare, read without a store, a socket or a data folder: what the dev proxy
// (vite.config.ts) forwards, so that it follows the route contracts instead of a list kept by hand.
import Fastify from 'fastify';
import { configFromEnv, type Config } from '../config.ts';
import type { AppContext } from '../context.ts';
import { ROUTE_MODULES } from '../routes/route-modules.ts';
import { installRouteContracts, type ServedRoute } from './route.ts';

/**
 * Route modules may read the settings while they declare their routes; anything else of the context (the
 * store, the hub) only in their handlers, which never run here.
 */
function settingsOnly(config: Config): AppContext {
  return new Proxy({} as AppContext, {
    get(_target, key) {
      if (key === 'config') return config;
      throw new Error(
        `A route module read ctx.${String(key)} while declaring its routes: only ctx.config exists then (server/http/declared-routes.ts).`,
      );
    },
  });
}

/** Every route of ROUTE_MODULES (method and URL, HEAD beside GET), as the app with default settings serves it. */
export async function declaredRoutes(): Promise<ServedRoute[]> {
  const app = Fastify({ logger: false });
  installRouteContracts(app);
  // A key given here keeps the DID routes from creating one in a data folder.
  const ctx = settingsOnly({ ...configFromEnv({}), didSigningKey: 'declared-routes-only-never-signs-anything' });
  try {
    for (const routes of ROUTE_MODULES) await routes(app, ctx);
    await app.ready();
    return app.routeTable;
  } finally {
    await app.close();
  }
}

/** `/geofences/:id/history` → `/geofences`: the paths a prefix match (the dev proxy) forwards. */
export const firstPathSegments = (routes: Pick<ServedRoute, 'url'>[]): string[] =>
  [...new Set(routes.map(({ url }) => `/${url.split('/')[1]}`))].sort();
