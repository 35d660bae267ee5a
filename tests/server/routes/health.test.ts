import { createConnection, createServer, type Server, type Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { call, startTestServer } from '../../helpers/server.ts';
import { freePort } from '../../../tools/spawn-server.ts';

const streamFields = {
  streamClients: expect.any(Number),
  streamPosition: expect.any(Number),
  droppedSlowClients: expect.any(Number),
  refusedStreamsOverTotalCap: expect.any(Number),
  refusedStreamsOverAddressCap: expect.any(Number),
  streamClientsFellBehind: expect.any(Number),
  snapshotsInsteadOfReplay: expect.any(Number),
  streamBacklogs: expect.any(Array),
  databaseGate: {
    slots: expect.any(Number),
    running: expect.any(Number),
    waiting: { urgent: expect.any(Number), normal: expect.any(Number), background: expect.any(Number) },
  },
};

/**
 * A TCP relay to PostgreSQL that the test can take down (every connection dropped, new ones refused),
 * stall (new connections accepted and never answered) and bring back.
 */
function startRelay(port: number, target: URL): { up(): Promise<void>; stall(): Promise<void>; down(): Promise<void> } {
  let listener: Server | undefined;
  let forwarding = true;
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const dropAll = () => {
    for (const socket of sockets) socket.destroy();
  };
  const listen = async (forward: boolean) => {
    dropAll();
    forwarding = forward;
    if (listener?.listening) return;
    listener = createServer((client) => {
      track(client);
      if (!forwarding) return;
      const upstream = createConnection({ host: target.hostname, port: Number(target.port || 5432) });
      track(upstream);
      client.pipe(upstream).pipe(client);
      client.on('close', () => upstream.destroy());
      upstream.on('close', () => client.destroy());
    });
    await new Promise<void>((resolve, reject) => {
      listener!.once('error', reject);
      listener!.listen(port, '127.0.0.1', () => resolve());
    });
  };
  return {
    up: () => listen(true),
    stall: () => listen(false),
    async down() {
      dropAll();
      if (listener?.listening) await new Promise((resolve) => listener!.close(resolve));
    },
  };
}

describe('/healthz tells whether the store answers', () => {
  it('answers 200 with the stream figures while the store answers', async () => {
    const server = await startTestServer();
    try {
      const health = await call(server.url, 'GET', '/healthz');
      expect(health.status).toBe(200);
      expect(health.body).toEqual({ ok: true, ...streamFields });
    } finally {
      await server.stop();
    }
  });

  it('answers 503 with a sentence, and still the stream figures, once the embedded store is closed', async () => {
    const server = await startTestServer({ databaseUrl: undefined });
    try {
      expect((await call(server.url, 'GET', '/healthz')).status).toBe(200);
      await server.ctx.db.close();
      const health = await call(server.url, 'GET', '/healthz');
      expect(health.status).toBe(503);
      expect(health.body).toEqual({
        ok: false,
        error: expect.stringMatching(/^The database cannot answer a query \(.+\)\.$/),
        ...streamFields,
      });
    } finally {
      await server.stop();
    }
  });
});

// Only a real PostgreSQL can refuse connections and come back; the run without DATABASE_URL has none.
describe.runIf(process.env.DATABASE_URL)('/healthz on PostgreSQL that goes away and comes back', () => {
  it('answers 503 while PostgreSQL refuses connections or does not answer, and 200 again once it does', async () => {
    const target = new URL(process.env.DATABASE_URL!);
    const relayPort = await freePort();
    const relay = startRelay(relayPort, target);
    await relay.up();
    const throughRelay = new URL(target);
    throughRelay.host = `127.0.0.1:${relayPort}`;
    const server = await startTestServer({ databaseUrl: throughRelay.toString() });
    try {
      expect((await call(server.url, 'GET', '/healthz')).body).toEqual({ ok: true, ...streamFields });
      const health = () => call(server.url, 'GET', '/healthz');

      await relay.stall();
      const stalled = await health();
      expect(stalled.status).toBe(503);
      // A stall the store's health has not noticed yet is timed out; one it has (its connections reset) is named.
      expect(stalled.body).toMatchObject({ ok: false, ...streamFields });
      expect(stalled.body.error).toMatch(
        /^(The database did not answer a trivial query within 2000 ms\.|The store \(PostgreSQL\) is unavailable since .+)$/,
      );
      await relay.up();
      await expect.poll(async () => (await health()).status, { timeout: 20_000, interval: 200 }).toBe(200);

      // Refused: the store is unavailable (issue 47) and /healthz names it, with Retry-After, until it is back.
      await relay.down();
      await health();
      const down = await health();
      expect(down.status).toBe(503);
      expect(Number(down.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(down.body).toEqual({
        ok: false,
        store: 'unavailable',
        error: expect.stringMatching(
          /^The store \(PostgreSQL\) is unavailable since .+: .+\. New panics are journaled until it returns\.$/,
        ),
        ...streamFields,
      });

      await relay.up();
      await expect.poll(async () => (await health()).status, { timeout: 20_000, interval: 200 }).toBe(200);
      expect((await health()).body).toEqual({ ok: true, ...streamFields });
    } finally {
      await relay.up(); // the server drops its test schema through it
      await server.stop();
      await relay.down();
    }
  });
});
