// Stream fan-out: how fast one server delivers events to many SSE clients, and what each client costs.
// The server runs in its own process (as `npm start` runs it); the clients are raw sockets in this one,
// counting frames without parsing JSON, so the figure is the server's, not the reader's.
// Run: npx tsx bench/fanout.ts
import { connect, type Socket } from 'node:net';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { spawnServer, type SpawnedServer } from '../tools/spawn-server.ts';

const BATCHES = 5;
const PINGS_PER_BATCH = 1000;
const CLIENT_COUNTS = [10, 1000];

interface CountingClient {
  socket: Socket;
  frames: number;
}

function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.split(/\s+/)[1]) / 1024;
}

function openClient(port: number): Promise<CountingClient> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const client: CountingClient = { socket, frames: 0 };
    let tail = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      const text = tail + chunk;
      let at = text.indexOf('\ndata: ');
      while (at >= 0) {
        client.frames++;
        at = text.indexOf('\ndata: ', at + 7);
      }
      tail = text.slice(-6);
    });
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.write('GET /panic-alerts/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n');
      resolve(client);
    });
  });
}

async function until(check: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

async function measure(server: SpawnedServer, clientCount: number) {
  const port = Number(new URL(server.url).port);
  const rssBefore = rssMiB(server.process.pid!);
  const clients: CountingClient[] = [];
  for (let i = 0; i < clientCount; i++) clients.push(await openClient(port));
  await until(() => clients.every((c) => c.frames >= 1), 30_000); // each has its snapshot
  const rssWithClients = rssMiB(server.process.pid!);
  for (const client of clients) client.frames = 0;

  const events = BATCHES * PINGS_PER_BATCH;
  const started = performance.now();
  for (let batch = 0; batch < BATCHES; batch++) {
    const pings = Array.from({ length: PINGS_PER_BATCH }, (_, n) => ({
      touristId: `fan-${n % 100}`,
      latitude: 10 + batch / 100 + n / 1e5,
      longitude: 10,
    }));
    const response = await fetch(`${server.url}/gps/batch`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pings }),
    });
    if (response.status !== 201) throw new Error(`batch answered ${response.status}`);
  }
  const stored = performance.now();
  await until(() => clients.every((c) => c.frames >= events), 120_000);
  const delivered = performance.now();
  for (const client of clients) client.socket.destroy();
  return {
    clients: clientCount,
    events,
    ingestMs: stored - started,
    deliveryMs: delivered - started,
    messagesPerSecond: (events * clientCount) / ((delivered - started) / 1000),
    kibPerClient: ((rssWithClients - rssBefore) * 1024) / clientCount,
  };
}

const server = await spawnServer({ DATABASE_URL: '', RATE_LIMIT_PER_MINUTE: '0', READ_RATE_LIMIT_PER_MINUTE: '0', STREAM_MAX_CLIENTS_PER_ADDRESS: '0', STREAM_MAX_CLIENTS: '0' });
try {
  const rows = [];
  for (const count of CLIENT_COUNTS) rows.push(await measure(server, count));
  console.log('\nStream fan-out (server in its own process, PGlite, raw SSE clients)');
  console.table(
    rows.map((r) => ({
      clients: r.clients,
      events: r.events,
      'ingest ms': r.ingestMs.toFixed(0),
      'all delivered ms': r.deliveryMs.toFixed(0),
      'messages/s delivered': Math.round(r.messagesPerSecond).toLocaleString('en'),
      'RSS KiB per client': r.kibPerClient.toFixed(1),
    })),
  );
  const [few, many] = rows;
  console.log(
    `${many.clients / few.clients}× the clients took ${(many.deliveryMs / few.deliveryMs).toFixed(2)}× the time ` +
      `(delivered messages/s ratio ${(many.messagesPerSecond / few.messagesPerSecond).toFixed(1)}×): each event is serialised once.`,
  );
} finally {
  await server.stop();
}
