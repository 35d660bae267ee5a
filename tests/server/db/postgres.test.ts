// PostgreSQL's connections bound each query (STORE_QUERY_TIMEOUT_MS, issue 47: a store gone silent is noticed),
// while the migrations of a fresh schema run unbounded on connections of their own.
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../../../server/db/open.ts';
import { storeFailureKind } from '../../../server/db/store-errors.ts';
import { dropSchema, uniqueSchema } from '../../helpers/server.ts';

const DATABASE_URL = process.env.DATABASE_URL;

describe.runIf(DATABASE_URL)('PostgreSQL with a query bound', () => {
  it('migrates a fresh schema whatever the bound, then fails a query past it as slow (a 5 s sleep under a 1 s bound), in a transaction too', async () => {
    const schema = uniqueSchema();
    // 1 ms: no migration of a fresh schema could run under it, so opening at all says they ran unbounded.
    const options = { dataDir: '', databaseUrl: DATABASE_URL, databaseSchema: schema };
    await (await openDatabase({ ...options, storeQueryTimeoutMs: 1 })).close();
    const bounded = await openDatabase({ ...options, storeQueryTimeoutMs: 1000 });
    try {
      expect((await bounded.query<{ n: number }>('select count(*)::int as n from incidents')).rows[0].n).toBe(0);
      // Answered by the bound, not by the sleep's end: a query that completes is no error.
      const slow = await bounded.query('select pg_sleep(5)').catch((error: unknown) => error);
      expect(storeFailureKind(slow)).toBe('slow');
      const inTransaction = await bounded
        .transaction((tx) => tx.query('select pg_sleep(5)'))
        .catch((error: unknown) => error);
      expect(storeFailureKind(inTransaction)).toBe('slow');
      expect((await bounded.query<{ one: number }>('select 1 as one')).rows[0].one).toBe(1);
    } finally {
      await bounded.close();
      await dropSchema(DATABASE_URL!, schema);
    }
  });
});
