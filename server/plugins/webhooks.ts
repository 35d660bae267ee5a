import type { Config } from '../config.ts';
import { withPriority } from '../db/seam.ts';
import { WebhookSender } from '../webhooks/sender.ts';
import { rootPlugin } from './root-plugin.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Sends the outbox's rows to the webhooks (docs/webhooks.md). */
    webhookSender: Pick<WebhookSender, 'wake' | 'wakeSoon'>;
  }
}

/**
 * The outbox's sender: it starts once the app is ready (the panics replayed at start are in the outbox by
 * then) and is woken after every commit that announced an incident. It stops after the jobs (preClose hooks
 * run in the order they were added), before the store closes, aborting what it has in flight.
 */
export const webhooksPlugin = rootPlugin<{ config: Config }>(async (app, { config }) => {
  // Behind panics (urgent), beside the dashboard's reads: a notification of a panic is not background work.
  const sender = new WebhookSender(withPriority(app.db, 'normal'), config.webhooks, app.log);
  let unsubscribe = () => {};
  app.decorate('webhookSender', sender);
  app.addHook('onReady', async () => {
    unsubscribe = app.ctx.onCommitted((messages) => {
      if (messages.some((message) => message.type === 'alert' || message.type === 'incident_update')) sender.wakeSoon();
    });
    sender.start();
  });
  app.addHook('preClose', async () => {
    unsubscribe();
    await sender.stop();
  });
});
