// Outgoing notifications' admin routes (issue 34 point 5): webhooks created, changed and deleted, a test
// event, the delivery log with its dead letters, and "send again". Every write is audited in its own
// transaction (never the secret); the secret is answered at creation or rotation only.
import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LEAST_ROLE } from '../../src/api/operator-acts.ts';
import {
  DeliveriesQuery,
  DeliveriesResponse,
  DeliveryResponse,
  TEST_EVENT_TYPE,
  WebhookCreateBody,
  WebhookDeletedResponse,
  WebhooksResponse,
  WebhookUpdateBody,
  WebhookWithSecretResponse,
  type Webhook,
} from '../../src/api/webhooks.ts';
import type { AppContext } from '../context.ts';
import { whoActs } from '../http/acting-operator.ts';
import { conflict, HttpError, notFound } from '../http/errors.ts';
import { defineRoute } from '../http/route.ts';
import { appendAudit } from '../stores/audit.ts';
import { findDelivery, listDeliveries, resendDead } from '../stores/webhook-deliveries.ts';
import { deleteWebhook, findWebhook, insertWebhook, listWebhooks, updateWebhook } from '../stores/webhooks.ts';
import { enqueueDirect } from '../webhooks/outbox.ts';
import { newWebhookSecret } from '../webhooks/signature.ts';
import { serverClock } from '../domain/server-clock.ts';

const idFrom = (request: FastifyRequest): string => String((request.params as { id?: unknown }).id ?? '');

const unknownWebhook = (id: string) => notFound(`No webhook has id ${id}.`);

/** What the audit trail keeps of a webhook: all but the secret, which the row alone holds. */
const audited = (webhook: Webhook) => ({
  name: webhook.name,
  url: webhook.url,
  events: webhook.events,
  regionId: webhook.regionId,
  minSeverity: webhook.minSeverity,
  enabled: webhook.enabled,
});

export async function webhooksRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const manage = { role: LEAST_ROLE.manageWebhooks, tags: ['webhooks'] };

  defineRoute(
    app,
    {
      ...manage,
      method: 'GET',
      url: '/webhooks',
      response: WebhooksResponse,
      summary: 'The configured webhooks (admin), without their secrets',
    },
    async () => ({
      webhooks: await listWebhooks(ctx.db),
    }),
  );

  defineRoute(
    app,
    {
      ...manage,
      method: 'POST',
      url: '/webhooks',
      body: WebhookCreateBody,
      status: 201,
      response: WebhookWithSecretResponse,
      summary:
        'Create a webhook (admin): `{url, events, secret?}` (and optionally name, region, least severity, enabled); answers its signing secret, this once (the one sent, or a new one)',
    },
    async ({ body, request }) => {
      const { secret: chosen, ...fields } = body;
      const secret = chosen ?? newWebhookSecret();
      const webhook = await ctx.write(async (tx) => {
        const created = await insertWebhook(
          tx,
          { ...fields, name: fields.name ?? new URL(fields.url).host },
          secret,
          whoActs(request).actor,
        );
        await appendAudit(tx, {
          ...whoActs(request),
          action: 'webhook.create',
          target: created.id,
          detail: { after: audited(created), ...(chosen && { secretChosen: true }) },
        });
        return created;
      });
      return { webhook, secret };
    },
  );

  defineRoute(
    app,
    {
      ...manage,
      method: 'PATCH',
      url: '/webhooks/:id',
      body: WebhookUpdateBody,
      response: WebhookWithSecretResponse,
      summary: 'Change a webhook (admin): what the body names; rotateSecret answers a new secret, this once',
    },
    async ({ body, request }) => {
      const id = idFrom(request);
      const { rotateSecret, ...patch } = body;
      const secret = rotateSecret ? newWebhookSecret() : undefined;
      const webhook = await ctx.write(async (tx) => {
        const before = await findWebhook(tx, id, true);
        if (!before) throw unknownWebhook(id);
        const after = (await updateWebhook(tx, id, patch, secret))!;
        const detail = { before: audited(before), after: audited(after), ...(secret && { secretRotated: true }) };
        await appendAudit(tx, { ...whoActs(request), action: 'webhook.update', target: id, detail });
        return after;
      });
      // Rows held back while it was disabled are due now.
      app.webhookSender.wake();
      return { webhook, ...(secret && { secret }) };
    },
  );

  defineRoute(
    app,
    {
      ...manage,
      method: 'DELETE',
      url: '/webhooks/:id',
      response: WebhookDeletedResponse,
      summary: 'Delete a webhook (admin), with its delivery log and dead letters',
    },
    async ({ request }) => {
      const id = idFrom(request);
      await ctx.write(async (tx) => {
        const before = await findWebhook(tx, id, true);
        if (!before || !(await deleteWebhook(tx, id))) throw unknownWebhook(id);
        await appendAudit(tx, {
          ...whoActs(request),
          action: 'webhook.delete',
          target: id,
          detail: { before: audited(before) },
        });
      });
      return { deleted: id };
    },
  );

  defineRoute(
    app,
    {
      ...manage,
      method: 'POST',
      url: '/webhooks/:id/test',
      status: 201,
      response: DeliveryResponse,
      summary: `Send a ${TEST_EVENT_TYPE} event to one webhook (admin), through the outbox like any event`,
    },
    async ({ request }) => {
      const id = idFrom(request);
      const deliveryId = await ctx.write(async (tx) => {
        const webhook = await findWebhook(tx, id);
        if (!webhook) throw unknownWebhook(id);
        const who = whoActs(request);
        const event = {
          id: `evt_${randomUUID()}`,
          type: TEST_EVENT_TYPE,
          at: serverClock.iso(),
          regionId: webhook.regionId ?? '',
          severity: 'low' as const,
          data: { test: true, sentBy: who.actor, webhook: { id, name: webhook.name } },
        };
        const queued = await enqueueDirect(tx, id, event);
        await appendAudit(tx, { ...who, action: 'webhook.test', target: id, detail: { delivery: queued } });
        return queued;
      });
      app.webhookSender.wake();
      return { delivery: (await findDelivery(ctx.db, deliveryId))! };
    },
  );

  defineRoute(
    app,
    {
      ...manage,
      method: 'GET',
      url: '/webhooks/deliveries',
      query: DeliveriesQuery,
      response: DeliveriesResponse,
      summary:
        'The delivery log (admin), newest first, by webhook and state (state=dead: the dead letters); pages by `before`',
    },
    async ({ query }) => {
      const deliveries = await listDeliveries(ctx.db, query);
      return { deliveries, nextBefore: deliveries.length === query.limit ? deliveries.at(-1)!.seq : null };
    },
  );

  defineRoute(
    app,
    {
      ...manage,
      method: 'POST',
      url: '/webhooks/deliveries/:id/send-again',
      response: DeliveryResponse,
      summary: 'Send a dead letter again (admin): same webhook-id, due now, with a fresh retry window',
    },
    async ({ request }) => {
      const id = idFrom(request);
      const delivery = await ctx.write(async (tx) => {
        const resent = await resendDead(tx, id);
        if (!resent) {
          const existing = await findDelivery(tx, id);
          if (!existing) throw new HttpError(404, `No delivery has id ${id}.`);
          throw conflict(`Delivery ${id} is ${existing.state}: only a dead letter is sent again.`);
        }
        await appendAudit(tx, {
          ...whoActs(request),
          action: 'webhook.send_again',
          target: id,
          detail: { webhookId: resent.webhookId, eventType: resent.eventType },
        });
        return resent;
      });
      app.webhookSender.wake();
      return { delivery };
    },
  );
}
