// Shared steps of the outgoing notifications' tests: a sender quick enough for a test (short backoff, polls
// often), a webhook created over HTTP whose secret the receiver checks with, and reads of the delivery log.
import { expect } from 'vitest';
import type { WebhookSettings } from '../../../server/config.ts';
import type { WebhookDelivery } from '../../../src/api/webhooks.ts';
import { call, type TestServer } from '../../helpers/server.ts';
import type { WebhookReceiver } from '../../helpers/webhook-receiver.ts';

export const QUICK_SENDER: WebhookSettings = {
  timeoutMs: 30_000,
  concurrency: 4,
  pollMs: 20,
  retryBaseMs: 10,
  retryCapMs: 40,
  retryWindowMs: 24 * 3_600_000,
  maxAttempts: 0,
};

export const PANIC = { latitude: 25.5788, longitude: 91.8933, touristId: 'webhook-tourist' };

export async function createWebhook(
  server: TestServer,
  receiver: WebhookReceiver,
  fields: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<string> {
  const created = await call(
    server.url,
    'POST',
    '/webhooks',
    { name: 'Control room relay', url: receiver.url, events: ['panic.created'], ...fields },
    headers,
  );
  expect(created.status).toBe(201);
  expect(created.body.secret).toMatch(/^whsec_/);
  receiver.secret = created.body.secret;
  return created.body.webhook.id;
}

export async function deliveriesOf(
  server: TestServer,
  webhookId: string,
  headers: Record<string, string> = {},
): Promise<WebhookDelivery[]> {
  const answer = await call(
    server.url,
    'GET',
    `/webhooks/deliveries?webhookId=${webhookId}&limit=200`,
    undefined,
    headers,
  );
  expect(answer.status).toBe(200);
  return answer.body.deliveries;
}

/** Waits until a delivery to `webhookId` that `matches` is in `state` (bounded by the test's timeout, not here). */
export async function untilDelivery(
  server: TestServer,
  webhookId: string,
  matches: (delivery: WebhookDelivery) => boolean,
  state: WebhookDelivery['state'],
  headers: Record<string, string> = {},
): Promise<WebhookDelivery> {
  for (;;) {
    const found = (await deliveriesOf(server, webhookId, headers)).find(
      (delivery) => matches(delivery) && delivery.state === state,
    );
    if (found) return found;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function panic(
  server: TestServer,
  body: object = PANIC,
): Promise<{ incident: { id: string }; alert: { id: string } }> {
  const answer = await call(server.url, 'POST', '/panic-alert', body);
  expect(answer.status).toBe(201);
  return answer.body;
}

/** The outbox rows of an incident, whatever their state (the store, to count them exactly). */
export async function outboxRowsOf(
  server: TestServer,
  incidentId: string,
): Promise<{ id: string; webhook_id: string; event_type: string; state: string }[]> {
  const { rows } = await server.ctx.db.query<{ id: string; webhook_id: string; event_type: string; state: string }>(
    "select id, webhook_id, event_type, state from webhook_deliveries where payload->'data'->'incident'->>'id' = $1 order by seq",
    [incidentId],
  );
  return rows;
}

/** The incident's outbox rows once there are some and none is pending (bounded by the test's timeout). */
export async function untilSettled(
  server: TestServer,
  incidentId: string,
): Promise<{ id: string; webhook_id: string; event_type: string; state: string }[]> {
  for (;;) {
    const rows = await outboxRowsOf(server, incidentId);
    if (rows.length > 0 && rows.every((row) => row.state !== 'pending')) return rows;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
