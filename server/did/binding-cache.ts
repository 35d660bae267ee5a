import { withPriority, type Database } from '../db/seam.ts';
import { bindingChangesSince } from '../stores/did-bindings.ts';

/** Every server's check for binding changes it was not told of (a NOTIFY lost with a dropped connection). */
const SAFETY_NET_MS = 30_000;

export function didBindingChannel(schema: string): string {
  return `did_bindings_${schema}`.slice(0, 63);
}

/**
 * Which tourist each bound DID proves, held in memory: every device request reads it before anything else
 * (a panic's included), so it must answer without a query. It follows the table by its change numbers,
 * woken by a NOTIFY that each bind and unbind sends in its transaction, on this server and every other.
 */
export class DidBindingCache {
  private readonly bound = new Map<string, string>();
  private seen = 0;
  /** A read that has not begun yet; the last read asked for. */
  private queued: Promise<void> | undefined;
  private last: Promise<void> = Promise.resolve();
  private unlisten: (() => Promise<void>) | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    /** Where binds and unbinds NOTIFY, in their transaction. */
    readonly channel: string,
  ) {}

  touristOf(didId: string): string | undefined {
    return this.bound.get(didId);
  }

  async start(): Promise<void> {
    await this.catchUp();
    this.unlisten = await this.db.listen(this.channel, () => void this.catchUp().catch(() => {}));
    this.timer = setInterval(() => void this.catchUp().catch(() => {}), SAFETY_NET_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.unlisten?.();
  }

  /**
   * Reads what changed since the last look. The promise settles after a read that began after the call, so a
   * bind that awaits it is seen by this server's next request; calls while a read waits to begin share it.
   */
  catchUp(): Promise<void> {
    if (!this.queued) {
      const queued = this.last
        .catch(() => {})
        .then(() => {
          this.queued = undefined;
          return this.read();
        });
      this.queued = queued;
      this.last = queued;
    }
    return this.queued;
  }

  private async read(): Promise<void> {
    const { changes, last } = await bindingChangesSince(withPriority(this.db, 'urgent'), this.seen);
    for (const [didId, touristId] of changes) {
      if (touristId === null) this.bound.delete(didId);
      else this.bound.set(didId, touristId);
    }
    this.seen = last;
  }
}
