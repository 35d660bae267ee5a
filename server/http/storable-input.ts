// Input that the zod contract accepts but PostgreSQL cannot store faithfully: refused with a 400 that names
// the field, instead of failing on insert with a 500.
import { HttpError } from './errors.ts';

function firstNulPath(value: unknown, path: string[]): string[] | undefined {
  if (typeof value === 'string') return value.includes('\u0000') ? path : undefined;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = firstNulPath(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return undefined;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      const found = key.includes('\u0000') ? [...path, key] : firstNulPath(inner, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/** PostgreSQL text and jsonb cannot hold U+0000. */
export function rejectNulCharacters(body: unknown): void {
  const path = firstNulPath(body, []);
  if (!path) return;
  const where = path.join('.') || 'body';
  throw new HttpError(400, `Invalid request body: ${where} must not contain NUL characters.`, [
    { path: where, message: `${where} must not contain NUL characters` },
  ]);
}

const EARLIEST_TIME = Date.UTC(1970, 0, 1);

/** PostgreSQL has no year 0 and reads some early years differently; no device reports a time before 1970. */
export function rejectTimeBefore1970(value: string | undefined, path: string): void {
  if (value === undefined || Date.parse(value) >= EARLIEST_TIME) return;
  throw new HttpError(400, `Invalid request body: ${path} must not be before 1970.`, [{ path, message: `${path} must not be before 1970` }]);
}
