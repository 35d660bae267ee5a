// Server processes as a deployment runs them: `count` of them on one PostgreSQL schema, with one signing key.
import { dropSchema } from './drop-schema.ts';
import { spawnServer, type SpawnedServer } from './spawn-server.ts';

export interface ServerGroup {
  servers: SpawnedServer[];
  schema: string;
  /** Stops them all and drops their schema. */
  stop(): Promise<void>;
}

/** Spawns `count` servers, one after another, on `schema` of `databaseUrl`, which `stop` drops. */
export async function spawnServerGroup(
  count: number,
  { databaseUrl, schema, env = {} }: { databaseUrl: string; schema: string; env?: Record<string, string> },
): Promise<ServerGroup> {
  const shared = { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema, DID_SIGNING_KEY: 'k'.repeat(32), ...env };
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
