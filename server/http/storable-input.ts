// Input that the zod contract accepts but PostgreSQL cannot store or compare: refused with a 400 that names
// the field, instead of failing in a query with a 500.
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
export function rejectNulCharacters(input: unknown, where: 'body' | 'query'): void {
  const path = firstNulPath(input, []);
  if (!path) return;
  const field = path.join('.') || where;
  throw new HttpError(400, `Invalid request ${where}: ${field} must not contain NUL characters.`, [
    { path: field, message: `${field} must not contain NUL characters` },
  ]);
}
