import { rehearsePanic } from '../ingest/panic-rehearsal.ts';
import { rootPlugin } from './root-plugin.ts';

/** Once the app is ready, a rolled-back panic warms the panic path (off the start's way); a close waits for it. */
export const panicRehearsalPlugin = rootPlugin(async (app) => {
  let rehearsal: Promise<void> | undefined;
  app.addHook('onReady', async () => {
    rehearsal = rehearsePanic(app.ctx).catch((error: unknown) =>
      app.log.warn({ err: error }, 'the panic rehearsal failed'),
    );
  });
  app.addHook('preClose', async () => {
    await rehearsal;
  });
});
