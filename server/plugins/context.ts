import type { Config } from '../config.ts';
import { createContext, type AppContext } from '../context.ts';
import { rootPlugin } from './root-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** What every route gets: the store, the stream, configuration. */
    ctx: AppContext;
  }
}

/** The context over the store, the panic journal and the stream hub; it opens nothing of its own. */
export const contextPlugin = rootPlugin<{ config: Config; channel: string }>(async (app, { config, channel }) => {
  const ctx = createContext(
    config,
    app.db,
    app.hub,
    channel,
    app.panicJournal,
    app.regionBoundaries,
    app.panicFallback,
    app.positions,
  );
  // This server's own zone writes are in memory at once; other servers' within the zones' poll.
  ctx.onCommitted((messages) => {
    if (messages.some((message) => message.type === 'geofence_update')) app.zonesInMemory.refresh();
  });
  app.decorate('ctx', ctx);
});
