import type { Sql } from './seam.ts';

/**
 * Runs a trivial query; answers undefined when the store answered within `limitMs`, else the sentence
 * that says why not. The query is left to finish or fail on its own after the limit.
 */
export async function storeProblem(db: Sql, limitMs: number): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`The database did not answer a trivial query within ${limitMs} ms.`), limitMs);
  });
  const answered = db.query('select 1').then(
    () => undefined,
    (error: Error) => `The database cannot answer a query (${error.message.replace(/\.$/, '')}).`,
  );
  try {
    return await Promise.race([answered, timedOut]);
  } finally {
    clearTimeout(timer);
  }
}
