// What bench/browser-devices.ts needs for its floor: the bare deck.gl page built once, the server's own GPS
// stream messages recorded as they were sent, and a plain node:http server that serves the page and
// replays those messages to it over SSE.
import { createReadStream, existsSync } from 'node:fs';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { until } from './stats.ts';

const PAGE_SOURCE = fileURLToPath(new URL('../deck-floor/', import.meta.url));
const PAGE_BUILD = fileURLToPath(new URL('../../.tmp/bench-deck-floor/', import.meta.url));
const TYPES: Record<string, string> = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css' };
/** The replayed messages go out in this many writes, spread over about one second, as the server sent them. */
const REPLAY_WRITES = 10;
const REPLAY_SPACING_MS = 100;

export async function buildDeckFloorPage(): Promise<string> {
  await build({
    root: PAGE_SOURCE,
    configFile: false,
    logLevel: 'warn',
    build: { outDir: PAGE_BUILD, emptyOutDir: true, chunkSizeWarningLimit: 4000 },
  });
  return PAGE_BUILD;
}

export interface GpsRecording {
  opened: Promise<void>;
  /** Resolves once `count` GPS messages have been recorded. */
  until(count: number): Promise<void>;
  /** Stops recording; the `data:` payloads of the GPS messages, in order. */
  stop(): string[];
}

/** Reads the server's live stream from now on and keeps each GPS message's payload. */
export function recordGpsMessages(serverUrl: string): GpsRecording {
  const lines: string[] = [];
  const abort = new AbortController();
  let markOpened: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (markOpened = resolve));
  void (async () => {
    const response = await fetch(`${serverUrl}/panic-alerts/stream`, {
      signal: abort.signal,
      headers: { accept: 'text/event-stream' },
    });
    markOpened();
    const decoder = new TextDecoder();
    let pending = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      pending += decoder.decode(chunk, { stream: true });
      const complete = pending.split('\n');
      pending = complete.pop() ?? '';
      for (const line of complete)
        if (line.startsWith('data: ') && line.includes('"type":"gps"')) lines.push(line.slice(6));
    }
  })().catch(() => undefined);
  return {
    opened,
    until: (count) => until(() => lines.length >= count, 60_000, `${count} GPS messages on the stream`),
    stop() {
      abort.abort();
      return lines;
    },
  };
}

export interface ReplayServer {
  url: string;
  /** Resolves once the page's EventSource is connected. */
  connected(): Promise<void>;
  send(payloads: string[]): Promise<void>;
  close(): Promise<void>;
}

export async function startReplayServer(pageDir: string): Promise<ReplayServer> {
  const streams = new Set<ServerResponse>();
  const server = createServer((request, response) => {
    if (request.url === '/stream') {
      response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
      response.write(':\n\n');
      streams.add(response);
      request.on('close', () => streams.delete(response));
      return;
    }
    const file = join(pageDir, request.url === '/' ? 'index.html' : (request.url ?? '').replace(/^\/+/, ''));
    if (!file.startsWith(pageDir) || !existsSync(file)) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    connected: () => until(() => streams.size > 0, 30_000, 'the floor page connected to its stream'),
    async send(payloads) {
      const perWrite = Math.ceil(payloads.length / REPLAY_WRITES);
      for (let first = 0; first < payloads.length; first += perWrite) {
        const frames = payloads
          .slice(first, first + perWrite)
          .map((payload) => `data: ${payload}\n\n`)
          .join('');
        for (const stream of streams) stream.write(frames);
        await new Promise((resolve) => setTimeout(resolve, REPLAY_SPACING_MS));
      }
    },
    async close() {
      for (const stream of streams) stream.end();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
