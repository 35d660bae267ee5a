import type { Config } from '../config.ts';
import type { PanicJournal } from '../db/panic-journal.ts';
import { startDurablePanics, type DurablePanics } from '../ingest/panic-durability.ts';
import { rootPlugin } from './root-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Accepted panics, on disk before their 201 (embedded store; a no-op on PostgreSQL). */
    panicJournal: PanicJournal;
    /** Puts back the panics the start window took after the first replay (see startServer). */
    catchUpStartWindow: DurablePanics['catchUp'];
  }
}

/**
 * Opens the panic journal (or takes over the start window's) and puts back what the store lost or never had.
 * Needs the store and the region boundaries; at close it syncs the store's files and empties the journal,
 * before the store closes.
 */
export const durablePanicsPlugin = rootPlugin<{ config: Config; channel: string; startJournal?: PanicJournal }>(
  async (app, { config, channel, startJournal }) => {
    const durablePanics = await startDurablePanics(config, app.db, {
      channel,
      startJournal,
      regionOutsideZones: (point) => app.regionBoundaries.regionOf(point),
      onBandDetailsLost: (error) => app.log.warn({ err: error }, 'band SOS details not stored'),
      onReplayPause: (panics) => app.log.warn(`START_REPLAY_DELAY_MS: holding the replay of ${panics} panic(s) open`),
    });
    app.addHook('onClose', () => durablePanics.close());
    app.decorate('panicJournal', durablePanics.journal);
    app.decorate('catchUpStartWindow', durablePanics.catchUp);
    if (durablePanics.replayed > 0)
      app.log.warn(`${durablePanics.replayed} journaled panic(s) the store had lost or not yet held were put back`);
  },
);
