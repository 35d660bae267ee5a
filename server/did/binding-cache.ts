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
  private catchingUp: Promise<void> | undefined;
  private again = false;
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

  /** Reads what changed since the last look; a call during a read waits for one more read after it. */
  async catchUp(): Promise<void> {
    if (this.catchingUp) {
      this.again = true;
      return this.catchingUp;
    }
    this.catchingUp = this.read().finally(() => {
      this.catchingUp = undefined;
    });
    await this.catchingUp;
    if (this.again) {
      this.again = false;
      await this.catchUp();
    }
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
