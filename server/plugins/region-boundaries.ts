import type { Config } from '../config.ts';
import { RegionBoundaries, regionsChannel } from '../ingest/region-boundaries.ts';
import { StoreUnavailableError } from '../db/store-errors.ts';
import { rootPlugin } from './root-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The regions' boundaries in memory: where a panic outside every zone is filed. */
    regionBoundaries: RegionBoundaries;
  }
}

/** A notification lost while the listening connection was down is caught by this poll. */
const REGION_POLL_MS = 5000;

/** Reads the boundaries before the first request and follows every server's region writes. */
export const regionBoundariesPlugin = rootPlugin<{ config: Config }>(async (app, { config }) => {
  const channel = regionsChannel(config.databaseUrl ? config.databaseSchema : 'pglite');
  const boundaries = new RegionBoundaries(app.db, channel, (error) => {
    // While the store is away its health says so once; the boundaries in memory still place panics.
    if (!(error instanceof StoreUnavailableError))
      app.log.warn({ err: error }, 'could not read the region boundaries again');
  });
  app.addHook('preClose', () => boundaries.stop());
  app.decorate('regionBoundaries', boundaries);
  await boundaries.start(app.db.mode === 'postgres' ? REGION_POLL_MS : undefined);
});
