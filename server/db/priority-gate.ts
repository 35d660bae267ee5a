import type { Database, Priority, Sql, TransactionOptions } from './seam.ts';

const PRIORITY_ORDER: readonly Priority[] = ['urgent', 'normal', 'background'];

export interface GateStatus {
  slots: number;
  running: number;
  /** Work waiting for a slot, per priority. */
  waiting: Record<Priority, number>;
}

/**
 * Lets at most `slots` pieces of work run at once. When one ends, the longest-waiting urgent work starts,
 * else the longest-waiting normal work, else background work: a panic never queues behind reads.
 */
export class PriorityGate {
  private running = 0;
  private dispatchPending = false;
  private readonly waiting: Record<Priority, (() => void)[]> = { urgent: [], normal: [], background: [] };

  constructor(private readonly slots: number) {
    if (!Number.isInteger(slots) || slots < 1) throw new Error(`A priority gate needs at least one slot, got ${slots}.`);
  }

  status(): GateStatus {
    const { urgent, normal, background } = this.waiting;
    return { slots: this.slots, running: this.running, waiting: { urgent: urgent.length, normal: normal.length, background: background.length } };
  }

  async run<T>(priority: Priority, work: () => Promise<T>): Promise<T> {
    await this.acquire(priority);
    try {
      return await work();
    } finally {
      this.release();
    }
  }

  private acquire(priority: Priority): Promise<void> {
    if (this.running < this.slots && !this.anyWaiting()) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.waiting[priority].push(resolve));
  }

  private release(): void {
    this.running--;
    if (this.dispatchPending || !this.anyWaiting()) return;
    this.dispatchPending = true;
    // Handing the slot over in a microtask would chain queued PGlite queries back to back without ever
    // returning to the event loop: a panic arriving meanwhile would not even be read off its socket, nor
    // would answers be written. After this turn's I/O, the choice also sees work that just arrived.
    setImmediate(() => {
      this.dispatchPending = false;
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.running < this.slots) {
      const next = PRIORITY_ORDER.map((priority) => this.waiting[priority]).find((queue) => queue.length > 0)?.shift();
      if (!next) return;
      this.running++;
      next();
    }
  }

  private anyWaiting(): boolean {
    return PRIORITY_ORDER.some((priority) => this.waiting[priority].length > 0);
  }
}

const gates = new WeakMap<Database, PriorityGate>();

/**
 * `db` with every query and transaction passed through one gate. Work inside a transaction uses the
 * transaction's own connection and is not gated again (that would deadlock with one slot).
 */
export function withPriorityGate(db: Database, slots: number): Database {
  const gate = new PriorityGate(slots);
  const gated: Database = {
    mode: db.mode,
    query<Row = Record<string, unknown>>(text: string, params?: unknown[]) {
      return gate.run('normal', () => db.query<Row>(text, params));
    },
    transaction<T>(work: (tx: Sql) => Promise<T>, options?: TransactionOptions) {
      return gate.run(options?.priority ?? 'normal', () => db.transaction(work));
    },
    listen: (channel, onNotify) => db.listen(channel, onNotify),
    close: () => db.close(),
  };
  gates.set(gated, gate);
  return gated;
}

/** How busy the gate in front of `db` is (undefined for a database without one). */
export function gateStatus(db: Database): GateStatus | undefined {
  return gates.get(db)?.status();
}
