// Pushes committed panics and escalations at least once (issue 35 point 5), from a durable cursor over
// stream_events (migration 025) rather than from memory: woken after each commit of this process and every
// `pollMs` (other servers' commits, the journal's replay at start), it leases the cursor, reads the events
// after it, sends them, and only then moves it. A crash before the move sends them again at the next start;
// a notification's tag (one per incident) makes a second copy replace the first on the phone.
import { randomUUID } from 'node:crypto';
import type { Sql } from '../db/seam.ts';
import type { JobLogger } from '../jobs/periodic.ts';
import {
  advancePushCursor,
  claimPushCursor,
  readPushBatch,
  releasePushCursor,
  renewPushLease,
} from '../stores/push-cursor.ts';
import { duePushes } from './push-messages.ts';
import type { PushSender } from './push-sender.ts';
import { CoalescedRun } from '../jobs/coalesced-run.ts';
import { serverClock } from '../domain/server-clock.ts';

/** Events read per pass: a backlog (a long outage) is sent a bounded batch at a time. */
const BATCH_EVENTS = 100;

export interface DispatcherSettings {
  pollMs: number;
  timeoutMs: number;
}

export class PushDispatcher {
  private readonly holder = randomUUID();
  /** Longer than any one send can take; renewed while a batch is sent, so only a dead server's lease runs out. */
  private readonly leaseMs: number;
  private readonly passing = new CoalescedRun(
    () => this.passes(),
    () => this.stopped,
    (error) => {
      if (!this.stopped)
        this.log.warn({ err: error }, 'push: could not read or move the cursor; the next poll tries again');
    },
  );
  private stopped = false;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Sql,
    private readonly sender: PushSender,
    private readonly settings: DispatcherSettings,
    private readonly log: JobLogger,
  ) {
    this.leaseMs = settings.timeoutMs * 2 + 5000;
  }

  start(): void {
    this.timer = setInterval(() => this.wake(), this.settings.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Looks for events to push now; calls while a pass is under way make one more pass after it. */
  wake(): void {
    this.passing.wake();
  }

  private async passes(): Promise<void> {
    while (!this.stopped && (await this.pass()));
  }

  /** One batch under the lease; answers whether more events wait after it. */
  private async pass(): Promise<boolean> {
    const after = await claimPushCursor(this.db, this.holder, this.leaseMs);
    if (after === undefined) return false; // nothing new, or another server is pushing it
    let moved = false;
    const renewal = setInterval(
      () => void renewPushLease(this.db, this.holder, this.leaseMs).catch(() => {}),
      this.leaseMs / 3,
    );
    try {
      const batch = await readPushBatch(this.db, after, BATCH_EVENTS);
      await this.sender.deliver(duePushes(batch.events, serverClock.nowMs()));
      // Stopped in the middle: what was aborted is pushed again by the next start.
      if (this.stopped) return false;
      moved = await advancePushCursor(this.db, this.holder, batch.through);
      if (!moved)
        this.log.warn(
          { through: batch.through },
          'push: the cursor lease ran out while sending; another server sends these again',
        );
      return moved && batch.more;
    } finally {
      clearInterval(renewal);
      if (!moved) await releasePushCursor(this.db, this.holder).catch(() => {});
    }
  }

  /** Stops looking, aborts the sends in flight (their events stay after the cursor) and lets the lease go. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.sender.stop();
    await this.passing.idle();
  }
}
