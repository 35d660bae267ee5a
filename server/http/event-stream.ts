import type { ServerResponse } from 'node:http';

/** Starts a server-sent events answer on a hijacked reply: unbuffered headers, no Nagle delay, the retry line. */
export function openEventStream(res: ServerResponse): void {
  res.writeHead(200, {
    'Content-Type': 'text/event-stream; charset=utf-8',
    'Cache-Control': 'no-cache, no-transform',
    Connection: 'keep-alive',
    'X-Accel-Buffering': 'no',
  });
  res.socket?.setNoDelay(true);
  res.write('retry: 5000\n\n');
}
