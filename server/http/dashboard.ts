import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const BUILDING_PAGE = `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="refresh" content="3">
<title>Panic Alerts Dashboard</title></head><body style="font-family:sans-serif;padding:2rem">
<h1>Panic Alerts Dashboard</h1><p>The dashboard is being built; this page reloads by itself. The API and the live stream are already up.</p>
</body></html>`;

/** Serves the built dashboard from dist/; until the first build is there, a page that reloads itself. */
export async function dashboardRoutes(app: FastifyInstance, distDir: string): Promise<void> {
  // On a first start dist/ is still being built (server/main.ts): its files are read per request, so they are
  // served once they are there, and the plugin's warning that the folder must exist says nothing true.
  await app.register(fastifyStatic, {
    root: distDir,
    index: false,
    wildcard: true,
    serve: true,
    cacheControl: false,
    suppressWarning: true,
  });
  app.get('/', async (_request, reply) => {
    const indexPath = join(distDir, 'index.html');
    reply.header('Cache-Control', 'no-cache');
    if (!existsSync(indexPath)) return reply.code(503).type('text/html').send(BUILDING_PAGE);
    return reply.type('text/html').send(readFileSync(indexPath));
  });
}
