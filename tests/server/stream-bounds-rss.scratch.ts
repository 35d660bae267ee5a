// Scratch: measures the RSS growth of a spawned server under 100 non-reading stream clients.
// Run: npx tsx tests/server/stream-bounds-rss.scratch.ts [stored] [nonReaders]
import { readFileSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { spawnServer } from '../helpers/spawn-server.ts';
import { openStream } from '../helpers/sse.ts';

const stored = Number(process.argv[2] ?? 30_000);
const nonReaders = Number(process.argv[3] ?? 100);

function rssMiB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8').split('\n').find((l) => l.startsWith('VmRSS:'))!;
  return Number(line.split(/\s+/)[1]) / 1024;
}

async function postBatch(url: string, tag: string): Promise<void> {
  const pings = Array.from({ length: 1000 }, (_, n) => ({
    touristId: `${tag}-${'t'.repeat(100)}-${n % 50}`,
    deviceId: `${'d'.repeat(100)}-${n % 50}`,
    latitude: 10 + n / 1e4,
    longitude: 10,
  }));
  const r = await fetch(`${url}/gps/batch`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ pings }) });
  if (r.status !== 201) throw new Error(`batch ${r.status} ${await r.text()}`);
}

const server = await spawnServer({
  DATABASE_URL: process.env.DATABASE_URL ?? '',
  RATE_LIMIT_PER_MINUTE: '0',
  STREAM_MAX_REPLAY_EVENTS: '1000000',
  STREAM_MAX_CLIENTS_PER_ADDRESS: '1000',
  ...(process.env.BOUND && { STREAM_CLIENT_BUFFER_BYTES: process.env.BOUND }),
});
const pid = server.process.pid!;
try {
  let t = Date.now();
  for (let i = 0; i < stored / 1000; i++) await postBatch(server.url, 'stored');
  console.log(`stored ${stored} in ${Date.now() - t} ms`);
  await new Promise((r) => setTimeout(r, 1000));
  const before = rssMiB(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 20);
  const port = Number(new URL(server.url).port);
  const sockets: Socket[] = [];
  for (let i = 0; i < nonReaders; i++) {
    const s = connect(port, '127.0.0.1');
    s.on('error', () => {});
    s.write('GET /panic-alerts/stream HTTP/1.1\r\nHost: x\r\nLast-Event-ID: 1\r\n\r\n');
    s.pause();
    sockets.push(s);
  }
  const reader = await openStream(`${server.url}/panic-alerts/stream`);
  await reader.waitForMessages(1);
  t = Date.now();
  for (let i = 0; i < 5; i++) await postBatch(server.url, 'live');
  await reader.waitForMessages(5001, 60_000);
  console.log(`live delivered in ${Date.now() - t} ms`);
  for (let i = 0; i < 50; i++) {
    await new Promise((r) => setTimeout(r, 100));
  }
  const health = await (await fetch(`${server.url}/healthz`)).json();
  clearInterval(sampler);
  console.log({ before: before.toFixed(0), peak: peak.toFixed(0), growth: (peak - before).toFixed(0), after: rssMiB(pid).toFixed(0), clients: health.streamClients, dropped: health.droppedSlowClients });
  reader.close();
  for (const s of sockets) s.destroy();
} finally {
  await server.stop();
}
