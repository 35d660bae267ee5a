// The one owner of "is the store there": set unavailable by the first query that fails as a store that is
// away does (store-errors.ts), or by a probe after a timeout; from then every query but the probe's is
// answered StoreUnavailableError at once (no 30 s hangs, no pile of waiting work), while a probe tries
// again with backoff. The first probe answered sets it available, and its listeners (the journal's drain,
// the stream hub, /healthz) are told.
import { isStoreUnavailableError, storeFailureKind, StoreUnavailableError } from './store-errors.ts';
import { shareGate } from './priority-gate.ts';
import { serverClock } from '../domain/server-clock.ts';
import type { Database, Sql, TransactionOptions } from './seam.ts';

export type StoreState = { available: true } | { available: false; since: string; reason: string };

export interface StoreHealthOptions {
  /** `select 1` with its own bound: resolves when the store answered. */
  probe: () => Promise<unknown>;
  firstRetryMs?: number;
  maxRetryMs?: number;
  onChange?: (state: StoreState) => void;
}

export class StoreHealth {
  private current: StoreState = { available: true };
  private retryMs: number;
  private timer: NodeJS.Timeout | undefined;
  private probing = false;
  private stopped = false;
  private readonly listeners = new Set<(state: StoreState) => void>();
  private readonly firstRetryMs: number;
  private readonly maxRetryMs: number;

  constructor(private readonly options: StoreHealthOptions) {
    this.firstRetryMs = options.firstRetryMs ?? 250;
    this.maxRetryMs = options.maxRetryMs ?? 1000;
    this.retryMs = this.firstRetryMs;
    if (options.onChange) this.listeners.add(options.onChange);
  }

  get state(): StoreState {
    return this.current;
  }

  get available(): boolean {
    return this.current.available;
  }

  /** Whole seconds a client should wait: until the next probe, at least one. */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.retryMs / 1000));
  }

  onChange(listener: (state: StoreState) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }

  /** A query failed: when it failed as a store that is away does, the store is unavailable from now. */
  failed(error: unknown): void {
    if (error instanceof StoreUnavailableError) return;
    const kind = storeFailureKind(error);
    if (kind === 'away') this.markUnavailable(error);
    else if (kind === 'slow') this.suspect();
  }

  /** Work took longer than it should: a probe decides whether the store is away or only busy. */
  suspect(): void {
    if (this.current.available && !this.probing) void this.probeNow();
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private markUnavailable(error: unknown): void {
    if (!this.current.available) return;
    const reason = error instanceof Error ? error.message : String(error);
    this.current = { available: false, since: serverClock.iso(), reason };
    this.retryMs = this.firstRetryMs;
    this.tell();
    this.scheduleProbe();
  }

  private scheduleProbe(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.probeNow(), this.retryMs);
    this.timer.unref();
  }

  private async probeNow(): Promise<void> {
    if (this.probing || this.stopped) return;
    this.probing = true;
    try {
      await this.options.probe();
      this.probing = false;
      if (this.current.available) return;
      this.current = { available: true };
      this.retryMs = this.firstRetryMs;
      this.tell();
    } catch (error) {
      this.probing = false;
      if (this.current.available) this.markUnavailable(error);
      else {
        this.retryMs = Math.min(this.maxRetryMs, this.retryMs * 2);
        this.scheduleProbe();
      }
    }
  }

  private tell(): void {
    for (const listener of this.listeners) listener(this.current);
  }
}

/**
 * `db` answering StoreUnavailableError at once while `health` says the store is away, and telling `health`
 * of every failure that says it is.
 */
export function withStoreHealth(db: Database, health: StoreHealth): Database {
  const refuseWhileAway = () => {
    if (!health.available) throw new StoreUnavailableError(health.retryAfterSeconds);
  };
  const watched = <T>(work: () => Promise<T>): Promise<T> => {
    refuseWhileAway();
    return work().catch((error: unknown) => {
      health.failed(error);
      if (isStoreUnavailableError(error) && !(error instanceof StoreUnavailableError))
        throw new StoreUnavailableError(health.retryAfterSeconds, error);
      throw error;
    });
  };
  return shareGate(db, {
    mode: db.mode,
    query: <Row = Record<string, unknown>>(text: string, params?: unknown[], options?: TransactionOptions) =>
      watched(() => db.query<Row>(text, params, options)),
    transaction: <T>(work: (tx: Sql) => Promise<T>, options?: TransactionOptions) =>
      watched(() => db.transaction(work, options)),
    listen: (channel, onNotify) => db.listen(channel, onNotify),
    ...(db.whileQuiet && {
      whileQuiet: <T>(work: (storeDir: string) => Promise<T>) => watched(() => db.whileQuiet!(work)),
    }),
    close: () => db.close(),
  });
}
