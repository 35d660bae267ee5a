/**
 * Visits every member of a set, a slice per turn of the event loop: writing a GPS group to a thousand
 * streams costs tens of milliseconds of socket writes, and a panic's request arriving meanwhile is read and
 * stored between slices instead of after the last. A request during a pass makes one more pass once it ends,
 * so every member is visited after the latest request and no member waits on a pass that keeps restarting.
 * A member whose visit throws is handed to `failed`, and the pass goes on: nothing of it rejects unhandled.
 */
export class Sweep<T> {
  private running: Promise<void> | undefined;
  private again = false;

  /** `visit` answers the bytes it wrote; a slice ends once `bytesPerTurn` have been written. */
  constructor(
    private readonly members: () => Iterable<T>,
    private readonly visit: (member: T) => number,
    private readonly bytesPerTurn: number,
    private readonly failed: (member: T, error: unknown) => void,
  ) {}

  /** Starts a pass at once (its first slice runs before this returns), or asks the running one for another. */
  request(): void {
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.run().finally(() => (this.running = undefined));
  }

  /** Resolves once no pass is running. */
  async settled(): Promise<void> {
    while (this.running) await this.running;
  }

  private async run(): Promise<void> {
    do {
      this.again = false;
      let written = 0;
      for (const member of [...this.members()]) {
        written += this.visitOrFail(member);
        if (written < this.bytesPerTurn) continue;
        written = 0;
        await new Promise((resolve) => setImmediate(resolve));
      }
    } while (this.again);
  }

  private visitOrFail(member: T): number {
    try {
      return this.visit(member);
    } catch (error) {
      this.failed(member, error);
      return 0;
    }
  }
}
