import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GpsHistory, GpsPing } from '../../src/api/entities.ts';
import { TRAIL_REFRESH_MS, useLiveFrame } from '../../src/map/useLiveFrame.ts';
import { ping } from './fixtures.ts';

let frameCallbacks: FrameRequestCallback[] = [];
function runAnimationFrame(now = performance.now()) {
  const callbacks = frameCallbacks;
  frameCallbacks = [];
  act(() => callbacks.forEach((callback) => callback(now)));
}

beforeEach(() => {
  frameCallbacks = [];
  vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frameCallbacks.push(callback));
  vi.spyOn(window, 'cancelAnimationFrame').mockImplementation(() => undefined);
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('useLiveFrame', () => {
  it('coalesces a burst of ping updates into one update per animation frame, with the latest pings', () => {
    const history: GpsHistory = {};
    const { result, rerender } = renderHook(({ pings }: { pings: GpsPing[] }) => useLiveFrame(pings, history), {
      initialProps: { pings: [ping('a', 1, 1)] },
    });
    const first = result.current;
    expect(first.pings.map((row) => row.position)).toEqual([[1, 1]]);

    rerender({ pings: [ping('a', 2, 2)] });
    rerender({ pings: [ping('b', 5, 5), ping('a', 3, 3)] });
    rerender({ pings: [ping('a', 4, 4), ping('b', 5, 5)] });
    expect(result.current).toBe(first);
    expect(frameCallbacks).toHaveLength(1);

    runAnimationFrame();
    expect(result.current.pings.map((row) => [row.key, row.position])).toEqual([
      ['a', [4, 4]],
      ['b', [5, 5]],
    ]);
    expect(frameCallbacks).toHaveLength(0);
  });

  it('asks for a new frame after the last one was used', () => {
    const history: GpsHistory = {};
    const { result, rerender } = renderHook(({ pings }: { pings: GpsPing[] }) => useLiveFrame(pings, history), {
      initialProps: { pings: [ping('a', 1, 1)] },
    });
    runAnimationFrame();
    rerender({ pings: [ping('a', 9, 9)] });
    expect(frameCallbacks).toHaveLength(1);
    runAnimationFrame();
    expect(result.current.pings[0]!.position).toEqual([9, 9]);
  });

  it(`redraws the trails at once after a quiet spell, then at most once per ${TRAIL_REFRESH_MS} ms, the markers on every frame`, () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const trail = (n: number): GpsHistory => ({
      a: Array.from({ length: n }, (_, i) => ({ latitude: i, longitude: i, at: `t${i}` })),
    });
    const { result, rerender } = renderHook(
      ({ pings, history }: { pings: GpsPing[]; history: GpsHistory }) => useLiveFrame(pings, history),
      {
        initialProps: { pings: [ping('a', 1, 1)], history: trail(1) },
      },
    );
    runAnimationFrame(10_000);
    rerender({ pings: [ping('a', 2, 2)], history: trail(2) });
    runAnimationFrame(10_016);
    expect(result.current.trails[0]!.path).toHaveLength(2);

    rerender({ pings: [ping('a', 3, 3)], history: trail(3) });
    runAnimationFrame(10_032);
    expect(result.current.pings[0]!.position).toEqual([3, 3]);
    expect(result.current.trails[0]!.path).toHaveLength(2);
    rerender({ pings: [ping('a', 4, 4)], history: trail(4) });
    runAnimationFrame(10_048);
    expect(result.current.pings[0]!.position).toEqual([4, 4]);
    expect(result.current.trails[0]!.path).toHaveLength(2);

    // Nothing else arrives: the held trail still comes, once its second is up.
    expect(frameCallbacks).toHaveLength(0);
    // The timer was set at 10,032 for the second that began at 10,016.
    act(() => vi.advanceTimersByTime(TRAIL_REFRESH_MS - 17));
    expect(frameCallbacks).toHaveLength(0);
    act(() => vi.advanceTimersByTime(1));
    expect(frameCallbacks).toHaveLength(1);
    runAnimationFrame(10_016 + TRAIL_REFRESH_MS);
    expect(result.current.trails[0]!.path).toHaveLength(4);
    vi.useRealTimers();
  });
});
