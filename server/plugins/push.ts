import type { Config } from '../config.ts';
import { withPriority } from '../db/seam.ts';
import { PushDispatcher } from '../push/push-dispatcher.ts';
import { PushSender } from '../push/push-sender.ts';
import { loadVapidKeys, type VapidKeys } from '../push/vapid-keys.ts';
import { dropStalePushLease } from '../stores/push-cursor.ts';
import { rootPlugin } from './root-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's VAPID pair: its public half is what browsers subscribe with (GET /push/key). */
    vapidKeys: VapidKeys;
  }
}

/**
 * Web Push to operators (issue 35 point 5), at least once: the dispatcher pushes the committed stream events
 * after its durable cursor, woken after every commit of this process that announced an incident and on a slow
 * poll; the panic's transaction and its answer never wait on it. It starts once the app is ready (the panics
 * replayed at start are stored by then) and stops with the webhook sender, before the store closes.
 */
export const pushPlugin = rootPlugin<{ config: Config }>(async (app, { config }) => {
  const keys = loadVapidKeys(config);
  const db = withPriority(app.db, 'normal');
  const sender = new PushSender(db, keys, config.push, app.log);
  const dispatcher = new PushDispatcher(db, sender, config.push, app.log);
  let unsubscribe = () => {};
  app.decorate('vapidKeys', keys);
  app.addHook('onReady', async () => {
    if (app.db.mode === 'pglite') await dropStalePushLease(db);
    unsubscribe = app.ctx.onCommitted((messages) => {
      if (messages.some((message) => message.type === 'alert' || message.type === 'incident_update')) dispatcher.wake();
    });
    dispatcher.start();
  });
  app.addHook('preClose', async () => {
    unsubscribe();
    await dispatcher.stop();
  });
});
