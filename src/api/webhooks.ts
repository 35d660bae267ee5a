// Outgoing notifications (issue 34 point 5): the webhooks an admin configures, the JSON each receiver is
// sent, the delivery log with its dead letters. docs/webhooks.md describes
// the signature and how to attach an SMS gateway, a chat room or PagerDuty.
import { z } from 'zod';
import { webhookUrlRefusal } from '../domain/webhook-url.ts';
import { Incident } from './entities.ts';
import { Severity } from './fields.ts';

/** What a webhook may subscribe to. A new kind of event (e.g. `incident.dispatched`) is one more entry. */
export const WEBHOOK_EVENT_TYPES = [
  'panic.created',
  'watch.created',
  'incident.escalated',
  'incident.dispatched',
] as const;
export const WebhookEventType = z.enum(WEBHOOK_EVENT_TYPES, {
  error: `each event must be one of ${WEBHOOK_EVENT_TYPES.join(', ')}`,
});
export type WebhookEventType = z.infer<typeof WebhookEventType>;

/** The event an admin's "Send test event" sends to one webhook, whatever it subscribes to. */
export const TEST_EVENT_TYPE = 'webhook.test';

/** The body of every request a receiver gets (Standard Webhooks' `{type, timestamp, data}` and the event's id). */
export const WebhookEvent = z.object({
  /** The event's id: the same for every webhook it is sent to. The request's `webhook-id` header names the delivery. */
  id: z.string(),
  type: z.string(),
  timestamp: z.string(),
  data: z.looseObject({ incident: Incident.optional(), alert: z.record(z.string(), z.unknown()).optional() }),
});
export type WebhookEvent = z.infer<typeof WebhookEvent>;

const WebhookUrl = z
  .string({ error: 'url must be a string' })
  .trim()
  .max(2000, 'url must be at most 2000 characters')
  .superRefine((value, ctx) => {
    const refusal = webhookUrlRefusal(value);
    if (refusal) ctx.addIssue({ code: 'custom', message: `url must ${refusal}` });
  });

/** Standard Webhooks' form: `whsec_` and 24 to 64 random bytes in base64. */
const WebhookSecret = z
  .string({ error: 'secret must be a string' })
  .trim()
  .refine((value) => {
    const base64 = value.startsWith('whsec_') ? value.slice('whsec_'.length) : '';
    const bytes = /^[A-Za-z0-9+/]+={0,2}$/.test(base64) && base64.length % 4 === 0 ? atob(base64).length : 0;
    return bytes >= 24 && bytes <= 64;
  }, 'secret must be whsec_ followed by 24 to 64 bytes in base64 (or left out: the server makes one)');

const webhookFields = {
  name: z
    .string({ error: 'name must be a string' })
    .trim()
    .min(1, 'name must not be empty')
    .max(100, 'name must be at most 100 characters'),
  url: WebhookUrl,
  events: z
    .array(WebhookEventType, { error: 'events must be a list' })
    .min(1, 'events must name at least one event')
    .refine((events) => new Set(events).size === events.length, 'events must not repeat an event'),
  /** null: every region. */
  regionId: z.string({ error: 'regionId must be a string' }).min(1).max(64).nullable(),
  /** null: every severity; else this one and those above it. */
  minSeverity: Severity.nullable(),
  enabled: z.boolean({ error: 'enabled must be true or false' }),
};

/** The issue's `{url, events, secret?}`; a name left out is the URL's host. */
export const WebhookCreateBody = z.object({
  ...webhookFields,
  name: webhookFields.name.optional(),
  secret: WebhookSecret.optional(),
  regionId: webhookFields.regionId.default(null),
  minSeverity: webhookFields.minSeverity.default(null),
  enabled: webhookFields.enabled.default(true),
});
export type WebhookCreateBody = z.infer<typeof WebhookCreateBody>;

/** PATCH changes what it names; `rotateSecret` answers a new secret, once. */
export const WebhookUpdateBody = z.object({
  ...z.object(webhookFields).partial().shape,
  rotateSecret: z.boolean({ error: 'rotateSecret must be true or false' }).optional(),
});
export type WebhookUpdateBody = z.infer<typeof WebhookUpdateBody>;

/** A webhook as the API shows it: never its secret. */
export const Webhook = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  events: z.array(z.string()),
  regionId: z.string().nullable(),
  minSeverity: Severity.nullable(),
  enabled: z.boolean(),
  createdBy: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Webhook = z.infer<typeof Webhook>;

export const DELIVERY_STATES = ['pending', 'delivered', 'dead'] as const;
export const DeliveryState = z.enum(DELIVERY_STATES, { error: `state must be one of ${DELIVERY_STATES.join(', ')}` });
export type DeliveryState = z.infer<typeof DeliveryState>;

export const WebhookDelivery = z.object({
  /** The idempotency id every attempt carries as `webhook-id`. */
  id: z.string(),
  seq: z.number(),
  webhookId: z.string(),
  eventId: z.string(),
  eventType: z.string(),
  state: DeliveryState,
  attempts: z.number(),
  createdAt: z.string(),
  nextAttemptAt: z.string().nullable(),
  lastAttemptAt: z.string().nullable(),
  /** The receiver's HTTP status at the last attempt; null when it did not answer. */
  lastStatus: z.number().nullable(),
  lastError: z.string().nullable(),
  deliveredAt: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const DeliveriesQuery = z.object({
  webhookId: z.string().min(1).max(64).optional(),
  state: DeliveryState.optional(),
  /** Deliveries older than this sequence number (the page after one ending there). */
  before: z.coerce
    .number({ error: 'before must be a whole number' })
    .int('before must be a whole number')
    .min(1, 'before must be at least 1')
    .optional(),
  limit: z.coerce
    .number({ error: 'limit must be a whole number' })
    .int('limit must be a whole number')
    .min(1, 'limit must be between 1 and 200')
    .max(200, 'limit must be between 1 and 200')
    .default(50),
});
export type DeliveriesQuery = z.input<typeof DeliveriesQuery>;

export const WebhooksResponse = z.object({ ok: z.literal(true), webhooks: z.array(Webhook) });
/** The secret is answered at creation (and at a rotation) only: it is not shown again. */
export const WebhookWithSecretResponse = z.object({
  ok: z.literal(true),
  webhook: Webhook,
  secret: z.string().optional(),
});
export const WebhookDeletedResponse = z.object({ ok: z.literal(true), deleted: z.string() });
export const DeliveriesResponse = z.object({
  ok: z.literal(true),
  deliveries: z.array(WebhookDelivery),
  /** Pass as `before` for the next (older) page; null on the last page. */
  nextBefore: z.number().nullable(),
});
export const DeliveryResponse = z.object({ ok: z.literal(true), delivery: WebhookDelivery });
