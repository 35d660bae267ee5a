// Two server processes as a deployment runs them: one PostgreSQL schema (DATABASE_URL), one signing key.
import { spawnServer, type SpawnedServer } from '../../tools/spawn-server.ts';
import { dropSchema, uniqueSchema } from './server.ts';

export interface ServerPair {
  a: SpawnedServer;
  b: SpawnedServer;
  /** Their PostgreSQL schema. */
  schema: string;
  /** Stops both and drops their schema. */
  stop(): Promise<void>;
}

/**
 * Spawns both on a fresh schema of DATABASE_URL. Their safety poll is a minute long, so whatever one server
 * learns from the other within a test's wait came through NOTIFY.
 */
export async function spawnServerPair(env: Record<string, string> = {}): Promise<ServerPair> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('a server pair shares PostgreSQL: set DATABASE_URL');
  const schema = uniqueSchema();
  const shared = {
    DATABASE_URL: databaseUrl,
    DATABASE_SCHEMA: schema,
    STREAM_POLL_MS: '60000',
    DID_SIGNING_KEY: 'k'.repeat(32),
    ...env,
  };
  const servers: SpawnedServer[] = [];
  const stop = async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await dropSchema(databaseUrl, schema);
  };
  try {
    servers.push(await spawnServer(shared));
    servers.push(await spawnServer(shared));
  } catch (error) {
    await stop();
    throw error;
  }
  return { a: servers[0], b: servers[1], schema, stop };
}
