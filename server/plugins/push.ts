import type { Config } from '../config.ts';
import { withPriority } from '../db/seam.ts';
import { pushMessagesOf } from '../push/push-messages.ts';
import { PushSender } from '../push/push-sender.ts';
import { loadVapidKeys, type VapidKeys } from '../push/vapid-keys.ts';
import { rootPlugin } from './root-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The server's VAPID pair: its public half is what browsers subscribe with (GET /push/key). */
    vapidKeys: VapidKeys;
  }
}

/**
 * Web Push to operators (issue 35 point 5): after every commit of this process that announced a new panic or
 * an escalation, the sender looks up the subscriptions and posts in the background; the panic's
 * transaction and its answer never wait on it. It stops with the webhook sender, before the store closes.
 */
export const pushPlugin = rootPlugin<{ config: Config }>(async (app, { config }) => {
  const keys = loadVapidKeys(config);
  const sender = new PushSender(withPriority(app.db, 'normal'), keys, config.push, app.log);
  let unsubscribe = () => {};
  app.decorate('vapidKeys', keys);
  app.addHook('onReady', async () => {
    unsubscribe = app.ctx.onCommitted((messages) => {
      const pushes = pushMessagesOf(messages);
      if (pushes.length > 0) sender.notify(pushes);
    });
  });
  app.addHook('preClose', async () => {
    unsubscribe();
    await sender.stop();
  });
});
