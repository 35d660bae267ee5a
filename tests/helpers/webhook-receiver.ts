// A real receiver of outgoing notifications on node:http, which checks each request as docs/webhooks.md tells
// a receiver to (written from the document, not from the sender's code): the Standard Webhooks signature over
// `${webhook-id}.${webhook-timestamp}.${body}` and a timestamp within five minutes. It can answer 200, fail
// with 500, hang without answering, or be closed so that connections are refused, and change at any time.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  id: string;
  timestamp: number;
  body: string;
  event: { id: string; type: string; timestamp: string; data: Record<string, any> };
  signatureValid: boolean;
  timestampFresh: boolean;
  /** What this receiver answered. */
  answered: 'ok' | 'fail' | 'hang';
}

export type ReceiverMode = 'ok' | 'fail' | 'hang';

const TOLERANCE_S = 5 * 60;

export function verifySignature(secret: string, headers: IncomingHttpHeaders, body: string): boolean {
  const id = String(headers['webhook-id'] ?? '');
  const timestamp = String(headers['webhook-timestamp'] ?? '');
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest();
  return String(headers['webhook-signature'] ?? '')
    .split(' ')
    .some((entry) => {
      const [version, signature] = entry.split(',');
      const given = Buffer.from(signature ?? '', 'base64');
      return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
    });
}

export class WebhookReceiver {
  readonly received: Received[] = [];
  mode: ReceiverMode = 'ok';
  secret = '';
  private readonly hanging: ServerResponse[] = [];
  private server: Server | undefined;
  private port = 0;

  static async start(mode: ReceiverMode = 'ok'): Promise<WebhookReceiver> {
    const receiver = new WebhookReceiver();
    receiver.mode = mode;
    await receiver.listen();
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hook`;
  }

  /** Listens again on the same port (after `refuse`). */
  async listen(): Promise<void> {
    const server = createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const timestamp = Number(request.headers['webhook-timestamp']);
        const answered = this.mode;
        this.received.push({
          id: String(request.headers['webhook-id'] ?? ''),
          timestamp,
          body,
          event: JSON.parse(body),
          signatureValid: verifySignature(this.secret, request.headers, body),
          timestampFresh: Math.abs(Date.now() / 1000 - timestamp) <= TOLERANCE_S,
          answered,
        });
        if (answered === 'hang') this.hanging.push(response);
        else response.writeHead(answered === 'ok' ? 200 : 500).end(answered === 'ok' ? 'ok' : 'receiver failed');
      });
    });
    await new Promise<void>((resolve) => server.listen(this.port, '127.0.0.1', resolve));
    this.port = (server.address() as AddressInfo).port;
    this.server = server;
  }

  /** Stops listening: connections to its port are refused until `listen`. */
  async refuse(): Promise<void> {
    for (const response of this.hanging.splice(0)) response.destroy();
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
    this.server = undefined;
  }

  /** Answers the requests it is holding (mode `hang`) with 200. */
  release(): void {
    for (const response of this.hanging.splice(0)) response.writeHead(200).end('ok');
  }

  deliveriesOf(eventType: string): Received[] {
    return this.received.filter((entry) => entry.event.type === eventType);
  }

  /** Waits until `check` holds of what was received (a condition, not a time: the test's own timeout bounds it). */
  async until<T>(check: (received: Received[]) => T | undefined | false): Promise<T> {
    for (;;) {
      const found = check(this.received);
      if (found) return found;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  close(): Promise<void> {
    return this.refuse();
  }
}
