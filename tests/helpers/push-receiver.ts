// A push service for tests (issue 35 point 5): a real HTTP server on 127.0.0.1 that takes Web Push
// requests, and a browser's side of a subscription (its ECDH pair and auth secret) that decrypts them.
import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decrypt } from 'http_ece';

export type ReceiverMode = 'ok' | 'gone' | 'hang';

export interface PushRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** One browser's subscription: what it sends the console, and the private half that reads its messages. */
export class BrowserKeys {
  readonly ecdh: ECDH = createECDH('prime256v1');
  readonly authSecret = randomBytes(16);

  constructor(readonly endpoint: string) {
    this.ecdh.generateKeys();
  }

  subscription() {
    return {
      endpoint: this.endpoint,
      keys: { p256dh: this.ecdh.getPublicKey().toString('base64url'), auth: this.authSecret.toString('base64url') },
    };
  }

  read(request: PushRequest): unknown {
    return JSON.parse(
      decrypt(request.body, { version: 'aes128gcm', privateKey: this.ecdh, authSecret: this.authSecret }).toString(
        'utf8',
      ),
    );
  }
}

export class PushReceiver {
  readonly received: PushRequest[] = [];
  /** How each path answers; unlisted paths answer 201. */
  readonly modes = new Map<string, ReceiverMode>();
  private readonly held: ServerResponse[] = [];

  private constructor(private readonly server: Server) {}

  static async start(): Promise<PushReceiver> {
    const server = createServer();
    const receiver = new PushReceiver(server);
    server.on('request', (request, response) => receiver.take(request, response));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get origin(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A new browser whose endpoint is on this receiver, answered as `mode`. */
  browser(name: string, mode: ReceiverMode = 'ok'): BrowserKeys {
    this.modes.set(`/${name}`, mode);
    return new BrowserKeys(`${this.origin}/${name}`);
  }

  to(browser: BrowserKeys): PushRequest[] {
    return this.received.filter((request) => `${this.origin}${request.path}` === browser.endpoint);
  }

  private take(request: IncomingMessage, response: ServerResponse): void {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      this.received.push({ path, headers: request.headers, body: Buffer.concat(chunks) });
      const mode = this.modes.get(path) ?? 'ok';
      if (mode === 'hang') this.held.push(response);
      else response.writeHead(mode === 'gone' ? 410 : 201).end();
    });
  }

  async close(): Promise<void> {
    for (const response of this.held) response.destroy();
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
