import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ErrorResponse } from '../../../src/api/responses.ts';
import type { ServedRoute } from '../../../server/http/route.ts';
import { answerMismatch, routeServing } from '../../helpers/response-contract.ts';
import { call, startTestServer } from '../../helpers/server.ts';

const Thing = z.object({ ok: z.literal(true), thing: z.object({ id: z.string(), size: z.number() }) });
const routes: ServedRoute[] = [
  { method: 'GET', url: '/things/:id', response: Thing, errorResponse: ErrorResponse },
  {
    method: 'GET',
    url: '/things/latest',
    response: z.object({ ok: z.literal(true), latest: z.string() }),
    errorResponse: ErrorResponse,
  },
  { method: 'GET', url: '/things.csv', errorResponse: ErrorResponse },
];
const json = 'application/json; charset=utf-8';

describe('answerMismatch', () => {
  it('passes an answer that matches its route, path parameters and query string included', () => {
    const body = { ok: true, thing: { id: 'a', size: 2 } };
    expect(
      answerMismatch(routes, { method: 'GET', path: '/things/a?x=1', status: 200, contentType: json, body }),
    ).toBeUndefined();
  });

  it('names the route, the status and each wrong field of an answer that does not match', () => {
    const body = { ok: true, thing: { id: 7, size: 2 } };
    const mismatch = answerMismatch(routes, { method: 'GET', path: '/things/a', status: 200, contentType: json, body });
    expect(mismatch).toContain('GET /things/:id answered 200');
    expect(mismatch).toMatch(/thing\.id: Invalid input: expected string, received number/);
  });

  it('finds a field the schema does not declare, though zod would drop it silently', () => {
    const body = { ok: true, thing: { id: 'a', size: 2, secret: 'x' } };
    expect(
      answerMismatch(routes, { method: 'GET', path: '/things/a', status: 200, contentType: json, body }),
    ).toContain('thing.secret: not declared by the schema');
  });

  it('checks a failure against the error shape, also on a path no route serves', () => {
    const mismatch = answerMismatch(routes, {
      method: 'GET',
      path: '/nowhere',
      status: 404,
      contentType: json,
      body: { ok: false, message: 'gone' },
    });
    expect(mismatch).toContain('GET /nowhere (no route) answered 404');
    expect(mismatch).toContain('error: Invalid input');
    const fine = { ok: false, error: 'No route GET /nowhere.' };
    expect(
      answerMismatch(routes, { method: 'GET', path: '/nowhere', status: 404, contentType: json, body: fine }),
    ).toBeUndefined();
  });

  it('refuses a JSON success from a route that declares no response schema, and skips answers that are not JSON', () => {
    expect(
      answerMismatch(routes, {
        method: 'GET',
        path: '/things.csv',
        status: 200,
        contentType: json,
        body: { ok: true },
      }),
    ).toContain('declares no response schema');
    expect(
      answerMismatch(routes, {
        method: 'GET',
        path: '/things.csv',
        status: 200,
        contentType: 'text/csv',
        body: 'id\n1',
      }),
    ).toBeUndefined();
  });

  it('prefers a static route to one with parameters, as the router does', () => {
    expect(routeServing(routes, 'get', '/things/latest')?.url).toBe('/things/latest');
    expect(routeServing(routes, 'GET', '/things/other')?.url).toBe('/things/:id');
  });
});

describe('call', () => {
  it("fails on an answer that does not match its route's schema", async () => {
    const server = await startTestServer();
    try {
      expect((await call(server.url, 'GET', '/db-mode')).status).toBe(200);
      const route = server.app.routeTable.find(({ method, url }) => method === 'GET' && url === '/db-mode')!;
      route.response = z.object({ ok: z.literal(true), mode: z.literal('neither') });
      await expect(call(server.url, 'GET', '/db-mode')).rejects.toThrow(
        /GET \/db-mode answered 200 with a body that does not match its response schema:\n {2}mode: /,
      );
    } finally {
      await server.stop();
    }
  });
});
