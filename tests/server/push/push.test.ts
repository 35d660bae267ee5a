// Web Push to operators' phones (issue 35 point 5): a real push receiver on 127.0.0.1 gets each new panic and
// escalation, encrypted (aes128gcm) so that only the subscribing browser's keys read it; region choices hold;
// a subscription the push service says is gone is deleted; and a push service that hangs or is down never
// holds a panic's 201.
import { existsSync, statSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_PUSH_SUBSCRIPTIONS, PushMessage } from '../../../src/api/push.ts';
import { escalateDuePanics } from '../../../server/jobs/escalation.ts';
import { VAPID_KEY_FILE } from '../../../server/push/vapid-keys.ts';
import { BrowserKeys, PushReceiver } from '../../helpers/push-receiver.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';

let server: TestServer;
let receiver: PushReceiver;
const PANIC = { latitude: 25.5788, longitude: 91.8933 };

async function subscribe(browser: BrowserKeys, fields: Record<string, unknown> = {}) {
  const answer = await call(server.url, 'POST', '/push/subscriptions', {
    subscription: browser.subscription(),
    ...fields,
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
}

async function panic(touristId: string): Promise<{ incident: { id: string; regionId: string } }> {
  const answer = await call(server.url, 'POST', '/panic-alert', { ...PANIC, touristId });
  expect(answer.status).toBe(201);
  return answer.body;
}

/** A port nothing listens on: connections to it are refused. */
async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

const endpoints = async () =>
  ((await call(server.url, 'GET', '/push/subscriptions')).body.subscriptions as { endpoint: string }[]).map(
    (s) => s.endpoint,
  );

beforeAll(async () => {
  receiver = await PushReceiver.start();
  server = await startTestServer({ escalateAfterS: 600, push: { timeoutMs: 3000, concurrency: 8, pollMs: 1000 } });
});
afterAll(async () => {
  await server?.stop();
  await receiver?.close();
});

describe('a new panic', () => {
  it('reaches a subscribed browser encrypted for it, naming the panic, its region and time, urgent, with a TTL', async () => {
    const phone = receiver.browser('phone');
    await subscribe(phone);
    const answer = await panic('push-first');
    await expect.poll(() => receiver.to(phone).length, { timeout: 15_000 }).toBe(1);
    const [request] = receiver.to(phone);
    expect(request.headers['content-encoding']).toBe('aes128gcm');
    expect(request.headers.urgency).toBe('high');
    expect(Number(request.headers.ttl)).toBeGreaterThan(0);
    expect(request.headers.authorization).toMatch(/^vapid t=.+, k=/);
    // Encrypted: the incident's id is not in the bytes the push service sees.
    expect(request.body.toString('latin1')).not.toContain(answer.incident.id);
    const message = PushMessage.parse(phone.read(request));
    expect(message).toMatchObject({
      incidentId: answer.incident.id,
      kind: 'panic.created',
      regionId: answer.incident.regionId,
      title: `New panic alert in ${answer.incident.regionId}`,
    });
    expect(message.at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    // Another browser's keys cannot read it.
    expect(() => new BrowserKeys('https://elsewhere.example/x').read(request)).toThrow();
  });

  it('reaches only the browsers subscribed to its region (or to every region), and those wanting panics', async () => {
    const first = await panic('push-region-probe');
    const region = first.incident.regionId;
    const mine = receiver.browser('mine');
    const other = receiver.browser('other-region');
    const escalationsOnly = receiver.browser('escalations-only');
    const everywhere = receiver.browser('everywhere');
    await subscribe(mine, { regionIds: [region] });
    await subscribe(everywhere, { regionIds: [] });
    await subscribe(other, { regionIds: ['region-nobody-panics-in'] });
    await subscribe(escalationsOnly, { events: ['incident.escalated'] });
    const answer = await panic('push-region');
    // Subscriptions are read when the cursor reaches an event, not when it was committed: on a busy machine the
    // probe's panic may still be waiting then, and reach the new subscribers too. Each gets this panic once.
    const incidentsTo = (browser: typeof mine) =>
      receiver.to(browser).map((request) => (browser.read(request) as { incidentId: string }).incidentId);
    await expect.poll(() => incidentsTo(mine), { timeout: 15_000 }).toContain(answer.incident.id);
    expect(incidentsTo(mine).filter((id) => id === answer.incident.id)).toHaveLength(1);
    expect(incidentsTo(mine).every((id) => id === answer.incident.id || id === first.incident.id)).toBe(true);
    await expect.poll(() => incidentsTo(everywhere), { timeout: 15_000 }).toContain(answer.incident.id);
    expect(incidentsTo(everywhere).filter((id) => id === answer.incident.id)).toHaveLength(1);
    // Sent in the same pass as those two: a little longer is plenty for a message that was coming.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(receiver.to(other)).toEqual([]);
    expect(receiver.to(escalationsOnly)).toEqual([]);
  });
});

describe('an escalation', () => {
  it('is pushed to the browsers that want escalations', async () => {
    const supervisor = receiver.browser('supervisor');
    await subscribe(supervisor, { events: ['incident.escalated'] });
    const answer = await panic('push-escalated');
    const escalated = await escalateDuePanics(server.ctx, new Date(Date.now() + 601_000));
    expect(escalated.map((incident) => incident.id)).toContain(answer.incident.id);
    await expect
      .poll(() => receiver.to(supervisor).map((request) => supervisor.read(request)), { timeout: 15_000 })
      .toContainEqual(expect.objectContaining({ incidentId: answer.incident.id, kind: 'incident.escalated' }));
  });
});

describe('a push service that says the subscription is gone, hangs or is down', () => {
  it('410 deletes the subscription', async () => {
    const gone = receiver.browser('gone', 'gone');
    await subscribe(gone);
    expect(await endpoints()).toContain(gone.endpoint);
    await panic('push-gone');
    await expect.poll(endpoints, { timeout: 15_000 }).not.toContain(gone.endpoint);
    expect(receiver.to(gone).length).toBeGreaterThanOrEqual(1);
  });

  it('never holds the panic: 201 while the push service holds the request, and while it refuses connections', async () => {
    const hanging = receiver.browser('hanging', 'hang');
    await subscribe(hanging);
    await subscribe(new BrowserKeys(`http://127.0.0.1:${await closedPort()}/down`));
    await panic('push-hang-1');
    await expect.poll(() => receiver.to(hanging).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
    // The push service holds that request unanswered (for up to the 3 s time limit): a panic now is answered at once.
    const started = Date.now();
    await panic('push-hang-2');
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('subscribing', () => {
  it('refuses bad input with a sentence naming the field, and more than the bound per operator', async () => {
    const plain = await call(server.url, 'POST', '/push/subscriptions', {
      subscription: new BrowserKeys('http://push.example.org/x').subscription(),
    });
    expect(plain.status).toBe(400);
    expect(plain.body).toMatchObject({
      ok: false,
      error: expect.stringContaining('subscription.endpoint must be an https:// address'),
    });
    const noKeys = await call(server.url, 'POST', '/push/subscriptions', {
      subscription: { endpoint: 'https://push.example.org/x' },
    });
    expect(noKeys.status).toBe(400);
    expect(noKeys.body.error).toContain('subscription.keys');
    const badRegion = await call(server.url, 'POST', '/push/subscriptions', {
      subscription: new BrowserKeys('https://push.example.org/x').subscription(),
      regionIds: 'all',
    });
    expect(badRegion.status).toBe(400);
    expect(badRegion.body.error).toContain('regionIds');

    for (const endpoint of await endpoints())
      expect((await call(server.url, 'DELETE', '/push/subscriptions', { endpoint })).body.deleted).toBe(true);
    for (let n = 0; n < MAX_PUSH_SUBSCRIPTIONS; n++)
      await subscribe(new BrowserKeys(`https://push.example.org/bound-${n}`));
    const again = await call(server.url, 'POST', '/push/subscriptions', {
      subscription: new BrowserKeys('https://push.example.org/bound-0').subscription(),
    });
    expect(again.status).toBe(201);
    const beyond = await call(server.url, 'POST', '/push/subscriptions', {
      subscription: new BrowserKeys('https://push.example.org/one-too-many').subscription(),
    });
    expect(beyond.status).toBe(400);
    expect(beyond.body.error).toContain(`${MAX_PUSH_SUBSCRIPTIONS} browsers`);
    expect(await endpoints()).toHaveLength(MAX_PUSH_SUBSCRIPTIONS);
  });

  it('is audited, and the key pair is kept private in DATA_DIR', async () => {
    const audit = await call(server.url, 'GET', '/audit?action=push.subscribe&limit=5');
    expect(audit.status).toBe(200);
    expect(audit.body.entries[0]).toMatchObject({
      action: 'push.subscribe',
      detail: { pushService: 'push.example.org' },
    });
    const key = await call(server.url, 'GET', '/push/key');
    expect(key.body.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    const path = join(server.config.dataDir, VAPID_KEY_FILE);
    expect(existsSync(path)).toBe(true);
    expect(statSync(path).mode & 0o077).toBe(0);
  });
});
