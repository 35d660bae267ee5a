// Stream clients over raw sockets: thousands cost little, and a test decides exactly whether they read.
import { readFileSync } from 'node:fs';
import { request } from 'node:http';
import { connect, type Socket } from 'node:net';

const streamRequest = (lastEventId?: string) =>
  `GET /panic-alerts/stream HTTP/1.1\r\nHost: 127.0.0.1\r\n${lastEventId === undefined ? '' : `Last-Event-ID: ${lastEventId}\r\n`}\r\n`;

/** A stream client that sends its request and never reads a byte of the answer. */
export function openNonReadingClient(port: number, lastEventId?: string): Socket {
  const socket = connect(port, '127.0.0.1');
  socket.on('error', () => {});
  socket.write(streamRequest(lastEventId));
  socket.pause();
  return socket;
}

export interface IdCheckingClient {
  socket: Socket;
  /** Ids of the events received, in order (the snapshot's first). */
  ids: number[];
  closed: boolean;
}

const EVENT_ID = /\nid: (\d+)\n/g;

/**
 * A reading stream client that keeps only the ids of what it receives. Whole frames are written at once,
 * so chunked-encoding lines never fall inside an `id:` line; a TCP read may, hence the carried tail.
 */
export function openIdCheckingClient(port: number): Promise<IdCheckingClient> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const client: IdCheckingClient = { socket, ids: [], closed: false };
    let tail = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      const text = tail + chunk;
      let consumed = 0;
      for (const match of text.matchAll(EVENT_ID)) {
        client.ids.push(Number(match[1]));
        consumed = match.index + match[0].length - 1; // keep the newline: it may start the next match
      }
      tail = text.slice(Math.max(consumed, text.length - 32));
    });
    socket.on('close', () => (client.closed = true));
    socket.once('error', reject);
    socket.once('connect', () => {
      socket.write(streamRequest());
      resolve(client);
    });
  });
}

export interface StreamAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The parsed JSON of a refusal; undefined for an open stream. */
  body?: any;
  close(): void;
}

/** Opens a stream from a chosen local address (127.0.0.x), as a client behind that address would. */
export function openStreamFrom(
  url: string,
  localAddress: string,
  path = '/panic-alerts/stream',
): Promise<StreamAnswer> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}${path}`, { localAddress }, (res) => {
      const close = () => req.destroy();
      if (res.statusCode === 200) return resolve({ status: 200, headers: res.headers, close });
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: JSON.parse(text), close }));
    });
    req.on('error', reject);
    req.end();
  });
}

/** Resident memory of a process in MB (10^6 bytes), from the kernel. */
export function residentMB(pid: number): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'))!;
  return (Number(line.split(/\s+/)[1]) * 1024) / 1e6;
}
