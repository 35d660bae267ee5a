import { StoreUnavailableError } from '../db/store-errors.ts';
import { ZonesInMemory } from '../ingest/zones-in-memory.ts';
import { rootPlugin } from './root-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The zones as last read: where a panic the store cannot take is filed in its answer. */
    zonesInMemory: ZonesInMemory;
  }
}

/** How often the zones' revision is checked: a zone written elsewhere is known here this much later at most. */
const ZONES_POLL_MS = 5000;

export const zonesInMemoryPlugin = rootPlugin(async (app) => {
  const zones = new ZonesInMemory(app.db, (error) => {
    if (!(error instanceof StoreUnavailableError)) app.log.warn({ err: error }, 'could not read the zones again');
  });
  app.addHook('preClose', () => zones.stop());
  app.decorate('zonesInMemory', zones);
  await zones.start(ZONES_POLL_MS);
});
