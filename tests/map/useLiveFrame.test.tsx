import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GpsHistory, GpsPing } from '../../src/api/entities.ts';
import { useLiveFrame } from '../../src/map/useLiveFrame.ts';
import { ping } from './fixtures.ts';

let frameCallbacks: FrameRequestCallback[] = [];
function runAnimationFrame() {
  const callbacks = frameCallbacks;
  frameCallbacks = [];
  act(() => callbacks.forEach((callback) => callback(performance.now())));
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
});
