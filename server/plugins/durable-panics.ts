import type { Config } from '../config.ts';
import type { PanicJournal } from '../db/panic-journal.ts';
import { startDurablePanics, type DurablePanics } from '../ingest/panic-durability.ts';
import type { PanicFallback } from '../ingest/store-or-journal.ts';
import { rootPlugin } from './root-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Accepted panics, on disk before their 201 (embedded store; a no-op on PostgreSQL). */
    panicJournal: PanicJournal;
    /** What answers a panic the store cannot take in time, and puts it back once the store answers. */
    panicFallback: PanicFallback;
    /** Puts back the panics the start window took after the first replay (see startServer). */
    catchUpStartWindow: DurablePanics['catchUp'];
  }
}

/**
 * Opens the panic journal (or takes over the start window's) and puts back what the store lost or never had.
 * Needs the store, its health, the region boundaries and the zones in memory; at close it syncs the store's
 * files and empties the journal, before the store closes.
 */
export const durablePanicsPlugin = rootPlugin<{ config: Config; channel: string; startJournal?: PanicJournal }>(
  async (app, { config, channel, startJournal }) => {
    const regionOutsideZones = app.regionBoundaries.regionOf.bind(app.regionBoundaries);
    const durablePanics = await startDurablePanics(config, app.db, {
      channel,
      startJournal,
      health: app.storeHealth,
      regionOutsideZones,
      onBandDetailsLost: (error) => app.log.warn({ err: error }, 'band SOS details not stored'),
      onReplayPause: (panics) => app.log.warn(`START_REPLAY_DELAY_MS: holding the replay of ${panics} panic(s) open`),
      journalLog: app.log,
      onDrainFailed: (error) =>
        app.log.warn({ err: error }, 'journaled panics could not be put back yet; trying again'),
    });
    app.addHook('onClose', () => durablePanics.close());
    app.decorate('panicJournal', durablePanics.journal);
    app.decorate('panicFallback', {
      health: app.storeHealth,
      desk: durablePanics.desk,
      placeFromMemory: (point) => app.zonesInMemory.placementOf(point, regionOutsideZones),
      drainSoon: durablePanics.drainSoon,
      waitMs: config.panicStoreWaitMs,
    } satisfies PanicFallback);
    app.decorate('catchUpStartWindow', durablePanics.catchUp);
    if (durablePanics.replayed > 0)
      app.log.warn(`${durablePanics.replayed} journaled panic(s) the store had lost or not yet held were put back`);
  },
);
