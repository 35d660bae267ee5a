// The server's one listening socket, open from the first moment of a start: requests go to whoever answers
// now (the start window, then the whole app), and wait in between while the one hands over to the other.
// Waiting is bounded: past HELD_LIMIT other requests are answered 503 at once; panics always wait.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RequestHandler = (request: IncomingMessage, response: ServerResponse) => void;

export interface FrontDoor {
  server: Server;
  url: string;
  /** Who answers from now on; `undefined` holds new requests until someone is named. */
  use(handler: RequestHandler | undefined): void;
  close(): Promise<void>;
}

/** Fastify's defaults for the servers it creates itself. */
const KEEP_ALIVE_TIMEOUT_MS = 72_000;
/** Requests other than panics held during a handover; more are answered 503 with Retry-After. */
export const HELD_LIMIT = 256;
export const HANDOVER_MESSAGE = 'The server is finishing its start; retry in a second.';
const HANDOVER_ANSWER = JSON.stringify({ ok: false, error: HANDOVER_MESSAGE });

export interface FrontDoorOptions {
  port: number;
  host: string;
  /** Requests held whatever the count: a panic is never refused for load. */
  alwaysHeld?: (request: IncomingMessage) => boolean;
}

export async function openFrontDoor({ alwaysHeld = () => false, ...address }: FrontDoorOptions): Promise<FrontDoor> {
  let current: RequestHandler | undefined;
  let held: [IncomingMessage, ServerResponse][] = [];
  let heldOthers = 0;
  const hold = (request: IncomingMessage, response: ServerResponse) => {
    const counted = !alwaysHeld(request);
    if (counted && heldOthers >= HELD_LIMIT) {
      response
        .writeHead(503, { 'content-type': 'application/json; charset=utf-8', 'retry-after': '1' })
        .end(HANDOVER_ANSWER);
      return;
    }
    if (counted) heldOthers += 1;
    held.push([request, response]);
  };
  const server = createServer((request, response) => (current ? current(request, response) : hold(request, response)));
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  server.requestTimeout = 0;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(address, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { address: host, port, family } = server.address() as AddressInfo;
  return {
    server,
    url: `http://${family === 'IPv6' ? `[${host}]` : host}:${port}`,
    use(handler) {
      current = handler;
      if (!handler) return;
      const waiting = held;
      held = [];
      heldOthers = 0;
      for (const [request, response] of waiting) handler(request, response);
    },
    close: () =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve();
        server.closeIdleConnections();
        server.close(() => resolve());
      }),
  };
}
