// Web Push to operators' phones (issue 35 point 5): the subscriptions an operator's browsers make, per region
// and event, and the small JSON each push message carries, which the service worker shows as a notification.
import { z } from 'zod';
import { isLoopbackHost } from '../domain/loopback.ts';
import { webhookUrlRefusal } from '../domain/webhook-url.ts';

export const PUSH_EVENT_TYPES = ['panic.created', 'incident.escalated'] as const;
export const PushEventType = z.enum(PUSH_EVENT_TYPES, {
  error: `each event must be one of ${PUSH_EVENT_TYPES.join(', ')}`,
});
export type PushEventType = z.infer<typeof PushEventType>;

/** Browsers an operator may subscribe at once; one more is refused with 400. */
export const MAX_PUSH_SUBSCRIPTIONS = 10;

/**
 * Why the server may not post to this push endpoint, as the end of "subscription.endpoint must …". Push
 * services are https; plain http is taken only to a loopback address (a push receiver beside the server:
 * the tests'), never across a network.
 */
export function pushEndpointRefusal(value: string): string | undefined {
  const refusal = webhookUrlRefusal(value);
  if (refusal) return refusal;
  const url = new URL(value);
  if (url.protocol !== 'https:' && !isLoopbackHost(url.hostname))
    return 'be an https:// address (http:// only to a loopback address)';
  return undefined;
}

const base64url = (field: string, min: number, max: number) =>
  z
    .string({ error: `${field} must be a string` })
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, `${field} must be base64url`)
    .min(min, `${field} must be at least ${min} characters`)
    .max(max, `${field} must be at most ${max} characters`);

/** What `PushSubscription.toJSON()` gives, less `expirationTime`. */
export const PushSubscriptionJson = z.object(
  {
    endpoint: z
      .string({ error: 'subscription.endpoint must be a string' })
      .max(2000, 'subscription.endpoint must be at most 2000 characters')
      .superRefine((value, ctx) => {
        const refusal = pushEndpointRefusal(value);
        if (refusal) ctx.addIssue({ code: 'custom', message: `subscription.endpoint must ${refusal}` });
      }),
    keys: z.object(
      {
        // An uncompressed P-256 point (65 bytes) and a 16-byte secret, in base64url.
        p256dh: base64url('subscription.keys.p256dh', 86, 90),
        auth: base64url('subscription.keys.auth', 16, 24),
      },
      { error: 'subscription.keys must be an object with p256dh and auth' },
    ),
  },
  { error: 'subscription must be an object with endpoint and keys' },
);

export const PushSubscribeBody = z.object({
  subscription: PushSubscriptionJson,
  /** Empty or absent: every region. */
  regionIds: z
    .array(
      z
        .string({ error: 'each of regionIds must be a string' })
        .min(1, 'each of regionIds must not be empty')
        .max(64, 'each of regionIds must be at most 64 characters'),
      {
        error: 'regionIds must be a list of region ids',
      },
    )
    .max(100, 'regionIds must name at most 100 regions')
    .default([]),
  events: z
    .array(PushEventType, { error: 'events must be a list' })
    .min(1, 'events must name at least one event')
    .default([...PUSH_EVENT_TYPES]),
});
export type PushSubscribeBody = z.input<typeof PushSubscribeBody>;

export const PushUnsubscribeBody = z.object({
  endpoint: z
    .string({ error: 'endpoint must be a string' })
    .min(1, 'endpoint must not be empty')
    .max(2000, 'endpoint must be at most 2000 characters'),
});

/** A subscription as its operator sees it: never its keys. */
export const PushSubscriptionInfo = z.object({
  endpoint: z.string(),
  regionIds: z.array(z.string()),
  events: z.array(z.string()),
  createdAt: z.string(),
});
export type PushSubscriptionInfo = z.infer<typeof PushSubscriptionInfo>;

export const PushKeyResponse = z.object({ ok: z.literal(true), publicKey: z.string() });
export const PushSubscriptionsResponse = z.object({
  ok: z.literal(true),
  subscriptions: z.array(PushSubscriptionInfo),
});
export const PushSubscriptionResponse = z.object({ ok: z.literal(true), subscription: PushSubscriptionInfo });
export const PushDeletedResponse = z.object({ ok: z.literal(true), deleted: z.boolean() });

/** What one push message carries: enough for the notification and its click. */
export const PushMessage = z.object({
  incidentId: z.string(),
  kind: PushEventType,
  regionId: z.string(),
  /** ISO 8601, UTC. */
  at: z.string(),
  title: z.string(),
  body: z.string(),
});
export type PushMessage = z.infer<typeof PushMessage>;
