import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ErrorResponse } from '../../src/api/responses.ts';
import type { AnyRouteContract } from '../http/route.ts';

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): Record<string, unknown> {
  return z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
}

function queryParameters(schema: z.ZodType): unknown[] {
  const { properties = {}, required = [] } = jsonSchema(schema, 'input') as {
    properties?: Record<string, unknown>;
    required?: string[];
  };
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.includes(name),
    schema: property,
  }));
}

/** The document's outline; the schemas inside are JSON Schema, left as they are. */
const OpenApiOperation = z.object({
  summary: z.string(),
  tags: z.array(z.string()),
  parameters: z.array(z.record(z.string(), z.unknown())).optional(),
  requestBody: z.record(z.string(), z.unknown()).optional(),
  responses: z.record(
    z.string(),
    z.object({
      description: z.string(),
      content: z.record(z.string(), z.object({ schema: z.record(z.string(), z.unknown()) })),
    }),
  ),
});
/** A standard OpenAPI document for tools to read, hence without the `ok` of the API's own answers. */
const OpenApiDocument = z.object({
  openapi: z.literal('3.1.0'),
  info: z.object({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), OpenApiOperation)),
});

/** The OpenAPI 3.1 document, generated from the same zod schemas that validate requests. */
export function buildOpenApiDocument(routes: readonly AnyRouteContract[]): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  const errorContent = { 'application/json': { schema: jsonSchema(ErrorResponse, 'output') } };
  for (const route of routes) {
    const failureContent = route.errorResponse
      ? { 'application/json': { schema: jsonSchema(route.errorResponse, 'output') } }
      : errorContent;
    const okContent = route.produces
      ? { [route.produces]: { schema: { type: 'string' } } }
      : { 'application/json': { schema: route.response ? jsonSchema(route.response, 'output') : { type: 'object' } } };
    paths[route.url] ??= {};
    paths[route.url][route.method.toLowerCase()] = {
      summary: route.summary,
      tags: route.tags,
      ...(route.query && { parameters: queryParameters(route.query) }),
      ...(route.body && {
        requestBody: { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } },
      }),
      responses: {
        [String(route.status ?? 200)]: { description: 'Success', content: okContent },
        ...((route.body || route.query) && {
          400: { description: 'Invalid input; `issues` names each field', content: failureContent },
        }),
        // A conditional write: a stale version answers 409 with the stored one.
        ...(route.requestHeaders?.includes('If-Match') && {
          409: { description: 'The version in If-Match is not the stored one', content: failureContent },
          428: { description: 'If-Match is missing', content: errorContent },
        }),
        500: { description: 'Internal error (no internals shown)', content: errorContent },
      },
    };
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Panic Alerts Dashboard API', version: '1.0.0' },
    paths,
  };
}

export async function openApiRoutes(app: FastifyInstance): Promise<void> {
  app.get('/openapi.json', { config: { access: 'public', response: OpenApiDocument } }, async () =>
    buildOpenApiDocument(app.routeContracts),
  );
}
