// Which kind of page sent a request, as far as a phone's read of its own data is concerned (issue 46): a page
// on a site that is neither this server nor one of CORS_ORIGINS is a phone's web app (or a stranger's page),
// never the control room's. Such a page without a device token yet (the reference app before it has a Digital
// ID: its "online" check) is answered like a phone that proved nobody: any origin, nothing of anyone's.
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    fromForeignPage?: boolean;
  }
}

/** `Origin: null` is a sandboxed or file:// page (a packaged phone app's web view): another site too. */
function isOwnOrigin(request: FastifyRequest, origin: string): boolean {
  try {
    return new URL(origin).host === request.host;
  } catch {
    return false;
  }
}

export function installPageOrigin(app: FastifyInstance, settings: { corsOrigins: string[] }): void {
  const operatorOrigins = new Set(settings.corsOrigins);
  app.addHook('onRequest', async (request) => {
    const origin = request.headers.origin;
    request.fromForeignPage =
      typeof origin === 'string' && !operatorOrigins.has(origin) && !isOwnOrigin(request, origin);
  });
}
