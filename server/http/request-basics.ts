// What every request meets before a route, whichever app answers it (the start window or the whole server):
// JSON whatever the content type, the route contracts, the error answers, the security headers, the Host check
// and, knowing which page sent it, CORS, in this order.
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { installAnyContentTypeJson } from './any-content-type.ts';
import { installCors } from './cors.ts';
import { installErrorHandling } from './errors.ts';
import { installHostCheck } from './host-check.ts';
import { installPageOrigin } from './page-origin.ts';
import { installRouteContracts } from './route.ts';
import { installSecurityHeaders } from './security-headers.ts';

export async function installRequestBasics(app: FastifyInstance, config: Config): Promise<void> {
  app.removeContentTypeParser('text/plain');
  installAnyContentTypeJson(app);
  installRouteContracts(app);
  installErrorHandling(app);
  await installSecurityHeaders(app, config);
  installHostCheck(app, config);
  installPageOrigin(app, config);
  await installCors(app, config);
}
