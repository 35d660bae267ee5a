// Outgoing notifications' admin side (issue 34 point 5): only an admin configures webhooks and reads the
// delivery log; every write is audited without the secret; a delivery whose attempts are used up is a dead
// letter, listed as such, and "send again" delivers it under the same webhook-id.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInAs } from '../../helpers/auth.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';
import { WebhookReceiver } from '../../helpers/webhook-receiver.ts';
import { createWebhook, deliveriesOf, panic, QUICK_SENDER, untilDelivery } from '../support/webhooks.ts';

let server: TestServer;
let receiver: WebhookReceiver;
let admin: Record<string, string>;

beforeAll(async () => {
  server = await startTestServer({ auth: 'on', webhooks: { ...QUICK_SENDER, maxAttempts: 3 } });
  receiver = await WebhookReceiver.start();
  admin = { cookie: await signedInAs(server, 'admin', 'webhook-admin') };
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

const auditOf = async (action: string) =>
  (await call(server.url, 'GET', `/audit?action=${action}&limit=50`, undefined, admin)).body.entries as {
    actor: string;
    target: string;
    detail: Record<string, unknown>;
  }[];

describe('who may configure webhooks', () => {
  it('answers 403 to a supervisor for every webhook route, and 401 to nobody signed in', async () => {
    const supervisor = { cookie: await signedInAs(server, 'supervisor', 'webhook-supervisor') };
    const body = { name: 'x', url: receiver.url, events: ['panic.created'] };
    for (const [method, path, sent] of [
      ['GET', '/webhooks', undefined],
      ['POST', '/webhooks', body],
      ['PATCH', '/webhooks/wh_x', { enabled: false }],
      ['DELETE', '/webhooks/wh_x', undefined],
      ['POST', '/webhooks/wh_x/test', {}],
      ['GET', '/webhooks/deliveries', undefined],
      ['POST', '/webhooks/deliveries/msg_x/send-again', {}],
    ] as const) {
      expect((await call(server.url, method, path, sent, supervisor)).status, `${method} ${path}`).toBe(403);
      expect((await call(server.url, method, path, sent)).status, `${method} ${path}`).toBe(401);
    }
    const { rows } = await server.ctx.db.query('select id from webhooks');
    expect(rows).toEqual([]);
  });
});

describe('an admin', () => {
  it('creates, changes, tests and deletes a webhook; each is audited, the secret never', async () => {
    const created = await call(
      server.url,
      'POST',
      '/webhooks',
      { name: 'SMS gateway', url: receiver.url, events: ['panic.created', 'watch.created'] },
      admin,
    );
    expect(created.status).toBe(201);
    const { webhook, secret } = created.body;
    expect(webhook).toMatchObject({
      name: 'SMS gateway',
      enabled: true,
      regionId: null,
      minSeverity: null,
      createdBy: 'webhook-admin',
    });
    expect(JSON.stringify((await call(server.url, 'GET', '/webhooks', undefined, admin)).body)).not.toContain(secret);
    receiver.secret = secret;

    const changed = await call(
      server.url,
      'PATCH',
      `/webhooks/${webhook.id}`,
      { enabled: false, minSeverity: 'high' },
      admin,
    );
    expect(changed.body.webhook).toMatchObject({ enabled: false, minSeverity: 'high', name: 'SMS gateway' });
    expect(changed.body.secret).toBeUndefined();
    const rotated = await call(
      server.url,
      'PATCH',
      `/webhooks/${webhook.id}`,
      { rotateSecret: true, enabled: true },
      admin,
    );
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(secret);
    receiver.secret = rotated.body.secret;

    const test = await call(server.url, 'POST', `/webhooks/${webhook.id}/test`, {}, admin);
    expect(test.status).toBe(201);
    await untilDelivery(server, webhook.id, (delivery) => delivery.id === test.body.delivery.id, 'delivered', admin);
    expect(receiver.received.find((entry) => entry.id === test.body.delivery.id)).toMatchObject({
      signatureValid: true,
      event: { type: 'webhook.test', data: { test: true, sentBy: 'webhook-admin' } },
    });

    expect((await call(server.url, 'DELETE', `/webhooks/${webhook.id}`, undefined, admin)).body).toEqual({
      ok: true,
      deleted: webhook.id,
    });
    expect((await call(server.url, 'DELETE', `/webhooks/${webhook.id}`, undefined, admin)).status).toBe(404);

    for (const action of ['webhook.create', 'webhook.update', 'webhook.test', 'webhook.delete']) {
      const entries = (await auditOf(action)).filter((entry) => entry.target === webhook.id);
      expect(entries.length, action).toBeGreaterThan(0);
      expect(
        entries.every((entry) => entry.actor === 'webhook-admin'),
        action,
      ).toBe(true);
      expect(JSON.stringify(entries)).not.toContain('whsec_');
    }
    expect(
      (await auditOf('webhook.update'))
        .filter((entry) => entry.target === webhook.id)
        .map((entry) => entry.detail.secretRotated ?? false),
    ).toEqual([true, false]);
  });

  it('finds a delivery whose attempts are used up among the dead letters, and sends it again under the same webhook-id', async () => {
    const webhookId = await createWebhook(server, receiver, {}, admin);
    receiver.mode = 'fail';
    const answer = await panic(server);
    const dead = await untilDelivery(
      server,
      webhookId,
      (delivery) => delivery.eventType === 'panic.created',
      'dead',
      admin,
    );
    expect(dead).toMatchObject({
      attempts: 3,
      lastStatus: 500,
      lastError: 'HTTP 500: receiver failed',
      nextAttemptAt: null,
    });
    const deadLetters = (
      await call(server.url, 'GET', `/webhooks/deliveries?state=dead&webhookId=${webhookId}`, undefined, admin)
    ).body.deliveries;
    expect(deadLetters.map((delivery: { id: string }) => delivery.id)).toEqual([dead.id]);
    const ofPanic = () => receiver.received.filter((entry) => entry.event.data.incident?.id === answer.incident.id);
    expect(ofPanic().map((entry) => entry.answered)).toEqual(['fail', 'fail', 'fail']);

    const notDead = await call(server.url, 'POST', `/webhooks/deliveries/msg_none/send-again`, {}, admin);
    expect(notDead.status).toBe(404);
    receiver.mode = 'ok';
    const again = await call(server.url, 'POST', `/webhooks/deliveries/${dead.id}/send-again`, {}, admin);
    expect(again.status).toBe(200);
    expect(again.body.delivery).toMatchObject({ id: dead.id, state: 'pending', attempts: 0 });
    await untilDelivery(server, webhookId, (delivery) => delivery.id === dead.id, 'delivered', admin);
    expect(ofPanic().map((entry) => [entry.id, entry.answered, entry.signatureValid])).toEqual([
      [dead.id, 'fail', true],
      [dead.id, 'fail', true],
      [dead.id, 'fail', true],
      [dead.id, 'ok', true],
    ]);
    const twice = await call(server.url, 'POST', `/webhooks/deliveries/${dead.id}/send-again`, {}, admin);
    expect(twice.status).toBe(409);
    expect((await auditOf('webhook.send_again')).map((entry) => entry.target)).toEqual([dead.id]);
  });

  it('pages through the delivery log, newest first', async () => {
    const webhookId = await createWebhook(server, receiver, {}, admin);
    for (let i = 0; i < 3; i++) await panic(server);
    const first = await call(
      server.url,
      'GET',
      `/webhooks/deliveries?webhookId=${webhookId}&limit=2`,
      undefined,
      admin,
    );
    expect(first.body.deliveries).toHaveLength(2);
    const second = await call(
      server.url,
      'GET',
      `/webhooks/deliveries?webhookId=${webhookId}&limit=2&before=${first.body.nextBefore}`,
      undefined,
      admin,
    );
    expect(second.body.deliveries).toHaveLength(1);
    const seqs = [...first.body.deliveries, ...second.body.deliveries].map((delivery: { seq: number }) => delivery.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => b - a));
    expect((await deliveriesOf(server, webhookId, admin)).length).toBe(3);
    expect((await call(server.url, 'GET', '/webhooks/deliveries?limit=201', undefined, admin)).status).toBe(400);
  });
});
