import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';

/** An error whose message is a sentence fit for the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly issues?: { path: string; message: string }[],
    readonly headers?: Record<string, string>,
    /** More fields of the answer's body, beside `ok` and `error`. */
    readonly fields?: Record<string, unknown>,
  ) {
    super(message);
  }
}

/** 'at must …' inside a list reads 'pings.1.at must …': the schema knows the field, not where it sits. */
function withFullPath(path: string[], message: string): string {
  const field = path.at(-1)!;
  return path.length > 1 && message.startsWith(`${field} `)
    ? `${path.join('.')}${message.slice(field.length)}`
    : message;
}

/**
 * A value that fits none of a union's forms is told what is wrong with the form of its kind (a contact
 * object with a bad phone hears about the phone), not that it fits none: the one form that was not refused
 * for its type.
 */
function withinUnions(issue: z.core.$ZodIssue): z.core.$ZodIssue[] {
  if (issue.code !== 'invalid_union') return [issue];
  const ofItsKind = issue.errors.filter(
    (form) =>
      !form.some(
        (inner) => inner.path.length === 0 && (inner.code === 'invalid_type' || inner.code === 'invalid_value'),
      ),
  );
  if (ofItsKind.length !== 1) return [issue];
  return ofItsKind[0].flatMap((inner) => withinUnions({ ...inner, path: [...issue.path, ...inner.path] }));
}

export function badRequest(where: 'body' | 'query', error: z.ZodError): HttpError {
  const issues = error.issues
    .flatMap(withinUnions)
    .map((issue) =>
      issue.path.length === 0
        ? { path: where, message: `the ${where} must be ${where === 'body' ? 'a JSON object' : 'a set of parameters'}` }
        : { path: issue.path.map(String).join('.'), message: withFullPath(issue.path.map(String), issue.message) },
    );
  const first = issues[0];
  const sentence = `Invalid request ${where}: ${first.message}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}.`;
  return new HttpError(400, sentence, issues);
}

export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

const frameworkMessages: Record<string, [number, string]> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'The request body is empty; send a JSON object.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'The request body must be JSON (Content-Type: application/json).'],
  FST_ERR_CTP_BODY_TOO_LARGE: [
    413,
    'The request body is too large: the limit is 64 KiB (512 KiB for /gps/batch, /sync/offline and /events/ble; 12 MiB for /geofences/import, whose file may be 5 MB).',
  ],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'The Content-Length header does not match the body.'],
};

export const INTERNAL_ERROR_MESSAGE = 'Internal server error; the request was not completed.';

/** Every failure answers `{ok:false, error}`; a 500 never shows internals. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply
        .code(error.statusCode)
        .send({ ok: false, error: error.message, ...(error.issues && { issues: error.issues }), ...error.fields });
    }
    const known = error.code ? frameworkMessages[error.code] : undefined;
    if (known) return reply.code(known[0]).send({ ok: false, error: known[1] });
    if (
      error instanceof SyntaxError ||
      error.code === 'FST_ERR_CTP_INVALID_JSON' ||
      error.code === 'FST_ERR_CTP_INVALID_JSON_BODY'
    ) {
      return reply.code(400).send({ ok: false, error: 'The request body is not valid JSON.' });
    }
    if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
      return reply.code(error.statusCode).send({ ok: false, error: 'The request could not be processed.' });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ ok: false, error: INTERNAL_ERROR_MESSAGE });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({ ok: false, error: `No route ${request.method} ${request.url.split('?')[0]}.` }),
  );
}
