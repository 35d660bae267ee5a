import { rootPlugin } from './root-plugin.ts';

const SHUTDOWN_GRACE_MS = 5000;

/**
 * In-flight requests finish before the server closes; a connection that never sends a request must not hold
 * shutdown for a minute. Registered after the stream hub, so the grace starts once the streams have ended.
 */
export const shutdownGracePlugin = rootPlugin(async (app) => {
  let forceClose: NodeJS.Timeout | undefined;
  app.addHook('preClose', async () => {
    forceClose = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
  });
  app.addHook('onClose', async () => clearTimeout(forceClose));
});
