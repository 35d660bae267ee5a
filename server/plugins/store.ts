import { setTimeout as delay } from 'node:timers/promises';
import type { ReleaseLock } from '../db/directory-lock.ts';
import { withPriority, type Database } from '../db/seam.ts';
import { openDatabase, type StorageConfig } from '../db/open.ts';
import { ensureRoom } from '../db/disk-room.ts';
import { isStoreUnavailableError } from '../db/store-errors.ts';
import { StoreHealth, withStoreHealth } from '../db/store-health.ts';
import { storeProblem } from '../db/store-check.ts';
import { rootPlugin } from './root-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The store (PostgreSQL, or PGlite holding the data folder's lock), migrated; closed last. */
    db: Database;
    /** Whether the store is there now (issue 47): while it is away, every query but a probe is refused. */
    storeHealth: StoreHealth;
  }
}

export interface StoreOptions {
  config: StorageConfig;
  /** The data folder's lock, taken before the start window opened its journal (embedded store). */
  heldLock?: ReleaseLock;
  /** Tests only (START_STORE_DELAY_MS): keeps the start window open this long before the store opens. */
  delayMs?: number;
}

const PROBE_LIMIT_MS = 1000;
const OPEN_RETRY_MS = [250, 5000] as const;

/**
 * A store that is away at start is waited for (the start window takes panics meanwhile), not given up on:
 * a server restarted during a failover must come up once the new primary answers, and one restarted on a
 * full disk once there is room for the embedded store (disk-room.ts).
 */
async function openWhenThere(
  config: StorageConfig,
  heldLock: ReleaseLock | undefined,
  onWait: (error: unknown, retryMs: number) => void,
): Promise<Database> {
  for (let retryMs: number = OPEN_RETRY_MS[0]; ; retryMs = Math.min(OPEN_RETRY_MS[1], retryMs * 2)) {
    try {
      if (!config.databaseUrl) ensureRoom(config.dataDir);
    } catch (error) {
      onWait(error, retryMs);
      await delay(retryMs);
      continue;
    }
    try {
      return await openDatabase(config, heldLock);
    } catch (error) {
      if (!config.databaseUrl || !isStoreUnavailableError(error)) throw error;
      onWait(error, retryMs);
      await delay(retryMs);
    }
  }
}

/** Opens the store; it closes once everything registered after it has (onClose hooks run in reverse). */
export const storePlugin = rootPlugin<StoreOptions>(async (app, { config, heldLock, delayMs }) => {
  if (delayMs) await delay(delayMs);
  const opened = await openWhenThere(config, heldLock, (error, retryMs) =>
    app.log.warn({ err: error }, `the store is unavailable at start; trying again in ${retryMs} ms`),
  );
  const health = new StoreHealth({
    probe: async () => {
      // Ahead of queued reads: a busy store is not an absent one.
      const problem = await storeProblem(withPriority(opened, 'urgent'), PROBE_LIMIT_MS);
      if (problem) throw new Error(problem);
    },
    onChange: (state) =>
      state.available
        ? app.log.warn('the store is available again')
        : app.log.error(`the store is unavailable (${state.reason}); panics are journaled until it returns`),
  });
  app.addHook('onClose', async () => {
    health.stop();
    await opened.close();
  });
  app.decorate('db', withStoreHealth(opened, health));
  app.decorate('storeHealth', health);
});
