import type { Client } from 'pg';
import type { Database } from './seam.ts';

function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

export const POSTGRES_POOL_SIZE = 10;

/** PostgreSQL through a pool; `schema` isolates one deployment (or one test run) from another. */
export async function openPostgres(connectionString: string, schema = 'public'): Promise<Database> {
  // Loaded here, not at the top: a start on the embedded store does not wait for it.
  const { default: pg } = await import('pg');
  // int8 (sequences, counts) as numbers, like PGlite: they stay far below 2^53.
  pg.types.setTypeParser(20, (value) => Number(value));
  const options = `-c search_path=${schema}`;
  const pool = new pg.Pool({ connectionString, options, max: POSTGRES_POOL_SIZE });
  pool.on('error', () => {}); // an idle client that dies is replaced on the next checkout
  try {
    await pool.query(`create schema if not exists ${quoteIdent(schema)}`);
  } catch (error) {
    await pool.end().catch(() => {});
    throw error;
  }
  const listeners: Client[] = [];

  return {
    mode: 'postgres',
    query: (text, params) => pool.query(text, params as unknown[]) as never,
    async transaction(work) {
      const client = await pool.connect();
      // A connection lost between two queries of a transaction is emitted as 'error' on the client; unheard,
      // it would end the process. The next query fails instead, and the broken client is discarded.
      let lost: Error | undefined;
      const onLost = (error: Error) => (lost = error);
      client.on('error', onLost);
      try {
        await client.query('begin');
        const result = await work({ query: (text, params) => client.query(text, params as unknown[]) as never });
        await client.query('commit');
        return result;
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.off('error', onLost);
        client.release(lost);
      }
    },
    async listen(channel, onNotify) {
      let client: Client | undefined;
      let closed = false;
      const connect = async (): Promise<void> => {
        const next = new pg.Client({ connectionString, options });
        next.on('notification', (message) => {
          if (message.channel === channel) onNotify(message.payload ?? '');
        });
        next.on('error', () => {
          listeners.splice(listeners.indexOf(next), 1);
          next.end().catch(() => {});
          // The caller also polls, so a lost notification costs latency, never an event.
          if (!closed) setTimeout(() => connect().catch(() => {}), 1000);
        });
        await next.connect();
        await next.query(`listen ${quoteIdent(channel)}`);
        client = next;
        listeners.push(next);
      };
      await connect();
      return async () => {
        closed = true;
        await client?.end().catch(() => {});
      };
    },
    async close() {
      await Promise.all(listeners.map((client) => client.end().catch(() => {})));
      await pool.end();
    },
  };
}
