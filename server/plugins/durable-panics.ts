import type { Config } from '../config.ts';
import type { PanicJournal } from '../db/panic-journal.ts';
import { startDurablePanics } from '../ingest/panic-durability.ts';
import { rootPlugin } from './root-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Accepted panics, on disk before their 201 (embedded store; a no-op on PostgreSQL). */
    panicJournal: PanicJournal;
  }
}

/**
 * Opens the panic journal and puts back what the store lost. Needs the store; at close it syncs the store's
 * files and empties the journal, before the store closes.
 */
export const durablePanicsPlugin = rootPlugin<{ config: Config; channel: string }>(async (app, { config, channel }) => {
  const durablePanics = await startDurablePanics(config, app.db, channel);
  app.addHook('onClose', () => durablePanics.close());
  app.decorate('panicJournal', durablePanics.journal);
  if (durablePanics.replayed > 0) app.log.warn(`${durablePanics.replayed} journaled panic(s) the store had lost were put back`);
});
