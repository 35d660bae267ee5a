// Outgoing notifications across a restart (issue 34 point 5): a receiver that hangs does not hold a stop,
// and the attempt it cut short is not lost; rows still pending are sent by the next start; a panic taken in
// the start window gets its outbox row when the journal is replayed into the store.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../../../tools/spawn-server.ts';
import { call, dropSchema, startTestServer, uniqueSchema, type TestServer } from '../../helpers/server.ts';
import { WebhookReceiver } from '../../helpers/webhook-receiver.ts';
import { createWebhook, panic, PANIC, QUICK_SENDER, untilSettled } from '../support/webhooks.ts';

const dataDir = mkdtempSync(join(tmpdir(), 'pad-webhooks-restart-'));
const databaseSchema = process.env.DATABASE_URL ? uniqueSchema() : 'public';
afterAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  if (process.env.DATABASE_URL) await dropSchema(process.env.DATABASE_URL, databaseSchema);
});

/** A panic answered 201 while the store is still opening (from the journal): retried until the window answers. */
async function panicInStartWindow(url: string): Promise<string> {
  for (;;) {
    const answer = await fetch(`${url}/panic-alert`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...PANIC, touristId: 'in-the-window' }),
    }).catch(() => undefined);
    if (answer?.status === 201) return ((await answer.json()) as { incident: { id: string } }).incident.id;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('a restart', () => {
  it('is not held by a hanging receiver; what was pending and what the start window took are sent after it, once each', {
    timeout: 120_000,
  }, async () => {
    const receiver = await WebhookReceiver.start('hang');
    let second: TestServer | undefined;
    try {
      const first = await startTestServer({ dataDir, databaseSchema, webhooks: QUICK_SENDER });
      await createWebhook(first, receiver);
      const held = await panic(first);
      await receiver.until((received) => received.some((entry) => entry.event.data.incident?.id === held.incident.id));
      // Stopping aborts the request the receiver holds; its row stays pending and the attempt is not counted.
      await first.close();

      receiver.mode = 'ok';
      const port = await freePort();
      const starting = startTestServer({
        dataDir,
        databaseSchema,
        port,
        webhooks: QUICK_SENDER,
        startDelays: { storeMs: 1500, replayMs: 0 },
      });
      const earlyIncident = await panicInStartWindow(`http://127.0.0.1:${port}`);
      second = await starting;
      const server = second;

      await receiver.until((received) =>
        [held.incident.id, earlyIncident].every((id) =>
          received.some((entry) => entry.event.data.incident?.id === id && entry.answered === 'ok'),
        ),
      );
      for (const incidentId of [held.incident.id, earlyIncident]) {
        const rows = await untilSettled(server, incidentId);
        expect(rows.map((row) => [row.event_type, row.state])).toEqual([['panic.created', 'delivered']]);
        const requests = receiver.received.filter((entry) => entry.event.data.incident?.id === incidentId);
        expect(new Set(requests.map((entry) => entry.id))).toEqual(new Set([rows[0].id]));
        expect(requests.every((entry) => entry.signatureValid)).toBe(true);
      }
      const { rows } = await server.ctx.db.query<{ attempts: number }>(
        'select attempts from webhook_deliveries where id = (select id from webhook_deliveries order by seq limit 1)',
      );
      expect(rows).toEqual([{ attempts: 1 }]);
      expect((await call(server.url, 'GET', '/healthz')).status).toBe(200);
    } finally {
      await second?.close();
      await receiver.close();
    }
  });
});
