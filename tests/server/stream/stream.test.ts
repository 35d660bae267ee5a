import { connect } from 'node:net';
import { EventSource } from 'eventsource';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StreamMessage } from '../../../src/api/stream.ts';
import { call, dropSchema, startTestServer, uniqueSchema, type TestServer } from '../../helpers/server.ts';
import { spawnServer, type SpawnedServer } from '../../../tools/spawn-server.ts';
import { openStream } from '../../helpers/sse.ts';
import { addEntryZone, postEntries } from '../../helpers/zone-entries.ts';

function gpsMessage(touristId: string, n: number): StreamMessage {
  return {
    type: 'gps',
    ping: { touristId, deviceId: null, latitude: 25.5 + n / 1e4, longitude: 91.8, at: new Date().toISOString() },
  };
}

/** Stores and announces `count` events through the same path routes use. */
async function emitEvents(server: TestServer, touristId: string, count: number, perTransaction = 1): Promise<void> {
  for (let i = 0; i < count; i += perTransaction) {
    await new Promise((resolve) => setImmediate(resolve)); // in-process PGlite would otherwise starve socket I/O
    await server.ctx.write(async (_tx, emit) => {
      for (let j = i; j < Math.min(count, i + perTransaction); j++) emit(gpsMessage(touristId, j));
    });
  }
}

describe('live stream /panic-alerts/stream', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ streamPingMs: 300 });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('speaks SSE: headers, retry line, a snapshot with an id first, then pings as comments', async () => {
    const stream = await openStream(`${server.url}/panic-alerts/stream`);
    try {
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/);
      expect(stream.headers.get('cache-control')).toContain('no-cache');
      expect(stream.headers.get('x-accel-buffering')).toBe('no');
      const [snapshot] = await stream.waitForMessages(1);
      expect(stream.raw().startsWith('retry: 5000\n')).toBe(true);
      expect(snapshot.data.type).toBe('snapshot');
      expect(Array.isArray(snapshot.data.alerts)).toBe(true);
      expect(snapshot.id).toMatch(/^\d+$/);
      await expect.poll(() => stream.comments.includes('ping'), { timeout: 3000 }).toBe(true);
    } finally {
      stream.close();
    }
  });

  it('delivers every event live, in order, each with an increasing id', async () => {
    const stream = await openStream(`${server.url}/panic-alerts/stream`);
    try {
      await stream.waitForMessages(1);
      await emitEvents(server, 'live', 30, 7);
      const messages = (await stream.waitForMessages(31)).slice(1);
      expect(messages.map((m) => m.data.ping.latitude)).toEqual(
        Array.from({ length: 30 }, (_, n) => gpsMessage('live', n)).map(
          (m) => (m as { ping: { latitude: number } }).ping.latitude,
        ),
      );
      const ids = messages.map((m) => Number(m.id));
      expect(ids).toEqual([...ids].sort((a, b) => a - b));
      expect(new Set(ids).size).toBe(30);
    } finally {
      stream.close();
    }
  });

  it('a panic alert posted over HTTP reaches an open stream as alert and incident_update', async () => {
    const stream = await openStream(`${server.url}/panic-alerts/stream`);
    try {
      await stream.waitForMessages(1);
      const posted = await call(server.url, 'POST', '/panic-alert', {
        latitude: 25.57,
        longitude: 91.88,
        touristId: 'tourist-sse',
      });
      expect(posted.status).toBe(201);
      const alert = await stream.waitFor((m) => m.data.type === 'alert');
      expect(alert.data.alert.id).toBe(posted.body.alert.id);
      const update = await stream.waitFor((m) => m.data.type === 'incident_update');
      expect(update.data.incident.id).toBe(posted.body.incident.id);
      expect(update.data.incident.status).toBe('open');
    } finally {
      stream.close();
    }
  });

  it('resumes after a disconnect with Last-Event-ID: none lost, none repeated', async () => {
    const first = await openStream(`${server.url}/panic-alerts/stream`);
    await first.waitForMessages(1);
    await emitEvents(server, 'resume', 5);
    const seen = (await first.waitForMessages(6)).slice(1);
    first.close();
    await first.closed;

    await emitEvents(server, 'resume-missed', 12, 5); // raised while the client was away
    const resumed = await openStream(`${server.url}/panic-alerts/stream`, seen.at(-1)!.id);
    try {
      await emitEvents(server, 'resume-after', 3);
      const messages = await resumed.waitForMessages(15);
      expect(messages.every((m) => m.data.type === 'gps')).toBe(true); // no snapshot: it resumed
      const keys = messages.map((m) => m.data.ping.touristId);
      expect(keys).toEqual([...Array(12).fill('resume-missed'), ...Array(3).fill('resume-after')]);
      expect(messages.map((m) => Number(m.id))).toEqual(
        Array.from({ length: 15 }, (_, n) => Number(seen.at(-1)!.id) + 1 + n),
      );
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(resumed.messages).toHaveLength(15);
    } finally {
      resumed.close();
    }
  });

  it('also resumes from the lastEventId query parameter, reading from the database past the memory ring', async () => {
    await server.ctx.hub.flush();
    const before = server.ctx.hub.position;
    await emitEvents(server, 'query-resume', 4);
    const stream = await openStream(`${server.url}/panic-alerts/stream?lastEventId=${before}`);
    try {
      const messages = await stream.waitForMessages(4);
      expect(messages.map((m) => m.data.ping.touristId)).toEqual(Array(4).fill('query-resume'));
      expect(Number(messages[0].id)).toBe(before + 1);
    } finally {
      stream.close();
    }
  });

  it('answers a fresh snapshot when the id is older than what is kept, or was never given out', async () => {
    await emitEvents(server, 'pruned', 5);
    await server.ctx.hub.flush();
    const newest = server.ctx.hub.position;
    await server.ctx.db.query('delete from stream_events where seq < $1', [newest - 1]);
    for (const staleId of ['1', String(newest + 1000), 'not-a-number']) {
      const stream = await openStream(`${server.url}/panic-alerts/stream`, staleId);
      try {
        const [first] = await stream.waitForMessages(1);
        expect(first.data.type).toBe('snapshot');
        expect(Number(first.id)).toBe(newest);
      } finally {
        stream.close();
      }
    }
  });

  it('a real EventSource client reconnects by itself and misses nothing while it was cut off', async () => {
    const sockets = new Set<import('node:net').Socket>();
    const track = (socket: import('node:net').Socket) => sockets.add(socket);
    server.app.server.on('connection', track);
    const received: { id: string; data: any }[] = [];
    const source = new EventSource(`${server.url}/panic-alerts/stream`);
    source.onmessage = (event) => received.push({ id: event.lastEventId, data: JSON.parse(event.data) });
    try {
      await expect.poll(() => received.length, { timeout: 5000 }).toBe(1);
      await emitEvents(server, 'es-before', 3);
      await expect.poll(() => received.length, { timeout: 5000 }).toBe(4);
      server.app.server.off('connection', track);
      for (const socket of sockets) socket.destroy(); // the network drops
      await emitEvents(server, 'es-during', 4);
      await expect.poll(() => received.length, { timeout: 12_000 }).toBe(8);
      expect(received.slice(1).map((m) => m.data.ping.touristId)).toEqual([
        ...Array(3).fill('es-before'),
        ...Array(4).fill('es-during'),
      ]);
      expect(new Set(received.map((m) => m.id)).size).toBe(8);
    } finally {
      source.close();
      server.app.server.off('connection', track);
    }
  }, 20_000);
});

