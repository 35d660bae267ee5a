// Group commit: writes that arrive while a commit is in flight wait and then share the next one, so many
// small requests cost one transaction instead of one each. Each caller's promise settles with its group.

export interface GroupCommitOptions<Item> {
  /** Stores a whole group in one transaction: all of it or none. */
  commit(items: Item[]): Promise<void>;
  /** What an item counts towards the bounds (pings in it). */
  weight(item: Item): number;
  /** A group takes items in arrival order up to this weight (one item always, however heavy). */
  maxGroupWeight: number;
  /** Groups committing at once: 1 where there is one connection; more let a pool's connections overlap. */
  maxInFlight: number;
  /** Weight waiting beyond which `submit` refuses with `GroupCommitFull` (an empty queue always takes one item). */
  maxQueuedWeight: number;
}

export interface GroupCommitStatus {
  inFlight: number;
  maxInFlight: number;
  queuedItems: number;
  queuedWeight: number;
}

export class GroupCommitFull extends Error {
  constructor(queuedWeight: number) {
    super(`The write queue is full (${queuedWeight} waiting).`);
  }
}

/** What each caller of a failed group gets; `first` is set for one of them, so the cause is reported once. */
export class GroupCommitFailed extends Error {
  constructor(
    cause: unknown,
    readonly first: boolean,
  ) {
    super('The group this write belonged to was not committed.', { cause });
  }
}

interface Waiting<Item> {
  item: Item;
  weight: number;
  settle(error?: unknown): void;
}

/** A group gathers while the groups in flight commit, which is what makes the groups large under load. */
export class GroupCommit<Item> {
  private readonly queue: Waiting<Item>[] = [];
  private queuedWeight = 0;
  private inFlight = 0;
  private startPending = false;

  constructor(private readonly options: GroupCommitOptions<Item>) {}

  status(): GroupCommitStatus {
    return {
      inFlight: this.inFlight,
      maxInFlight: this.options.maxInFlight,
      queuedItems: this.queue.length,
      queuedWeight: this.queuedWeight,
    };
  }

  /** Resolves once `item` is committed; rejects with `GroupCommitFailed`, or at once with `GroupCommitFull`. */
  submit(item: Item): Promise<void> {
    const weight = this.options.weight(item);
    if (this.queue.length > 0 && this.queuedWeight + weight > this.options.maxQueuedWeight) {
      return Promise.reject(new GroupCommitFull(this.queuedWeight));
    }
    return new Promise((resolve, reject) => {
      this.queue.push({ item, weight, settle: (error) => (error === undefined ? resolve() : reject(error)) });
      this.queuedWeight += weight;
      this.scheduleStart();
    });
  }

  /** A turn of the event loop first, so every request parsed in this turn joins the group. */
  private scheduleStart(): void {
    if (this.inFlight >= this.options.maxInFlight || this.startPending || this.queue.length === 0) return;
    this.startPending = true;
    setImmediate(() => {
      this.startPending = false;
      while (this.inFlight < this.options.maxInFlight && this.queue.length > 0) void this.commitNextGroup();
    });
  }

  private takeGroup(): Waiting<Item>[] {
    let weight = 0;
    let count = 0;
    while (
      count < this.queue.length &&
      (count === 0 || weight + this.queue[count].weight <= this.options.maxGroupWeight)
    ) {
      weight += this.queue[count].weight;
      count++;
    }
    this.queuedWeight -= weight;
    return this.queue.splice(0, count);
  }

  private async commitNextGroup(): Promise<void> {
    this.inFlight++;
    const group = this.takeGroup();
    let failure: unknown;
    let failed = false;
    try {
      await this.options.commit(group.map((waiting) => waiting.item));
    } catch (error) {
      failure = error;
      failed = true;
    } finally {
      this.inFlight--;
    }
    group.forEach((waiting, i) => waiting.settle(failed ? new GroupCommitFailed(failure, i === 0) : undefined));
    this.scheduleStart();
  }
}
