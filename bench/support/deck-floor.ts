// What bench/browser-devices.ts needs for its floor: the bare deck.gl page built once, the messages of the
// stream a dashboard reads recorded with their times, and a plain node:http server that serves the page and
// replays those messages to it over SSE at the pace they came.
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

export async function buildDeckFloorPage(): Promise<string> {
  await build({
    root: PAGE_SOURCE,
    configFile: false,
    logLevel: 'warn',
    build: { outDir: PAGE_BUILD, emptyOutDir: true, chunkSizeWarningLimit: 4000 },
  });
  return PAGE_BUILD;
}

/** One message of a stream as it came: its `data:` payload, and when (performance.now()). */
export interface TimedMessage {
  atMs: number;
  payload: string;
}

export interface StreamRecording {
  /** Resolves once the stream has answered. */
  opened: Promise<void>;
  /** Stops recording; the messages so far, in order. */
  stop(): TimedMessage[];
}

/** Reads a server-sent event stream (`url`, as a page opened it) from now on and keeps each message `keep` takes. */
export function recordStream(url: string, keep: (payload: string) => boolean = () => true): StreamRecording {
  const messages: TimedMessage[] = [];
  const abort = new AbortController();
  let markOpened: () => void = () => undefined;
  const opened = new Promise<void>((resolve) => (markOpened = resolve));
  void (async () => {
    const response = await fetch(url, { signal: abort.signal, headers: { accept: 'text/event-stream' } });
    markOpened();
    const decoder = new TextDecoder();
    let pending = '';
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      pending += decoder.decode(chunk, { stream: true });
      const complete = pending.split('\n');
      pending = complete.pop() ?? '';
      const atMs = performance.now();
      for (const line of complete)
        if (line.startsWith('data: ') && keep(line.slice(6))) messages.push({ atMs, payload: line.slice(6) });
    }
  })().catch(() => undefined);
  return {
    opened,
    stop() {
      abort.abort();
      return messages;
    },
  };
}

export interface ReplayServer {
  url: string;
  /** Resolves once the page's EventSource is connected. */
  connected(): Promise<void>;
  /** Sends `messages` to every connected page, each as long after `since` (the first's time) as it was recorded. */
  send(messages: readonly TimedMessage[], since?: number): Promise<void>;
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
    async send(messages, since = messages[0]?.atMs ?? 0) {
      const first = since;
      const started = performance.now();
      for (const { atMs, payload } of messages) {
        const wait = atMs - first - (performance.now() - started);
        if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
        for (const stream of streams) stream.write(`data: ${payload}\n\n`);
      }
    },
    async close() {
      for (const stream of streams) stream.end();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
