// Once ready, the server walks one made-up panic through the panic's transaction and rolls it back, so the
// first real panic finds the store and the code warm (issue 33). Nothing of it may remain or be announced.
import { afterEach, describe, expect, it } from 'vitest';
import { rehearsePanic } from '../../../server/ingest/panic-rehearsal.ts';
import { call, startTestServer, type TestServer } from '../../helpers/server.ts';
import { openStream } from '../../helpers/sse.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.stop();
  server = undefined;
});

async function count(table: string): Promise<number> {
  const { rows } = await server!.ctx.db.query<{ n: number }>(`select count(*)::int as n from ${table}`);
  return rows[0]!.n;
}

describe('the panic rehearsal at start', () => {
  it('stores nothing, claims no key, sends no notification, and the first real panic is the stream event after the last one', async () => {
    server = await startTestServer();
    await rehearsePanic(server.ctx);
    await rehearsePanic(server.ctx);
    expect(await count('incidents')).toBe(0);
    expect(await count('alerts')).toBe(0);
    expect(await count('idempotency_keys')).toBe(0);
    expect(await count('webhook_deliveries')).toBe(0);
    const { rows } = await server.ctx.db.query<{ last: number | null }>(
      'select max(seq)::int as last from stream_events',
    );

    const raised = await call(server.url, 'POST', '/panic-alert', {
      latitude: 25.5788,
      longitude: 91.8933,
      touristId: 'first-real',
    });
    expect(raised.status).toBe(201);
    expect(await count('incidents')).toBe(1);
    const last = rows[0]!.last ?? 0;
    const stream = await openStream(`${server.url}/panic-alerts/stream`, String(last));
    try {
      const [first] = await stream.waitFor((message) => message.id !== undefined).then((message) => [message]);
      expect(first!.id).toBe(String(last + 1));
      expect(first!.data).toMatchObject({ type: 'alert', alert: { touristId: 'first-real' } });
    } finally {
      stream.close();
    }
  });
});
