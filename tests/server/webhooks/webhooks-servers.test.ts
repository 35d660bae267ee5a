// Outgoing notifications with two server processes on one PostgreSQL (issue 34 point 5): both send from the
// one outbox, and no delivery is sent by both (rows are claimed with SKIP LOCKED under a lease).
import { describe, expect, it } from 'vitest';
import { spawnServerPair } from '../../helpers/server-pair.ts';
import { call } from '../../helpers/server.ts';
import { WebhookReceiver } from '../../helpers/webhook-receiver.ts';

const QUICK = { WEBHOOK_POLL_MS: '10', WEBHOOK_RETRY_BASE_MS: '10', WEBHOOK_CONCURRENCY: '2' };
const PANICS = 30;

describe.runIf(process.env.DATABASE_URL)('two servers on one PostgreSQL', () => {
  it('send every delivery once between them', { timeout: 120_000 }, async () => {
    const pair = await spawnServerPair(QUICK);
    const receiver = await WebhookReceiver.start();
    try {
      const created = await call(pair.a.url, 'POST', '/webhooks', {
        name: 'pair',
        url: receiver.url,
        events: ['panic.created'],
      });
      receiver.secret = created.body.secret;
      const panics = await Promise.all(
        Array.from({ length: PANICS }, (_, i) =>
          call(i % 2 ? pair.b.url : pair.a.url, 'POST', '/panic-alert', {
            latitude: 25.5,
            longitude: 91.8,
            touristId: `pair-${i}`,
          }),
        ),
      );
      expect(panics.map((answer) => answer.status)).toEqual(Array(PANICS).fill(201));
      for (;;) {
        const pending = await call(pair.a.url, 'GET', '/webhooks/deliveries?state=pending');
        const delivered = await call(pair.a.url, 'GET', '/webhooks/deliveries?state=delivered&limit=200');
        if (pending.body.deliveries.length === 0 && delivered.body.deliveries.length === PANICS) break;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const ids = receiver.received.map((entry) => entry.id);
      expect(ids).toHaveLength(PANICS);
      expect(new Set(ids).size).toBe(PANICS);
      expect(receiver.received.every((entry) => entry.signatureValid)).toBe(true);
    } finally {
      await pair.stop();
      await receiver.close();
    }
  });
});
