// Web Push opt-in (issue 35 point 5): an operator's browsers subscribe, each for some regions and events,
// list their own and unsubscribe. Any role may: a viewer watching a region wants its panics on the phone
// too. Every write is audited in its own transaction; the audit keeps the push service's host, not the
// endpoint itself, which is a capability to message that browser.
import type { FastifyInstance } from 'fastify';
import {
  MAX_PUSH_SUBSCRIPTIONS,
  PushDeletedResponse,
  PushKeyResponse,
  PushSubscribeBody,
  PushSubscriptionResponse,
  PushSubscriptionsResponse,
  PushUnsubscribeBody,
} from '../../src/api/push.ts';
import type { AppContext } from '../context.ts';
import { whoActs } from '../http/acting-operator.ts';
import { HttpError } from '../http/errors.ts';
import { defineRoute } from '../http/route.ts';
import { appendAudit } from '../stores/audit.ts';
import {
  countOtherSubscriptions,
  deleteSubscription,
  listSubscriptions,
  upsertSubscription,
} from '../stores/push-subscriptions.ts';

const hostOf = (endpoint: string) => (URL.canParse(endpoint) ? new URL(endpoint).host : '');

export async function pushRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tags = ['push'];

  defineRoute(
    app,
    {
      tags,
      method: 'GET',
      url: '/push/key',
      response: PushKeyResponse,
      summary: "The server's public VAPID key, which a browser subscribes with",
    },
    async () => ({
      publicKey: app.vapidKeys.publicKey,
    }),
  );

  defineRoute(
    app,
    {
      tags,
      method: 'GET',
      url: '/push/subscriptions',
      response: PushSubscriptionsResponse,
      summary: "The caller's push subscriptions (without their keys)",
    },
    async ({ request }) => ({
      subscriptions: await listSubscriptions(ctx.db, whoActs(request).actor),
    }),
  );

  defineRoute(
    app,
    {
      tags,
      method: 'POST',
      url: '/push/subscriptions',
      body: PushSubscribeBody,
      status: 201,
      response: PushSubscriptionResponse,
      summary: `Push new panics and escalations to this browser: \`{subscription:{endpoint, keys:{p256dh, auth}}, regionIds?, events?}\` (no regions: all); at most ${MAX_PUSH_SUBSCRIPTIONS} per operator`,
    },
    async ({ body, request }) => {
      const who = whoActs(request);
      const subscription = await ctx.write(async (tx) => {
        if ((await countOtherSubscriptions(tx, who.actor, body.subscription.endpoint)) >= MAX_PUSH_SUBSCRIPTIONS) {
          throw new HttpError(
            400,
            `You already receive push messages on ${MAX_PUSH_SUBSCRIPTIONS} browsers; turn push off on one of them first.`,
          );
        }
        const stored = await upsertSubscription(tx, {
          ...body.subscription,
          operator: who.actor,
          regionIds: body.regionIds,
          events: body.events,
        });
        const detail = { pushService: hostOf(stored.endpoint), regionIds: stored.regionIds, events: stored.events };
        await appendAudit(tx, { ...who, action: 'push.subscribe', target: who.actor, detail });
        return stored;
      });
      return { subscription };
    },
  );

  defineRoute(
    app,
    {
      tags,
      method: 'DELETE',
      url: '/push/subscriptions',
      body: PushUnsubscribeBody,
      response: PushDeletedResponse,
      summary: "Stop pushing to one of the caller's browsers: `{endpoint}`",
    },
    async ({ body, request }) => {
      const who = whoActs(request);
      const deleted = await ctx.write(async (tx) => {
        const found = await deleteSubscription(tx, who.actor, body.endpoint);
        if (found)
          await appendAudit(tx, {
            ...who,
            action: 'push.unsubscribe',
            target: who.actor,
            detail: { pushService: hostOf(body.endpoint) },
          });
        return found;
      });
      return { deleted };
    },
  );
}
