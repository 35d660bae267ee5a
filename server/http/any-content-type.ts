import type { FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route reads a JSON body whatever its Content-Type. */
    anyContentType?: boolean;
  }
}

/**
 * Routes marked `anyContentType` (the panic routes) read a JSON body sent as text/plain or with no
 * Content-Type at all: a phone app or a page's sendBeacon that labels it wrongly must not lose a panic.
 * Every other route keeps answering 415.
 */
export function installAnyContentTypeJson(app: FastifyInstance): void {
  app.addContentTypeParser('*', { parseAs: 'string' }, (request, body, done) => {
    if (!request.routeOptions.config.anyContentType) {
      done(new HttpError(415, 'The request body must be JSON (Content-Type: application/json).'), undefined);
      return;
    }
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new HttpError(400, 'The request body is not valid JSON.'), undefined);
    }
  });
}
