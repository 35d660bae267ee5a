// Wall mode's statechart (issue 35): the region walk steps every N seconds, holds still while a panic is
// open and goes on when none is, stops at "Off"; the screen's wake lock is taken at start, taken again when
// the page is shown after the browser dropped it, and let go when the wall closes.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, SimulatedClock } from 'xstate';
import { wallMachine } from '../../src/machines/wallMachine.ts';

function startWall(input: { cycleSeconds?: number; panicsOpen?: boolean }, wakeLock = fakeWakeLock()) {
  const clock = new SimulatedClock();
  const steps = vi.fn();
  const actor = createActor(wallMachine.provide({ actions: { showNextRegion: steps } }), { input, clock }).start();
  return { actor, clock, steps, wakeLock };
}

interface FakeSentinel {
  released: boolean;
  release(): Promise<void>;
  addEventListener(type: 'release', listener: () => void): void;
  drop(): void;
}

function fakeWakeLock() {
  const sentinels: FakeSentinel[] = [];
  const api = {
    request: vi.fn(async () => {
      const listeners: (() => void)[] = [];
      const sentinel: FakeSentinel = {
        released: false,
        release: async () => void (sentinel.released = true),
        addEventListener: (_type, listener) => void listeners.push(listener),
        drop: () => {
          sentinel.released = true;
          listeners.forEach((listener) => listener());
        },
      };
      sentinels.push(sentinel);
      return sentinel;
    }),
  };
  Object.defineProperty(navigator, 'wakeLock', { value: api, configurable: true });
  return { api, sentinels };
}

afterEach(() => {
  Reflect.deleteProperty(navigator, 'wakeLock');
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the region walk', () => {
  it('steps to the next region every N seconds', () => {
    const { clock, steps } = startWall({ cycleSeconds: 15 });
    clock.increment(14_999);
    expect(steps).not.toHaveBeenCalled();
    clock.increment(1);
    expect(steps).toHaveBeenCalledTimes(1);
    clock.increment(15_000);
    clock.increment(15_000);
    expect(steps).toHaveBeenCalledTimes(3);
  });

  it('holds still while a panic is open, and goes on a full period after the last one is taken', () => {
    const { actor, clock, steps } = startWall({ cycleSeconds: 15 });
    clock.increment(10_000);
    actor.send({ type: 'panics.changed', open: true });
    expect(actor.getSnapshot().matches({ cycle: 'heldByPanic' })).toBe(true);
    clock.increment(120_000);
    expect(steps).not.toHaveBeenCalled();
    actor.send({ type: 'panics.changed', open: false });
    clock.increment(14_999);
    expect(steps).not.toHaveBeenCalled();
    clock.increment(1);
    expect(steps).toHaveBeenCalledTimes(1);
  });

  it('starts held when the wall opens on an open panic, and Off stops it', () => {
    const { actor, clock, steps } = startWall({ cycleSeconds: 30, panicsOpen: true });
    expect(actor.getSnapshot().matches({ cycle: 'heldByPanic' })).toBe(true);
    actor.send({ type: 'cycle.every', seconds: 0 });
    actor.send({ type: 'panics.changed', open: false });
    expect(actor.getSnapshot().matches({ cycle: 'still' })).toBe(true);
    clock.increment(600_000);
    expect(steps).not.toHaveBeenCalled();
    actor.send({ type: 'cycle.every', seconds: 60 });
    clock.increment(60_000);
    expect(steps).toHaveBeenCalledTimes(1);
  });

  it('keeps the chosen period for the next time the wall opens', async () => {
    localStorage.removeItem('dash.wall.cycleSeconds');
    const { actor } = startWall({});
    actor.send({ type: 'cycle.every', seconds: 120 });
    await settle();
    expect(localStorage.getItem('dash.wall.cycleSeconds')).toBe('120');
  });
});

describe('the screen wake lock', () => {
  it('is held from the start, taken again when the page is shown after the browser dropped it, and let go at the end', async () => {
    const wakeLock = fakeWakeLock();
    const { actor } = startWall({}, wakeLock);
    await settle();
    expect(wakeLock.api.request).toHaveBeenCalledWith('screen');
    expect(actor.getSnapshot().context.wakeLock).toBe('held');

    wakeLock.sentinels[0]!.drop(); // the page was hidden: the browser let the lock go
    expect(actor.getSnapshot().context.wakeLock).toBe('released');
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(wakeLock.api.request).toHaveBeenCalledTimes(2);
    expect(actor.getSnapshot().context.wakeLock).toBe('held');

    actor.stop();
    await settle();
    expect(wakeLock.sentinels[1]!.released).toBe(true);
  });

  it('says so where the browser has none', async () => {
    const { actor } = startWall({});
    Reflect.deleteProperty(navigator, 'wakeLock');
    const bare = createActor(wallMachine, { input: {} }).start();
    await settle();
    expect(bare.getSnapshot().context.wakeLock).toBe('unsupported');
    actor.stop();
    bare.stop();
  });
});