describe('a slow client cannot stall the others', () => {
  // The server runs in its own process here, as in production: in-process PGlite would share one
  // thread with the reading client and make every client look slow.
  let server: SpawnedServer;
  let schema: string | undefined;
  beforeAll(async () => {
    schema = process.env.DATABASE_URL ? uniqueSchema() : undefined;
    server = await spawnServer({
      STREAM_CLIENT_BUFFER_BYTES: String(1024 * 1024),
      ...(schema && { DATABASE_SCHEMA: schema }),
    });
  });
  afterAll(async () => {
    await server?.stop();
    if (schema) await dropSchema(process.env.DATABASE_URL!, schema);
  });

  it('drops a client that stops reading while a reading client gets every event', async () => {
    const { port } = new URL(server.url);
    await addEntryZone(server.url);
    const slow = connect(Number(port), '127.0.0.1');
    slow.on('error', () => {});
    await new Promise<void>((resolve) => slow.once('connect', () => resolve()));
    slow.write('GET /panic-alerts/stream HTTP/1.1\r\nHost: localhost\r\n\r\n');
    slow.pause(); // never reads: the kernel buffers fill, then the server's
    let slowClosed = false;
    slow.on('close', () => (slowClosed = true));

    const fast = await openStream(`${server.url}/panic-alerts/stream`);
    try {
      await fast.waitForMessages(1);
      await expect.poll(async () => (await call(server.url, 'GET', '/healthz')).body.streamClients).toBe(2);
      // ~10 MB of frames in all (two stream events of ~1.4 KB a zone entry): the kernel buffers of a socket
      // nobody reads take ~4 MB, the rest waits in the server.
      const batches = 7;
      await postEntries(server.url, 'slow', batches, { idLength: 100 });
      const total = 2 * batches * 1000;
      const messages = await fast.waitForEvents(total + 1, 60_000);
      expect(new Set(messages.slice(1).map((m) => m.id)).size).toBe(total);
      await expect
        .poll(async () => (await call(server.url, 'GET', '/healthz')).body, { timeout: 10_000 })
        .toMatchObject({ streamClients: 1, droppedSlowClients: 1 });
      slow.resume(); // reading now drains what the kernel held, then meets the end the server sent
      await expect.poll(() => slowClosed, { timeout: 10_000 }).toBe(true);
    } finally {
      fast.close();
      slow.destroy();
    }
  }, 120_000);
});
