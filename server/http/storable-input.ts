// Input that the zod contract accepts but PostgreSQL cannot store or compare (NUL, lone surrogates) or
// that nests deeper than any device sends: refused with a 400 that names the field, never a 500.
import { HttpError } from './errors.ts';

/** Deeper JSON is no device's data, and PostgreSQL's jsonb parser (and recursion here) would overflow. */
export const MAX_NESTING_DEPTH = 32;

const LONE_SURROGATE = /\p{Cs}/u;

type Problem = 'nul' | 'unicode' | 'depth';

const sentences: Record<Problem, string> = {
  nul: 'must not contain NUL characters',
  unicode: 'must be well-formed Unicode text (it holds a lone surrogate)',
  depth: `must not nest objects or lists more than ${MAX_NESTING_DEPTH} levels deep`,
};

function textProblem(text: string): Problem | undefined {
  if (text.includes('\u0000')) return 'nul';
  if (LONE_SURROGATE.test(text)) return 'unicode';
  return undefined;
}

/** Walks without recursion, so no input can overflow the stack. */
function firstProblem(input: unknown): { path: string[]; problem: Problem } | undefined {
  const pending: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  while (pending.length > 0) {
    const { value, path } = pending.pop()!;
    if (typeof value === 'string') {
      const problem = textProblem(value);
      if (problem) return { path, problem };
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (path.length >= MAX_NESTING_DEPTH) return { path, problem: 'depth' };
    const entries = Array.isArray(value) ? value.map((inner, i) => [String(i), inner] as const) : Object.entries(value);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [key, inner] = entries[i];
      const problem = Array.isArray(value) ? undefined : textProblem(key);
      if (problem) return { path: [...path, key], problem };
      pending.push({ value: inner, path: [...path, key] });
    }
  }
  return undefined;
}

/** PostgreSQL text and jsonb cannot hold U+0000 or lone surrogates; deep nesting is refused too. */
export function rejectUnstorableInput(input: unknown, where: 'body' | 'query'): void {
  const found = firstProblem(input);
  if (!found) return;
  const field = found.path.join('.') || where;
  const message = `${field} ${sentences[found.problem]}`;
  throw new HttpError(400, `Invalid request ${where}: ${message}.`, [{ path: field, message }]);
}
