// The outbox's sender: claims due rows (woken after each commit that may have written some, and every
// `pollMs` for retries), POSTs each signed, with a time limit and a bounded number in flight, and records
// the outcome: delivered, tried again later with backoff, or dead. Stopping aborts the requests in flight,
// so a receiver that never answers cannot hold a shutdown; their rows are released, not counted as tried.
import type { WebhookSettings } from '../config.ts';
import type { Sql } from '../db/seam.ts';
import type { JobLogger } from '../jobs/periodic.ts';
import { claimDueDeliveries, recordFailed, releaseLease, type ClaimedDelivery } from '../stores/webhook-deliveries.ts';
import { nextAttemptAt, type RetryPolicy } from './backoff.ts';
import { DeliveredBatch } from './delivered-batch.ts';
import { signedHeaders } from './signature.ts';
import { CoalescedRun } from '../jobs/coalesced-run.ts';
import { monotonicMs } from '../domain/server-clock.ts';

/** What is kept of a receiver's answer in the log: enough to see why it refused. */
const KEPT_ANSWER_CHARS = 200;

const WAKE_GATHER_MS = 20;

type Outcome =
  | { delivered: true; status: number }
  | { delivered: false; status: number | null; error: string }
  | { aborted: true };

async function attempt(delivery: ClaimedDelivery, timeoutMs: number, shutdown: AbortSignal): Promise<Outcome> {
  try {
    const response = await fetch(delivery.url, {
      method: 'POST',
      headers: {
        ...signedHeaders(delivery.secret, delivery.id, delivery.body),
        'user-agent': 'panic-alerts-dashboard-webhooks',
      },
      body: delivery.body,
      // A redirect is refused, not followed: the admin configured this address and no other.
      redirect: 'manual',
      signal: AbortSignal.any([shutdown, AbortSignal.timeout(timeoutMs)]),
    });
    const text = (await response.text().catch(() => '')).slice(0, KEPT_ANSWER_CHARS);
    if (response.status >= 200 && response.status < 300) return { delivered: true, status: response.status };
    return { delivered: false, status: response.status, error: `HTTP ${response.status}${text ? `: ${text}` : ''}` };
  } catch (error) {
    if (shutdown.aborted) return { aborted: true };
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    const timedOut = (error as Error).name === 'TimeoutError';
    return {
      delivered: false,
      status: null,
      error: timedOut
        ? `no answer within ${timeoutMs} ms`
        : (cause?.code ?? cause?.message ?? (error as Error).message),
    };
  }
}

export class WebhookSender {
  private readonly shutdown = new AbortController();
  private readonly inFlight = new Set<Promise<void>>();
  private readonly policy: RetryPolicy;
  private readonly leaseMs: number;
  private readonly delivered: DeliveredBatch;
  private readonly claiming = new CoalescedRun(
    () => this.claim(),
    () => this.shutdown.signal.aborted,
    (error) => {
      if (!this.shutdown.signal.aborted)
        this.log.warn({ err: error }, 'webhooks: could not read the outbox; the next poll tries again');
    },
  );
  private timer: NodeJS.Timeout | undefined;
  private soonTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Sql,
    private readonly settings: WebhookSettings,
    private readonly log: JobLogger,
  ) {
    this.policy = {
      baseMs: settings.retryBaseMs,
      capMs: settings.retryCapMs,
      windowMs: settings.retryWindowMs,
      maxAttempts: settings.maxAttempts,
    };
    // Longer than any attempt can take, so a row is never sent by two servers at once while one still tries.
    this.leaseMs = settings.timeoutMs * 2 + 5000;
    this.delivered = new DeliveredBatch(db);
  }

  start(): void {
    if (this.settings.pollMs > 0) {
      this.timer = setInterval(() => this.wake(), this.settings.pollMs);
      this.timer.unref();
    }
    this.wake();
  }

  /**
   * After a commit: looks within WAKE_GATHER_MS, so that the panics of a busy moment are claimed by one read
   * rather than one read each on the store's connection between them.
   */
  wakeSoon(): void {
    if (this.soonTimer || this.shutdown.signal.aborted) return;
    this.soonTimer = setTimeout(() => {
      this.soonTimer = undefined;
      this.wake();
    }, WAKE_GATHER_MS);
  }

  /** Looks for due rows now; calls while a look is under way make one more look after it. */
  wake(): void {
    this.claiming.wake();
  }

  private async claim(): Promise<void> {
    const free = this.settings.concurrency - this.inFlight.size;
    if (free <= 0) return;
    const claimed = await claimDueDeliveries(this.db, free, this.leaseMs);
    const claimedAt = monotonicMs();
    for (const delivery of claimed) {
      const sending: Promise<void> = this.send(delivery, claimedAt)
        .catch((error: unknown) =>
          this.log.warn(
            { err: error, delivery: delivery.id },
            'webhooks: could not record an attempt; the lease runs out and it is sent again',
          ),
        )
        .finally(() => {
          this.inFlight.delete(sending);
          this.wake();
        });
      this.inFlight.add(sending);
    }
  }

  private async send(delivery: ClaimedDelivery, claimedAt: number): Promise<void> {
    const outcome = await attempt(delivery, this.settings.timeoutMs, this.shutdown.signal);
    if ('aborted' in outcome) return releaseLease(this.db, delivery.id);
    if (outcome.delivered) return this.delivered.record(delivery.id, outcome.status);
    // On the store's clock, as the claim compares it (this server's wall clock may be an hour away from it).
    const storeNow = delivery.claimedAt + (monotonicMs() - claimedAt);
    const next = nextAttemptAt(this.policy, delivery.attempts + 1, delivery.windowStart, storeNow);
    await recordFailed(this.db, delivery.id, outcome, next);
    if (next === null)
      this.log.warn(
        { delivery: delivery.id, error: outcome.error },
        'webhooks: delivery is dead after its last attempt',
      );
  }

  /** Stops looking, aborts what is in flight and waits for their rows to be released. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    clearTimeout(this.soonTimer);
    this.shutdown.abort();
    await this.claiming.idle();
    await Promise.all(this.inFlight);
  }
}
