// The floor for the stream benchmarks: a bare node:http server, no database and no framework, that writes
// what is POSTed to it as SSE frames to every open stream, with raw `res.write`. Same routes and frame
// shape as the real server, so the benchmark drives both with the same code. Started by spawn-floor.ts;
// with the argument `--answer-gps-only` it answers GPS batches without relaying them; with `--entries` it
// relays each ping as the two frames of a zone entry, as large as the server's (bench/fanout.ts).
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

const relayGps = !process.argv.includes('--answer-gps-only');
const asEntries = process.argv.includes('--entries');
/** The JSON sizes of a zone entry's frames on the server with entryPings' ids: 915 KiB per 2,000 events (2026-12-03). */
const ENTRY_FRAME_BYTES = { incident_update: 560, geofence_alert: 376 };

function entryFrames(ping: object): string {
  const json = JSON.stringify(ping);
  const padded = (type: keyof typeof ENTRY_FRAME_BYTES, field: string) => {
    const pad = 'x'.repeat(Math.max(0, ENTRY_FRAME_BYTES[type] - json.length - type.length - field.length - 40));
    return frame(`{"type":"${type}","${field}":${json.slice(0, -1)},"pad":"${pad}"}}`);
  };
  return padded('incident_update', 'incident') + padded('geofence_alert', 'alert');
}
const streams = new Set<ServerResponse>();
let seq = 0;

function frame(json: string): string {
  return `id: ${++seq}\ndata: ${json}\n\n`;
}

function writeToAll(bytes: Buffer): void {
  for (const res of streams) if (!res.destroyed) res.write(bytes);
}

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function openStream(res: ServerResponse): void {
  res.writeHead(200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache' });
  res.socket?.setNoDelay(true);
  res.write('retry: 5000\n\n');
  streams.add(res);
  res.on('close', () => streams.delete(res));
}

const server = createServer((req, res) => {
  if (req.method === 'GET' && req.url?.startsWith('/panic-alerts/stream')) return openStream(res);
  if (req.method === 'GET' && req.url === '/healthz') return void res.end('ok');
  if (req.method !== 'POST') return void res.writeHead(404).end();
  void bodyOf(req).then((body) => {
    if (req.url === '/panic-alert') writeToAll(Buffer.from(frame(`{"type":"alert","alert":${body}}`)));
    else if (req.url === '/gps/batch' && relayGps) {
      const { pings } = JSON.parse(body) as { pings: unknown[] };
      const frames = pings.map((ping) =>
        asEntries ? entryFrames(ping as object) : frame(JSON.stringify({ type: 'gps', ping })),
      );
      writeToAll(Buffer.from(frames.join('')));
    } else if (req.url !== '/gps/batch' && req.url !== '/geofences') return void res.writeHead(404).end();
    res.writeHead(201, { 'Content-Type': 'application/json' }).end('{}');
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  console.log(`listening ${port}`);
});
