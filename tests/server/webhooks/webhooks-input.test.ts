// The webhooks' contract as issue 34 point 7 names it (`POST /webhooks {url, events, secret?}`) and its bad
// input (point 8): a URL that is not http(s), or that points at a link-local neighbour or a cloud metadata
// service, is refused with a sentence naming the field, and nothing is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';
import { WebhookReceiver } from '../../helpers/webhook-receiver.ts';
import { panic, QUICK_SENDER, untilDelivery } from '../support/webhooks.ts';

let server: TestServer;
let receiver: WebhookReceiver;

beforeAll(async () => {
  server = await startTestServer({ webhooks: QUICK_SENDER });
  receiver = await WebhookReceiver.start();
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

const storedUrls = async () =>
  (await server.ctx.db.query<{ url: string }>('select url from webhooks')).rows.map((row) => row.url);

describe('POST /webhooks {url, events, secret?}', () => {
  it('takes a URL and events alone, names the webhook after the host, and signs with the secret the client chose', async () => {
    const secret = `whsec_${Buffer.from('a chosen secret of 32 bytes!!!!!').toString('base64')}`;
    const created = await call(server.url, 'POST', '/webhooks', {
      url: receiver.url,
      events: ['panic.created'],
      secret,
    });
    expect(created.status).toBe(201);
    expect(created.body.webhook).toMatchObject({
      name: new URL(receiver.url).host,
      url: receiver.url,
      events: ['panic.created'],
      enabled: true,
    });
    expect(created.body.secret).toBe(secret);
    receiver.secret = secret;
    const { incident } = await panic(server);
    await untilDelivery(
      server,
      created.body.webhook.id,
      (delivery) => delivery.eventType === 'panic.created',
      'delivered',
    );
    const received = receiver.received.find((entry) => entry.event.data.incident?.id === incident.id)!;
    expect(received.signatureValid).toBe(true);
    const listed = await call(server.url, 'GET', '/webhooks');
    expect(listed.body.webhooks.map((webhook: { id: string }) => webhook.id)).toContain(created.body.webhook.id);
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect(
      (await call(server.url, 'GET', `/webhooks/deliveries?webhookId=${created.body.webhook.id}`)).body.deliveries
        .length,
    ).toBeGreaterThan(0);
  });

  it('refuses a secret that is not whsec_ and 24 to 64 bytes of base64', async () => {
    for (const secret of ['hunter2', 'whsec_c2hvcnQ=', `whsec_${'!'.repeat(40)}`]) {
      const refused = await call(server.url, 'POST', '/webhooks', {
        url: receiver.url,
        events: ['panic.created'],
        secret,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe(
        'Invalid request body: secret must be whsec_ followed by 24 to 64 bytes in base64 (or left out: the server makes one).',
      );
    }
  });

  it('refuses URLs that are not http(s) or reach a link-local or metadata address, on create and on change, storing nothing', async () => {
    const before = await storedUrls();
    const refusals: [string, string][] = [
      ['ftp://files.example.org/hook', 'url must be an http:// or https:// address'],
      ['javascript:alert(1)', 'url must be an http:// or https:// address'],
      [
        'http://169.254.169.254/latest/meta-data/',
        'url must not point at a link-local address (169.254.169.254, 169.254.0.0/16)',
      ],
      // The URL parser reads a bare number as an IPv4 address: 2852039166 is 169.254.169.254.
      ['http://2852039166/', 'url must not point at a link-local address (169.254.169.254, 169.254.0.0/16)'],
      ['http://[fe80::1]:8080/hook', 'url must not point at a link-local or metadata address (fe80::1)'],
      ['http://[fd00:ec2::254]/', 'url must not point at a link-local or metadata address (fd00:ec2::254)'],
      ['http://[::ffff:169.254.169.254]/', 'url must not point at a link-local or metadata address (::ffff:a9fe:a9fe)'],
      [
        'http://metadata.google.internal/computeMetadata/v1/',
        'url must not point at a cloud metadata service (metadata.google.internal)',
      ],
      ['http://100.100.100.200/latest/meta-data/', 'url must not point at a cloud metadata service (100.100.100.200)'],
    ];
    for (const [url, sentence] of refusals) {
      const refused = await call(server.url, 'POST', '/webhooks', { url, events: ['panic.created'] });
      expect(refused.status, url).toBe(400);
      expect(refused.body.error, url).toBe(`Invalid request body: ${sentence}.`);
    }
    const kept = await call(server.url, 'POST', '/webhooks', {
      url: 'https://hooks.example.org/panic',
      events: ['incident.dispatched'],
    });
    const changed = await call(server.url, 'PATCH', `/webhooks/${kept.body.webhook.id}`, {
      url: 'http://169.254.169.254/',
      enabled: false,
    });
    expect(changed.status).toBe(400);
    expect(changed.body.error).toBe(
      'Invalid request body: url must not point at a link-local address (169.254.169.254, 169.254.0.0/16).',
    );
    expect(await storedUrls()).toEqual([...before, 'https://hooks.example.org/panic']);
    const { rows } = await server.ctx.db.query<{ enabled: boolean }>('select enabled from webhooks where id = $1', [
      kept.body.webhook.id,
    ]);
    expect(rows[0].enabled).toBe(true);
  });
});
