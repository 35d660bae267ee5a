// The scaffolding every periodic job shares (escalation, the watch): a check every `intervalMs`, never two at
// once (a slow check makes the next tick a no-op, not a second check beside it), and a stop that waits for
// the check in flight. A check is told to stop early through `shouldStop` (it finishes its current batch).

export interface JobLogger {
  info(object: object, message: string): void;
  warn(object: object, message: string): void;
}

export interface PeriodicJob {
  /** Cancels the timer and waits for a check in progress to finish its current batch. */
  stop(): Promise<void>;
}

/**
 * Runs `check` every `intervalMs` (0 or less: never). A failed check is logged as `failure` and the next
 * one tries again: the job never throws.
 */
export function startPeriodicJob(
  check: (shouldStop: () => boolean) => Promise<void>,
  intervalMs: number,
  log: JobLogger,
  failure: string,
): PeriodicJob {
  if (intervalMs <= 0) return { stop: async () => {} };
  let stopped = false;
  let running: Promise<void> | undefined;
  const tick = () => {
    if (stopped || running) return;
    running = check(() => stopped)
      .catch((error: unknown) => log.warn({ err: error }, failure))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
