import { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ErrorResponse } from '../../src/api/responses.ts';
import type { Role } from '../../src/api/roles.ts';
import { badRequest } from './errors.ts';
import { pacedBody } from './paced-body.ts';
import { rejectUnstorableInput } from './storable-input.ts';

type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who calls a route: `device` routes are called by tourists' phones and bands, whose web app lives on
 * another origin and has no operator session; `open` routes are reads those phones make that hold no
 * personal data (regions and their emergency numbers, zones, scores): anyone, from any origin; `operator`
 * routes (the default) are the control room's and need a signed-in operator when sign-in is on; `public`
 * routes (health, sign-in itself) need nobody.
 */
export type RouteAccess = 'device' | 'open' | 'operator' | 'public';

/** A request header a handler reads beyond the two every route reads (Content-Type; Authorization, for a device token). */
export type RouteRequestHeader = 'If-Match' | 'Idempotency-Key' | 'Last-Event-ID';

/** A response header a handler sets that a page on another origin must be able to read (beyond Retry-After, which any route may send). */
export type RouteResponseHeader = 'ETag';

export interface RouteContract<Body extends z.ZodType | undefined, Query extends z.ZodType | undefined> {
  method: HttpMethod;
  url: string;
  summary: string;
  tags: string[];
  body?: Body;
  query?: Query;
  /** Success status and the schema of what it answers (documented in /openapi.json). */
  status?: number;
  response?: z.ZodType;
  /** Content type of a non-JSON answer (CSV, event stream). */
  produces?: string;
  /** A larger body limit than the general 64 KiB, for batch routes. */
  bodyLimit?: number;
  /** The handler parses the body itself (panics: lenient about everything but the coordinates); `body` documents it. */
  bodyParsedBy?: 'handler';
  /** Accept a JSON body whatever its Content-Type (a dying page's sendBeacon posts text/plain). */
  anyContentType?: boolean;
  /** `device` for the routes phones and bands call; absent means `operator`. */
  access?: RouteAccess;
  /** The least role an operator route needs when sign-in is on; absent means `viewer`. */
  role?: Role;
  /**
   * An operator route that a phone may also call with its device token (`Authorization: Bearer`): then it
   * is the phone's read of its own tourist's data, from any origin, and the handler limits it to that.
   */
  deviceReads?: boolean;
  /** The schema of its failures, when they carry more than `{ok:false, error, issues?}` (a 409's current zone). */
  errorResponse?: z.ZodType;
  /** The request headers its handler reads beyond Content-Type and Authorization: what a CORS preflight allows. */
  requestHeaders?: RouteRequestHeader[];
  /** The response headers it sets that a caller reads: what CORS exposes to a page on another origin. */
  responseHeaders?: RouteResponseHeader[];
}

type Parsed<S> = S extends z.ZodType ? z.infer<S> : undefined;

export interface RouteInput<Body, Query> {
  body: Body;
  query: Query;
  request: FastifyRequest;
  reply: FastifyReply;
}

export type AnyRouteContract = RouteContract<z.ZodType | undefined, z.ZodType | undefined>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /** From the route's contract; absent on routes declared without one (the dashboard's files). */
    access?: RouteAccess;
    /** The least role an operator route needs. */
    role?: Role;
    /** A phone's device token makes the request its read of its own tourist's data (see RouteContract). */
    deviceReads?: boolean;
    /** The schema of a JSON success answer (from the contract, or declared beside a route without one). */
    response?: z.ZodType;
    /** The schema of a JSON failure, when a route's adds fields to the usual `{ok:false, error, issues?}`. */
    errorResponse?: z.ZodType;
  }
  interface FastifyInstance {
    /** Every route this app declared with its contract, in order: the source of /openapi.json. */
    routeContracts: AnyRouteContract[];
    /** Every route the app serves, contract or not: the authorization matrix's rows, and what tests check answers against. */
    routeTable: ServedRoute[];
  }
}

/** A route as the app serves it: who may call it and what its JSON answers look like. */
export interface ServedRoute {
  method: string;
  url: string;
  access?: RouteAccess;
  role?: Role;
  /** Absent where the route answers no JSON on success (a stream, a CSV file, a page, a redirect). */
  response?: z.ZodType;
  errorResponse: z.ZodType;
}

/** Gives the app its own list of declared routes (no module-global: two apps in one process stay apart). */
export function installRouteContracts(app: FastifyInstance): void {
  app.decorate('routeContracts', []);
  app.decorate('routeTable', []);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      const { access, role, response, errorResponse = ErrorResponse } = route.config ?? {};
      app.routeTable.push({ method, url: route.url, access, role, response, errorResponse });
    }
  });
}

function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown, where: 'body' | 'query'): z.infer<S> {
  const result = schema.safeParse(value ?? (where === 'query' ? {} : undefined));
  if (!result.success) throw badRequest(where, result.error);
  rejectUnstorableInput(result.data, where);
  return result.data;
}

/**
 * An answer whose one field the database built as JSON text: passed on as it is, with `ok: true` and any
 * `others` (small, serialised as usual) like any answer.
 */
export class JsonFieldAnswer {
  constructor(
    readonly field: string,
    readonly json: string,
    readonly others: Record<string, unknown> = {},
  ) {}

  text(): string {
    const head = JSON.stringify({ ok: true, ...this.others });
    return `${head.slice(0, -1)},${JSON.stringify(this.field)}:${this.json}}`;
  }
}

/**
 * Declares a route with its contract: input is parsed by the shared zod schemas before the handler runs,
 * and a handler's object answer gets `ok: true`; a string or a stream is sent as it is.
 */
export function defineRoute<
  Body extends z.ZodType | undefined = undefined,
  Query extends z.ZodType | undefined = undefined,
>(
  app: FastifyInstance,
  contract: RouteContract<Body, Query>,
  handler: (input: RouteInput<Parsed<Body>, Parsed<Query>>) => Promise<unknown>,
): void {
  app.routeContracts.push(contract as AnyRouteContract);
  app.route({
    method: contract.method,
    url: contract.url,
    ...(contract.bodyLimit && { bodyLimit: contract.bodyLimit }),
    // A HEAD of the event stream would open a stream that never ends and never sends its body.
    exposeHeadRoute: contract.produces !== 'text/event-stream',
    config: {
      anyContentType: contract.anyContentType ?? false,
      access: contract.access ?? 'operator',
      role: contract.role ?? 'viewer',
      deviceReads: contract.deviceReads ?? false,
      response: contract.response,
      ...(contract.errorResponse && { errorResponse: contract.errorResponse }),
    },
    handler: async (request, reply) => {
      const parseBody = contract.body && contract.bodyParsedBy !== 'handler';
      const body = (parseBody ? parseOrThrow(contract.body!, request.body, 'body') : undefined) as Parsed<Body>;
      const query = (
        contract.query ? parseOrThrow(contract.query, request.query, 'query') : undefined
      ) as Parsed<Query>;
      const answer = await handler({ body, query, request, reply });
      if (reply.sent || answer === undefined) return reply;
      reply.code(contract.status ?? 200);
      if (typeof answer === 'string') return answer;
      if (answer instanceof Readable) return reply.send(answer);
      if (answer instanceof JsonFieldAnswer) {
        reply.type('application/json; charset=utf-8');
        return reply.send(pacedBody(answer.text()));
      }
      return { ok: true, ...(answer as object) };
    },
  });
}
