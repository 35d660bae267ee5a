// Server groups for the tests: on DATABASE_URL, in a schema of their own.
import { spawnServerGroup as spawnGroup, type ServerGroup } from '../../tools/server-group.ts';
import type { SpawnedServer } from '../../tools/spawn-server.ts';
import { uniqueSchema } from './server.ts';

export type { ServerGroup };

export interface ServerPair {
  a: SpawnedServer;
  b: SpawnedServer;
  /** Their PostgreSQL schema. */
  schema: string;
  /** Stops both and drops their schema. */
  stop(): Promise<void>;
}

/**
 * Spawns `count` servers on a fresh schema of DATABASE_URL. Their safety poll is a minute long, so whatever one
 * server learns from another within a test's wait came through NOTIFY.
 */
export function spawnServerGroup(count: number, env: Record<string, string> = {}): Promise<ServerGroup> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error('a server group shares PostgreSQL: set DATABASE_URL');
  return spawnGroup(count, { databaseUrl, schema: uniqueSchema(), env: { STREAM_POLL_MS: '60000', ...env } });
}

/** Two servers of a group. */
export async function spawnServerPair(env: Record<string, string> = {}): Promise<ServerPair> {
  const { servers, schema, stop } = await spawnServerGroup(2, env);
  return { a: servers[0], b: servers[1], schema, stop };
}
