// Server processes as a deployment runs them: one PostgreSQL schema (DATABASE_URL), one signing key.
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

export interface ServerGroup {
  servers: SpawnedServer[];
  schema: string;
  /** Stops them all and drops their schema. */
  stop(): Promise<void>;
}

/**
 * Spawns `count` servers on a fresh schema of DATABASE_URL. Their safety poll is a minute long, so whatever one
 * server learns from another within a test's wait came through NOTIFY.
 */
export async function spawnServerGroup(count: number, env: Record<string, string> = {}): Promise<ServerGroup> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('a server group shares PostgreSQL: set DATABASE_URL');
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
    for (let n = 0; n < count; n++) servers.push(await spawnServer(shared));
  } catch (error) {
    await stop();
    throw error;
  }
  return { servers, schema, stop };
}

/** Two servers of a group. */
export async function spawnServerPair(env: Record<string, string> = {}): Promise<ServerPair> {
  const { servers, schema, stop } = await spawnServerGroup(2, env);
  return { a: servers[0], b: servers[1], schema, stop };
}
