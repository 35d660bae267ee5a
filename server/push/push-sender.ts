// Sends push messages after commit (issue 35 point 5): the committed stream messages of a panic or an
// escalation are looked up against the subscriptions and each browser's message is encrypted (aes128gcm)
// and posted with a time limit, a bounded number in flight and a bounded queue. Nothing is retried: the
// push service itself holds a message for a phone that is off (TTL). 404 or 410 deletes the subscription.
import webPush from 'web-push';
import type { PushMessage } from '../../src/api/push.ts';
import type { Sql } from '../db/seam.ts';
import type { JobLogger } from '../jobs/periodic.ts';
import { forgetEndpoint, targetsFor, type PushTarget } from '../stores/push-subscriptions.ts';
import { PUSH_TTL_SECONDS } from './push-messages.ts';
import type { VapidKeys } from './vapid-keys.ts';

export interface PushSettings {
  timeoutMs: number;
  concurrency: number;
}

/** Sends waiting beyond this are dropped (and logged): a flood must not grow the server's memory. */
const MAX_QUEUED = 10_000;

interface Send {
  target: PushTarget;
  message: PushMessage;
}

export class PushSender {
  private readonly shutdown = new AbortController();
  private readonly queue: Send[] = [];
  private readonly inFlight = new Set<Promise<void>>();
  private readonly lookups = new Set<Promise<void>>();

  constructor(
    private readonly db: Sql,
    private readonly keys: VapidKeys,
    private readonly settings: PushSettings,
    private readonly log: JobLogger,
  ) {}

  /** Called after commit; answers at once, the work goes on in the background. */
  notify(messages: readonly PushMessage[]): void {
    if (this.shutdown.signal.aborted) return;
    for (const message of messages) {
      const lookup: Promise<void> = targetsFor(this.db, message.kind, message.regionId)
        .then((targets) => this.enqueue(targets.map((target) => ({ target, message }))))
        .catch((error: unknown) => {
          if (!this.shutdown.signal.aborted) this.log.warn({ err: error, incident: message.incidentId }, 'push: could not read the subscriptions');
        })
        .finally(() => this.lookups.delete(lookup));
      this.lookups.add(lookup);
    }
  }

  private enqueue(sends: Send[]): void {
    const room = MAX_QUEUED - this.queue.length;
    if (sends.length > room) this.log.warn({ dropped: sends.length - Math.max(0, room) }, 'push: queue full; messages dropped');
    this.queue.push(...sends.slice(0, Math.max(0, room)));
    this.pump();
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
          this.pump();
        });
      this.inFlight.add(sending);
    }
  }

  private async send({ target, message }: Send): Promise<void> {
    const details = webPush.generateRequestDetails(target, JSON.stringify(message), {
      TTL: PUSH_TTL_SECONDS[message.kind],
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
      this.log.info({ endpoint: new URL(target.endpoint).host, status: response.status }, 'push: subscription gone; deleted');
    } else if (!response.ok) {
      this.log.warn({ endpoint: new URL(target.endpoint).host, status: response.status }, 'push: the push service refused a message');
    }
  }

  /** Drops what waits, aborts what is in flight, and waits for both to settle. */
  async stop(): Promise<void> {
    this.shutdown.abort();
    this.queue.length = 0;
    await Promise.all(this.lookups);
    await Promise.all(this.inFlight);
  }
}
