// The floor for the stream benchmarks: a bare node:http server, no database and no framework, that writes
// what is POSTed to it as SSE frames to every open stream, with raw `res.write`. Same routes and frame
// shape as the real server, so the benchmark drives both with the same code. Started by spawn-floor.ts;
// with the argument `--answer-gps-only` it answers GPS batches without relaying them.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

const relayGps = !process.argv.includes('--answer-gps-only');
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
      writeToAll(Buffer.from(pings.map((ping) => frame(JSON.stringify({ type: 'gps', ping }))).join('')));
    } else if (req.url !== '/gps/batch') return void res.writeHead(404).end();
    res.writeHead(201, { 'Content-Type': 'application/json' }).end('{}');
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  const { port } = server.address() as { port: number };
  console.log(`listening ${port}`);
});
