import type { Client } from 'pg';
import type { Database } from './seam.ts';
import { storeFailureKind } from './store-errors.ts';

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export const POSTGRES_POOL_SIZE = 10;
/** A connection not made within this is a store that is away: the request is answered, not held. */
const CONNECT_TIMEOUT_MS = 2000;
/** The LISTEN connection, lost, is made again after this, doubling up to the cap. */
const LISTEN_RETRY_MS = [250, 5000] as const;

export interface PostgresOptions {
  /**
   * A query unanswered after this fails (and its connection is dropped): a store gone silent (a partition) is
   * noticed. Set per connection, not per query (a query's own config object is copied by node-postgres on
   * every call); 0, for migrations, bounds nothing.
   */
  queryTimeoutMs?: number;
  /** Creates the schema when it is missing (default); false when a pool opened before has (the migrations'). */
  createSchema?: boolean;
}

/** PostgreSQL through a pool; `schema` isolates one deployment (or one test run) from another. */
export async function openPostgres(
  connectionString: string,
  schema = 'public',
  { queryTimeoutMs = 0, createSchema = true }: PostgresOptions = {},
): Promise<Database> {
  // Loaded here, not at the top: a start on the embedded store does not wait for it.
  const { default: pg } = await import('pg');
  // int8 (sequences, counts) as numbers, like PGlite: they stay far below 2^53.
  pg.types.setTypeParser(20, (value) => Number(value));
  const options = `-c search_path=${schema}`;
  const pool = new pg.Pool({
    connectionString,
    options,
    max: POSTGRES_POOL_SIZE,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    ...(queryTimeoutMs > 0 && { query_timeout: queryTimeoutMs }),
  });
  pool.on('error', () => {}); // an idle client that dies is replaced on the next checkout
  try {
    if (createSchema) await pool.query(`create schema if not exists ${quoteIdent(schema)}`);
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  const listeners: Client[] = [];
  let poolClosed = false;

  return {
    mode: 'postgres',
    query: (text, params) => pool.query(text, params as unknown[] | undefined) as never,
    async transaction(work) {
      const client = await pool.connect();
      // A connection lost between two queries of a transaction is emitted as 'error' on the client; unheard,
      // it would end the process. The next query fails instead, and the broken client is discarded.
      let lost: Error | undefined;
      const onLost = (error: Error) => (lost = error);
      client.on('error', onLost);
      try {
        await client.query('begin');
        const result = await work({
          query: (text, params) => client.query(text, params as unknown[] | undefined) as never,
        });
        await client.query('commit');
        return result;
      } catch (error) {
        // A connection lost or gone silent is dropped: a rollback sent on it would wait behind the query.
        if (storeFailureKind(error)) lost ??= error as Error;
        else await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.off('error', onLost);
        client.release(lost);
      }
    },
    async listen(channel, onNotify) {
      let client: Client | undefined;
      let closed = false;
      let retryMs: number = LISTEN_RETRY_MS[0];
      let retry: NodeJS.Timeout | undefined;
      const connect = async (first = false): Promise<void> => {
        const next = new pg.Client({ connectionString, options, connectionTimeoutMillis: CONNECT_TIMEOUT_MS });
        next.on('notification', (message) => {
          if (message.channel === channel) onNotify(message.payload ?? '');
        });
        let lost = false;
        const reconnect = () => {
          if (lost) return;
          lost = true;
          if (listeners.includes(next)) listeners.splice(listeners.indexOf(next), 1);
          if (client === next) client = undefined;
          next.end().catch(() => {});
          if (closed || poolClosed) return;
          retry = setTimeout(() => {
            connect().then(
              // What was announced while it was down is read now: the caller's poll would, later.
              () => onNotify(''),
              () => {},
            );
          }, retryMs);
          retry.unref();
          retryMs = Math.min(LISTEN_RETRY_MS[1], retryMs * 2);
        };
        next.on('error', reconnect);
        next.on('end', reconnect);
        try {
          await next.connect();
          await next.query(`listen ${quoteIdent(channel)}`);
        } catch (error) {
          // At the first try the caller hears of it (a start fails); later, it is tried again.
          if (first) closed = true;
          reconnect();
          throw error;
        }
        if (closed) {
          await next.end().catch(() => {});
          return;
        }
        retryMs = LISTEN_RETRY_MS[0];
        client = next;
        listeners.push(next);
      };
      await connect(true);
      return async () => {
        closed = true;
        clearTimeout(retry);
        await client?.end().catch(() => {});
      };
    },
    async close() {
      poolClosed = true;
      await Promise.all(listeners.map((client) => client.end().catch(() => {})));
      await pool.end();
    },
  };
}
