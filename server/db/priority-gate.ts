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
    if (!Number.isInteger(slots) || slots < 1)
      throw new Error(`A priority gate needs at least one slot, got ${slots}.`);
  }

  status(): GateStatus {
    const { urgent, normal, background } = this.waiting;
    return {
      slots: this.slots,
      running: this.running,
      waiting: { urgent: urgent.length, normal: normal.length, background: background.length },
    };
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
    return new Promise((resolve) => {
      this.waiting[priority].push(resolve);
      this.scheduleDispatch();
    });
  }

  private release(): void {
    this.running--;
    this.scheduleDispatch();
  }

  /**
   * Slots are handed out after the event loop's next I/O poll, never straight away. PGlite runs queries on
   * this thread: started at once, the reads of a busy second would run back to back while a panic waits
   * unread on its socket and a finished panic's journal write waits for its callback. Waiting one turn
   * lets both through, and lets the choice see everything that arrived in that turn.
   */
  private scheduleDispatch(): void {
    if (this.dispatchPending || !this.anyWaiting() || this.running >= this.slots) return;
    this.dispatchPending = true;
    setImmediate(() => {
      this.dispatchPending = false;
      this.dispatch();
    });
  }

  private dispatch(): void {
    while (this.running < this.slots) {
      const next = PRIORITY_ORDER.map((priority) => this.waiting[priority])
        .find((queue) => queue.length > 0)
        ?.shift();
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
    query<Row = Record<string, unknown>>(text: string, params?: unknown[], options?: TransactionOptions) {
      return gate.run(options?.priority ?? 'normal', () => db.query<Row>(text, params));
    },
    transaction<T>(work: (tx: Sql) => Promise<T>, options?: TransactionOptions) {
      return gate.run(options?.priority ?? 'normal', () => db.transaction(work));
    },
    listen: (channel, onNotify) => db.listen(channel, onNotify),
    ...(db.whileQuiet && {
      whileQuiet: <T>(work: (storeDir: string) => Promise<T>) => gate.run('background', () => db.whileQuiet!(work)),
    }),
    close: () => db.close(),
  };
  gates.set(gated, gate);
  return gated;
}

/** How busy the gate in front of `db` is (undefined for a database without one). */
export function gateStatus(db: Database): GateStatus | undefined {
  return gates.get(db)?.status();
}

/** `wrapper`, a `Database` passing its work on to `inner`, reports the gate in front of `inner`. */
export function shareGate(inner: Database, wrapper: Database): Database {
  const gate = gates.get(inner);
  if (gate) gates.set(wrapper, gate);
  return wrapper;
}
