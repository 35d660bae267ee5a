import type { z } from 'zod';
import { ErrorResponse } from '../../src/api/responses.ts';
import type { ServedRoute } from '../../server/http/route.ts';

export interface Answer {
  method: string;
  /** As requested: the query string is ignored. */
  path: string;
  status: number;
  contentType: string | null;
  body: unknown;
}

function patternOf(url: string): RegExp {
  const escaped = url.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^${escaped.replace(/:[^/]+/g, '[^/]+').replace(/\*/g, '.*')}$`);
}

/** The route that served a path: a static route wins over one with parameters, as in fastify's router. */
export function routeServing(routes: readonly ServedRoute[], method: string, path: string): ServedRoute | undefined {
  const bare = path.split('?')[0];
  const candidates = routes.filter((route) => route.method === method.toUpperCase());
  return candidates.find((route) => route.url === bare) ?? candidates.find((route) => patternOf(route.url).test(bare));
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Fields of the answer that the schema does not declare: zod's objects drop them silently, while
 * /openapi.json documents every answer's objects as closed (`additionalProperties: false`).
 */
function undeclaredFields(answer: unknown, parsed: unknown, path: string[] = []): string[] {
  if (Array.isArray(answer) && Array.isArray(parsed)) {
    return answer.flatMap((item, index) => undeclaredFields(item, parsed[index], [...path, String(index)]));
  }
  if (!isRecord(answer) || !isRecord(parsed)) return [];
  return Object.keys(answer).flatMap((key) =>
    key in parsed
      ? undeclaredFields(answer[key], parsed[key], [...path, key])
      : [`${[...path, key].join('.')}: not declared by the schema`],
  );
}

function schemaProblems(schema: z.ZodType, body: unknown): string[] {
  const result = schema.safeParse(body);
  if (!result.success)
    return result.error.issues.map((issue) => `${issue.path.join('.') || '(answer)'}: ${issue.message}`);
  return undeclaredFields(body, result.data);
}

/**
 * Why a JSON answer does not match what its route declares, or undefined when it does (or is not JSON,
 * or has no body). 2xx answers are checked against the route's response schema, 4xx and 5xx against its
 * error shape; a path no route serves answers the app's 404 error.
 */
export function answerMismatch(routes: readonly ServedRoute[], answer: Answer): string | undefined {
  const json = answer.contentType?.startsWith('application/json') ?? false;
  const failed = answer.status >= 400;
  if (!json || answer.body === '' || (!failed && (answer.status < 200 || answer.status >= 300))) return undefined;
  const route = routeServing(routes, answer.method, answer.path);
  const where = `${answer.method.toUpperCase()} ${route?.url ?? `${answer.path.split('?')[0]} (no route)`} answered ${answer.status}`;
  const schema = failed ? (route?.errorResponse ?? ErrorResponse) : route?.response;
  if (!schema) return `${where} in JSON, but the route declares no response schema`;
  const problems = schemaProblems(schema, answer.body);
  if (problems.length === 0) return undefined;
  return `${where} with a body that does not match its ${failed ? 'error' : 'response'} schema:\n  ${problems.join('\n  ')}\nbody: ${JSON.stringify(answer.body).slice(0, 2000)}`;
}
