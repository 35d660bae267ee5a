// The server's clock on its own (server/domain/server-clock.ts), its wall and monotonic clocks given: never
// back, never frozen for long, never off the monotonic clock by more than SLEW_RATE, and back on the wall
// clock in the end. tests/server/domain/clock-steps.test.ts steps a real server's clock.
import { describe, expect, it } from 'vitest';
import { FOLLOW_WITHIN_MS, ServerClock, SLEW_RATE } from '../../../server/domain/server-clock.ts';

const HOUR = 3_600_000;
const START = Date.parse('2026-12-01T10:00:00Z');

/** A machine whose wall clock can be stepped: `advance` moves both clocks, `step` the wall clock alone. */
function machine() {
  let monotonic = 5_000;
  let wall = START;
  const clock = new ServerClock({ wall: () => wall, monotonic: () => monotonic });
  return {
    clock,
    advance(ms: number) {
      monotonic += ms;
      wall += ms;
    },
    step(ms: number) {
      wall += ms;
    },
    wall: () => wall,
  };
}

/** Readings every `everyMs` for `forMs`. */
function readings(host: ReturnType<typeof machine>, forMs: number, everyMs: number): number[] {
  const read: number[] = [];
  for (let t = 0; t < forMs; t += everyMs) {
    host.advance(everyMs);
    read.push(host.clock.nowMs());
  }
  return read;
}

describe('the server clock', () => {
  it('is the wall clock to the millisecond while the two agree', () => {
    const host = machine();
    for (let i = 0; i < 100; i++) {
      host.advance(17);
      expect(host.clock.nowMs()).toBe(host.wall());
    }
    expect(host.clock.iso()).toBe(new Date(host.wall()).toISOString());
  });

  it('after the wall clock steps back an hour: never back, never frozen, at most SLEW_RATE slow, then on the wall clock again', () => {
    const host = machine();
    readings(host, 60_000, 1000);
    const before = host.clock.nowMs();
    host.step(-HOUR);
    const after = readings(host, 13 * HOUR, 60_000);
    let previous = before;
    for (const reading of after) {
      expect(reading - previous).toBeGreaterThanOrEqual(60_000 * (1 - SLEW_RATE) - 1e-6);
      expect(reading - previous).toBeLessThanOrEqual(60_000 + 1e-6);
      previous = reading;
    }
    // Absorbed within 1 h / SLEW_RATE (12 h), then following the wall clock exactly.
    expect(after.at(-1)).toBe(host.wall());
  });

  it('after the wall clock steps forward an hour: no jump, at most SLEW_RATE fast, then on the wall clock again', () => {
    const host = machine();
    const before = host.clock.nowMs();
    host.step(HOUR);
    host.advance(1000);
    expect(host.clock.nowMs() - before).toBeLessThanOrEqual(1000 * (1 + SLEW_RATE) + 1e-6);
    const after = readings(host, 13 * HOUR, 60_000);
    for (let i = 1; i < after.length; i++) {
      expect(after[i] - after[i - 1]).toBeGreaterThanOrEqual(60_000 - 1e-6);
      expect(after[i] - after[i - 1]).toBeLessThanOrEqual(60_000 * (1 + SLEW_RATE) + FOLLOW_WITHIN_MS);
    }
    expect(after.at(-1)).toBe(host.wall());
  });

  it('follows a step of less than a second at once forward, and waits for it backward', () => {
    const host = machine();
    host.step(400);
    expect(host.clock.nowMs()).toBe(host.wall());
    const reached = host.clock.nowMs();
    host.step(-700);
    host.advance(300);
    expect(host.clock.nowMs()).toBe(reached);
    host.advance(500);
    expect(host.clock.nowMs()).toBe(host.wall());
  });

  it('measures any interval within SLEW_RATE of the monotonic clock (and a second per step), whatever the wall clock does', () => {
    const host = machine();
    let seed = 47;
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const samples: { monotonic: number; steps: number; reading: number }[] = [];
    let monotonic = 0;
    let steps = 0;
    for (let i = 0; i < 2000; i++) {
      const elapsed = Math.floor(random() * 120_000);
      host.advance(elapsed);
      monotonic += elapsed;
      if (random() < 0.02) {
        host.step((random() < 0.5 ? -1 : 1) * Math.floor(random() * 2 * HOUR));
        steps += 1;
      }
      samples.push({ monotonic, steps, reading: host.clock.nowMs() });
    }
    expect(steps).toBeGreaterThan(20);
    for (let i = 0; i < samples.length; i += 13) {
      for (let j = i + 1; j < samples.length; j += 17) {
        const elapsed = samples[j].monotonic - samples[i].monotonic;
        const measured = samples[j].reading - samples[i].reading;
        const slack = FOLLOW_WITHIN_MS * (samples[j].steps - samples[i].steps + 1);
        expect(measured).toBeGreaterThanOrEqual(Math.max(0, elapsed * (1 - SLEW_RATE) - slack));
        expect(measured).toBeLessThanOrEqual(elapsed * (1 + SLEW_RATE) + slack);
      }
    }
  });

  it('woken after a long idle hour with the wall clock stepped meanwhile, moves by that hour ± SLEW_RATE', () => {
    const host = machine();
    const before = host.clock.nowMs();
    host.advance(HOUR);
    host.step(-HOUR);
    const after = host.clock.nowMs();
    expect(after - before).toBeCloseTo(HOUR * (1 - SLEW_RATE), 3);
  });
});
