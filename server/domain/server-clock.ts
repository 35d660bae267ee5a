// The server's notion of time (issue 47.5): every time the server writes (a panic's receive time, a ping's, a
// stream event's, an acknowledgement, an audit entry) and every "now" it compares them with (windows,
// escalation, the watch, retention) come from one clock that never goes back and never jumps by more than a
// second, so a wall clock stepped by ±1 h cannot reorder panics, empty a window, escalate every open panic at
// once or hold escalation and the watch back for an hour.
//
// Why slewing both ways, not "forward at once, never back": the receive times are also the times the
// escalation and the watch measure from (`created_at <= now − ESCALATE_AFTER_S`, `seen_at + silentAfterS`,
// compared in SQL). Any jump of the clock is a jump of every one of those durations: stepped forward an hour,
// every open panic of the last hour would be escalated, and every tourist seen in it called silent, in the
// next check. Slewed, any interval between two times of this clock is within SLEW_RATE of the true (monotonic)
// interval, whatever the wall clock did. The price: after a step the times written differ from the host's wall
// clock for a while (at most the step, shrinking by SLEW_RATE of the time elapsed: a 1 h step is absorbed in
// 12 h). Which of the two readings was right is unknown to the server (an NTP correction, a VM resumed, a
// clock set by hand), so it trusts neither all at once.

/** chrony's default maxslewrate (83,333 ppm): as fast as the usual NTP client is allowed to correct a clock. */
export const SLEW_RATE = 1 / 12;
/**
 * Within this of the wall clock, the wall clock is followed at once (forward; back, it waits for it):
 * NTP's small steps (ntpd steps from 128 ms) and the rounding between the two clocks.
 */
export const FOLLOW_WITHIN_MS = 1000;

export interface ClockSources {
  /** ms since the epoch (Date.now) */
  wall: () => number;
  /** ms on a clock that never steps (performance.now: CLOCK_MONOTONIC) */
  monotonic: () => number;
}

// Taken as this module loads, so that fake timers (vitest's replace Date and performance, and the server
// tests share one module graph per worker) cannot carry the process's clock days ahead for later tests.
const wallNow = Date.now;
const monotonicNow = performance.now.bind(performance);
const SYSTEM: ClockSources = { wall: () => wallNow(), monotonic: monotonicNow };

export class ServerClock {
  private lastMonotonic: number;
  private last: number;

  constructor(private readonly sources: ClockSources = SYSTEM) {
    this.lastMonotonic = sources.monotonic();
    this.last = sources.wall();
  }

  /** ms since the epoch; never less than an earlier answer; advances with the monotonic clock ±SLEW_RATE. */
  nowMs(): number {
    const monotonic = this.sources.monotonic();
    const wall = this.sources.wall();
    const elapsed = Math.max(0, monotonic - this.lastMonotonic);
    const free = this.last + elapsed;
    const wallAhead = wall - free;
    const next =
      Math.abs(wallAhead) <= FOLLOW_WITHIN_MS
        ? Math.max(wall, this.last)
        : free + Math.sign(wallAhead) * Math.min(Math.abs(wallAhead), SLEW_RATE * elapsed);
    this.lastMonotonic = monotonic;
    this.last = next;
    return next;
  }

  now(): Date {
    return new Date(Math.floor(this.nowMs()));
  }

  /** ISO 8601 UTC to the millisecond, as the API and the store carry times. */
  iso(): string {
    return this.now().toISOString();
  }
}

/** The process's clock: one per process, as the monotonic clock it follows. */
export const serverClock = new ServerClock();

/** For durations the server measures itself (deadlines, throttles, rate windows): never stepped. */
export const monotonicMs = (): number => monotonicNow();
