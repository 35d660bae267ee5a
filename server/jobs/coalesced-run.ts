// Work that wake-ups start: one run at a time, and the wake-ups that come while it runs ask for one more run
// after it, never a second beside it (the stream hub's tail, the webhook outbox's claims, the push cursor).
export class CoalescedRun {
  private running: Promise<void> | undefined;
  private again = false;

  /** `stopped`: once true, a wake-up starts nothing. `failed`: a run's error, which ends that run alone. */
  constructor(
    private readonly work: () => Promise<void>,
    private readonly stopped: () => boolean,
    private readonly failed: (error: unknown) => void = () => {},
  ) {}

  wake(): void {
    if (this.stopped()) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.work()
      .catch(this.failed)
      .finally(() => {
        this.running = undefined;
        if (this.again) {
          this.again = false;
          this.wake();
        }
      });
  }

  /** Settles when no run is under way, the ones asked for meanwhile included. */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }
}
