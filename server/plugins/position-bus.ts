import { isStoreUnavailableError } from '../db/store-errors.ts';
import { withPriority } from '../db/seam.ts';
import { MemoryPositionBus, type PositionBus } from '../positions/position-bus.ts';
import type { Config } from '../config.ts';
import { PostgresPositionBus } from '../positions/postgres-position-bus.ts';
import { rootPlugin } from './root-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Stored positions, this server's and (on PostgreSQL) the others', for the streams. */
    positions: PositionBus;
  }
}

/** How often a server on PostgreSQL reads the positions other servers stored. */
const POSITIONS_POLL_MS = 1000;

/**
 * NATS when NATS_URL is set; else the embedded store is one process, its bus in memory, and PostgreSQL's servers
 * read each other's from it.
 */
export const positionBusPlugin = rootPlugin<{ config: Config }>(async (app, { config }) => {
  if (config.natsUrl) {
    // Loaded only here: a server without NATS_URL never loads the client.
    const { NatsPositionBus } = await import('../positions/nats-position-bus.ts');
    const schema = config.databaseUrl ? config.databaseSchema : 'pglite';
    const bus = new NatsPositionBus(
      config.natsUrl,
      schema,
      (point) => app.regionBoundaries.regionOf(point),
      (error) => app.log.warn({ err: error }, 'could not hear positions through NATS'),
    );
    app.addHook('preClose', () => bus.close());
    app.decorate('positions', bus);
    return;
  }
  if (app.db.mode === 'pglite') {
    app.decorate('positions', new MemoryPositionBus());
    return;
  }
  const bus = new PostgresPositionBus(withPriority(app.db, 'background'), (error) => {
    if (!isStoreUnavailableError(error)) app.log.warn({ err: error }, 'could not read the positions');
  });
  app.addHook('preClose', () => bus.close());
  app.decorate('positions', bus);
  await bus.start(POSITIONS_POLL_MS);
});
