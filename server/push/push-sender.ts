// Sends push messages (issue 35 point 5): each message is looked up against the subscriptions and each
// browser's copy is encrypted (aes128gcm) and posted with a time limit, a bounded number in flight and a
// bounded queue. A refusal is not retried: the push service itself holds a message for a phone that is off
// (TTL). 404 or 410 deletes the subscription. The cursor (push-dispatcher.ts) waits for a batch to settle.
import webPush from 'web-push';
import type { PushMessage } from '../../src/api/push.ts';
import type { Sql } from '../db/seam.ts';
import type { JobLogger } from '../jobs/periodic.ts';
import { forgetEndpoint, targetsFor, type PushTarget } from '../stores/push-subscriptions.ts';
import type { VapidKeys } from './vapid-keys.ts';

export interface PushSettings {
  timeoutMs: number;
  concurrency: number;
}

/** Sends waiting beyond this are dropped (and logged): a flood must not grow the server's memory. */
const MAX_QUEUED = 10_000;

/** A message and how long the push service may still hold it (less than its TTL when it was sent late). */
export interface TimedPush {
  message: PushMessage;
  ttlSeconds: number;
}

interface Send extends TimedPush {
  target: PushTarget;
  settled: () => void;
}

export class PushSender {
  private readonly shutdown = new AbortController();
  private readonly queue: Send[] = [];
  private readonly inFlight = new Set<Promise<void>>();

  constructor(
    private readonly db: Sql,
    private readonly keys: VapidKeys,
    private readonly settings: PushSettings,
    private readonly log: JobLogger,
  ) {}

  /**
   * Looks up each message's browsers and sends to them; resolves once every send has been answered, refused,
   * timed out, dropped (queue full) or aborted (stop). Rejects when the subscriptions could not be read.
   */
  async deliver(pushes: readonly TimedPush[]): Promise<void> {
    const sending: Promise<void>[] = [];
    for (const push of pushes) {
      if (this.shutdown.signal.aborted) break;
      const targets = await targetsFor(this.db, push.message.kind, push.message.regionId);
      if (this.shutdown.signal.aborted) break; // stop() has emptied the queue: nothing put in now would settle
      sending.push(...this.enqueue(targets.map((target) => ({ target, ...push }))));
    }
    await Promise.all(sending);
  }

  private enqueue(sends: Omit<Send, 'settled'>[]): Promise<void>[] {
    const room = Math.max(0, MAX_QUEUED - this.queue.length);
    if (sends.length > room) this.log.warn({ dropped: sends.length - room }, 'push: queue full; messages dropped');
    const settledAll = sends
      .slice(0, room)
      .map((send) => new Promise<void>((settled) => this.queue.push({ ...send, settled })));
    this.pump();
    return settledAll;
  }

  private pump(): void {
    while (!this.shutdown.signal.aborted && this.inFlight.size < this.settings.concurrency && this.queue.length > 0) {
      const send = this.queue.shift()!;
      const sending: Promise<void> = this.send(send)
        .catch((error: unknown) => {
          const cause = (error as { cause?: { code?: string; message?: string } }).cause;
          const reason = cause?.code ?? cause?.message ?? (error as Error).message;
          this.log.warn({ endpoint: new URL(send.target.endpoint).host, reason }, 'push: could not send');
        })
        .finally(() => {
          this.inFlight.delete(sending);
          send.settled();
          this.pump();
        });
      this.inFlight.add(sending);
    }
  }

  private async send({ target, message, ttlSeconds }: Send): Promise<void> {
    const details = webPush.generateRequestDetails(target, JSON.stringify(message), {
      TTL: ttlSeconds,
      urgency: 'high',
      vapidDetails: this.keys,
    });
    let response: Response;
    try {
      response = await fetch(details.endpoint, {
        method: details.method,
        headers: Object.fromEntries(Object.entries(details.headers).map(([name, value]) => [name, String(value)])),
        body: details.body ? new Uint8Array(details.body) : null,
        redirect: 'manual',
        signal: AbortSignal.any([this.shutdown.signal, AbortSignal.timeout(this.settings.timeoutMs)]),
      });
      await response.arrayBuffer().catch(() => undefined);
    } catch (error) {
      if (this.shutdown.signal.aborted) return;
      throw error;
    }
    if (response.status === 404 || response.status === 410) {
      await forgetEndpoint(this.db, target.endpoint);
      this.log.info(
        { endpoint: new URL(target.endpoint).host, status: response.status },
        'push: subscription gone; deleted',
      );
    } else if (!response.ok) {
      this.log.warn(
        { endpoint: new URL(target.endpoint).host, status: response.status },
        'push: the push service refused a message',
      );
    }
  }

  get stopped(): boolean {
    return this.shutdown.signal.aborted;
  }

  /** Drops what waits, aborts what is in flight, and waits for them to settle. */
  async stop(): Promise<void> {
    this.shutdown.abort();
    for (const send of this.queue.splice(0)) send.settled();
    await Promise.all(this.inFlight);
  }
}
