// The scaffolding escalation and the watch share: one check at a time, a stop that waits for it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startPeriodicJob } from '../../../server/jobs/periodic.ts';

const quietLog = () => ({ info: vi.fn(), warn: vi.fn() });

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('startPeriodicJob', () => {
  it('never starts a check while one is in flight, and starts the next tick after it ends', async () => {
    let finish = () => {};
    let started = 0;
    const check = vi.fn(() => {
      started += 1;
      return new Promise<void>((resolve) => (finish = resolve));
    });
    const job = startPeriodicJob(check, 100, quietLog(), 'failed');
    await vi.advanceTimersByTimeAsync(350);
    expect(started).toBe(1);
    finish();
    await vi.advanceTimersByTimeAsync(100);
    expect(started).toBe(2);
    finish();
    await job.stop();
  });

  it('stop waits for the check in flight, tells it to stop, and no tick comes after', async () => {
    let finish = () => {};
    let told: (() => boolean) | undefined;
    const check = vi.fn((shouldStop: () => boolean) => {
      told = shouldStop;
      return new Promise<void>((resolve) => (finish = resolve));
    });
    const job = startPeriodicJob(check, 100, quietLog(), 'failed');
    await vi.advanceTimersByTimeAsync(100);
    let stopped = false;
    const stopping = job.stop().then(() => (stopped = true));
    await vi.advanceTimersByTimeAsync(0);
    expect(told?.()).toBe(true);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await vi.advanceTimersByTimeAsync(1000);
    expect(check).toHaveBeenCalledTimes(1);
  });

  it('logs a failed check and tries again at the next tick; an interval of 0 never checks', async () => {
    const log = quietLog();
    const check = vi.fn().mockRejectedValueOnce(new Error('boom')).mockResolvedValue(undefined);
    const job = startPeriodicJob(check, 100, log, 'job: check failed');
    await vi.advanceTimersByTimeAsync(200);
    expect(log.warn).toHaveBeenCalledWith(expect.objectContaining({ err: expect.any(Error) }), 'job: check failed');
    expect(check).toHaveBeenCalledTimes(2);
    await job.stop();
    const never = vi.fn(async () => {});
    await startPeriodicJob(never, 0, log, 'x').stop();
    await vi.advanceTimersByTimeAsync(1000);
    expect(never).not.toHaveBeenCalled();
  });
});
