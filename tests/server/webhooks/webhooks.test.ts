// Outgoing notifications (issue 34 point 5): a new panic, a watch incident and an escalation reach a real
// receiver once, signed (Standard Webhooks) and checked there; a receiver that fails or refuses connections
// gets the event later under the same webhook-id; a receiver that hangs never holds a panic's 201.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookEvent } from '../../../src/api/webhooks.ts';
import { escalateDuePanics } from '../../../server/jobs/escalation.ts';
import { runWatchCheck } from '../../../server/jobs/watch-check.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';
import { WebhookReceiver } from '../../helpers/webhook-receiver.ts';
import { reporting, secondsAfter, uniqueTourist } from '../support/watch.ts';
import { createWebhook, outboxRowsOf, panic, QUICK_SENDER, untilDelivery, untilSettled } from '../support/webhooks.ts';

let server: TestServer;
const receivers: WebhookReceiver[] = [];
const receiver = async (mode: 'ok' | 'fail' | 'hang' = 'ok') => {
  const started = await WebhookReceiver.start(mode);
  receivers.push(started);
  return started;
};

beforeAll(async () => {
  server = await startTestServer({ webhooks: QUICK_SENDER, escalateAfterS: 600 });
});
afterAll(async () => {
  await server?.stop();
  for (const started of receivers) await started.close();
});

describe('a new panic', () => {
  it('reaches a subscribed receiver once, signed and fresh, with the incident and alert the phone was answered', async () => {
    const relay = await receiver();
    const webhookId = await createWebhook(server, relay);
    const watchOnly = await receiver();
    const watchOnlyId = await createWebhook(server, watchOnly, { events: ['watch.created'] });
    const elsewhere = await receiver();
    await createWebhook(server, elsewhere, { regionId: 'no-such-region' });

    const answer = await panic(server);
    const delivered = await untilDelivery(
      server,
      webhookId,
      (delivery) => delivery.eventType === 'panic.created',
      'delivered',
    );
    const received = relay.received.filter((entry) => entry.event.data.incident?.id === answer.incident.id);
    expect(received).toHaveLength(1);
    expect(received[0]).toMatchObject({ id: delivered.id, signatureValid: true, timestampFresh: true, answered: 'ok' });
    expect(WebhookEvent.safeParse(received[0].event).success).toBe(true);
    expect(received[0].event).toEqual({
      id: delivered.eventId,
      type: 'panic.created',
      timestamp: expect.any(String),
      data: { incident: answer.incident, alert: answer.alert },
    });
    expect(delivered).toMatchObject({ attempts: 1, lastStatus: 200, lastError: null });

    // One outbox row, for the one webhook that matches: not the watch-only one, not the other region's.
    expect((await outboxRowsOf(server, answer.incident.id)).map((row) => row.webhook_id)).toEqual([webhookId]);
    expect(watchOnly.received).toEqual([]);
    expect(elsewhere.received).toEqual([]);
    expect(watchOnlyId).not.toBe(webhookId);
  });

  it('is answered 201 while the receiver holds the request without answering', async () => {
    const hanging = await receiver('hang');
    const hangingId = await createWebhook(server, hanging);
    const first = await panic(server);
    // Answered 201 although the receiver has answered nothing (it answers only when released).
    expect(hanging.received.every((entry) => entry.answered === 'hang')).toBe(true);
    await hanging.until((received) => received.some((entry) => entry.event.data.incident?.id === first.incident.id));
    // The receiver holds the first panic's request: a second panic is still stored and answered.
    const second = await panic(server, { latitude: 25.58, longitude: 91.9, touristId: 'webhook-second' });
    expect(second.incident.id).not.toBe(first.incident.id);
    // Its request may be held too, or not sent yet: either way it is delivered once the receiver answers.
    hanging.mode = 'ok';
    hanging.release();
    const settled = await untilSettled(server, second.incident.id);
    expect(settled.filter((row) => row.webhook_id === hangingId).map((row) => row.state)).toEqual(['delivered']);
  });
});

