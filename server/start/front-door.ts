// The server's one listening socket, open from the first moment of a start: requests go to whoever answers
// now (the start window, then the whole app), and wait in between while the one hands over to the other.
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

export async function openFrontDoor(address: { port: number; host: string }): Promise<FrontDoor> {
  let current: RequestHandler | undefined;
  let held: [IncomingMessage, ServerResponse][] = [];
  const server = createServer((request, response) => (current ? current(request, response) : held.push([request, response])));
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
