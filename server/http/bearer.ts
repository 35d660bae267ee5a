import type { FastifyRequest } from 'fastify';

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The token of an `Authorization: Bearer` header; another scheme (a proxy's Basic auth) is none. */
export const bearerTokenOf = (authorization: string | undefined): string | undefined =>
  authorization?.match(BEARER)?.[1];

/**
 * Whether the request is a phone's read of its own tourist's data: a route that allows it, called with a
 * device token or from a phone's page (server/http/page-origin.ts). Decided from the headers alone, before
 * the token is checked: CORS and the sign-in guard run first, and an invalid token is then refused by the
 * route, never answered as an operator's read.
 */
export const readsAsDevice = (request: FastifyRequest): boolean =>
  request.routeOptions.config.deviceReads === true &&
  (bearerTokenOf(request.headers.authorization) !== undefined || request.fromForeignPage === true);