describe('a receiver that fails, then recovers', () => {
  it('gets the event later under the same webhook-id, and once it answers 2xx it is not sent again', async () => {
    const flaky = await receiver('fail');
    const webhookId = await createWebhook(server, flaky);
    const answer = await panic(server);
    const ofPanic = () => flaky.received.filter((entry) => entry.event.data.incident?.id === answer.incident.id);
    await flaky.until(() => ofPanic().length >= 3);
    flaky.mode = 'ok';
    const delivered = await untilDelivery(
      server,
      webhookId,
      (delivery) => delivery.eventType === 'panic.created',
      'delivered',
    );
    const attempts = ofPanic();
    expect(new Set(attempts.map((entry) => entry.id))).toEqual(new Set([delivered.id]));
    expect(attempts.every((entry) => entry.signatureValid)).toBe(true);
    expect(attempts.map((entry) => entry.answered).filter((answered) => answered === 'ok')).toEqual(['ok']);
    expect(delivered.attempts).toBe(attempts.length);
    // Each attempt is signed anew; the body is the same event.
    expect(new Set(attempts.map((entry) => entry.event.id)).size).toBe(1);
  });

  it('gets the event once it listens again after refusing connections', async () => {
    const down = await receiver();
    const webhookId = await createWebhook(server, down);
    await down.refuse();
    const answer = await panic(server);
    await untilDeliveryFailed(webhookId);
    await down.listen();
    const delivered = await untilDelivery(
      server,
      webhookId,
      (delivery) => delivery.eventType === 'panic.created',
      'delivered',
    );
    const received = down.received.filter((entry) => entry.event.data.incident?.id === answer.incident.id);
    expect(received.map((entry) => [entry.id, entry.signatureValid])).toEqual([[delivered.id, true]]);
    expect(delivered.attempts).toBeGreaterThanOrEqual(2);
  });

  async function untilDeliveryFailed(webhookId: string): Promise<void> {
    for (;;) {
      const { rows } = await server.ctx.db.query<{ last_error: string | null }>(
        'select last_error from webhook_deliveries where webhook_id = $1',
        [webhookId],
      );
      if (rows[0]?.last_error) return void expect(rows[0].last_error).toMatch(/ECONNREFUSED/);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }
});

describe('watch incidents and escalations', () => {
  it('sends a watch incident to a watch.created webhook, with its rule and severity', async () => {
    const watchDesk = await receiver();
    await createWebhook(server, watchDesk, { events: ['watch.created'] });
    const tourist = uniqueTourist('webhook');
    const start = await reporting(server, tourist, 26.5, 92.5);
    const { raised } = await runWatchCheck(server.ctx, secondsAfter(start, 31 * 60));
    const silent = raised.find((incident) => incident.touristId === tourist)!;
    const [received] = await watchDesk.until((entries) => entries.length > 0 && entries);
    expect(received).toMatchObject({
      signatureValid: true,
      event: {
        type: 'watch.created',
        data: { incident: { id: silent.id, type: 'silent', severity: silent.severity } },
      },
    });
  });

  it('sends an escalation to an incident.escalated webhook, filtered by severity', async () => {
    const supervisors = await receiver();
    await createWebhook(server, supervisors, { events: ['incident.escalated'], minSeverity: 'high' });
    const answer = await panic(server, { latitude: 25.6, longitude: 91.95, touristId: 'webhook-escalated' });
    const escalated = await escalateDuePanics(server.ctx, new Date(Date.now() + 601_000));
    expect(escalated.map((incident) => incident.id)).toContain(answer.incident.id);
    await supervisors.until((entries) => entries.some((entry) => entry.event.data.incident.id === answer.incident.id));
    const mine = supervisors.received.filter((entry) => entry.event.data.incident.id === answer.incident.id);
    expect(mine).toHaveLength(1);
    expect(mine[0].event).toMatchObject({
      type: 'incident.escalated',
      data: { incident: { id: answer.incident.id, escalatedAt: expect.any(String) } },
    });
    expect(mine[0].signatureValid).toBe(true);
  });
});

describe('configuration', () => {
  it('refuses a URL that is not http(s), with a sentence naming the field', async () => {
    const refused = await call(server.url, 'POST', '/webhooks', {
      name: 'x',
      url: 'file:///etc/passwd',
      events: ['panic.created'],
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toBe('Invalid request body: url must be an http:// or https:// address.');
    const unknownEvent = await call(server.url, 'POST', '/webhooks', {
      name: 'x',
      url: 'https://example.org/',
      events: ['panic.deleted'],
    });
    expect(unknownEvent.status).toBe(400);
  });
});
