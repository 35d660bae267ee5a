import { afterEach, describe, expect, it, vi } from 'vitest';
import { afterNextPaint } from '../../src/map/after-paint.ts';

describe('afterNextPaint: map layers wait for the frame that paints a new row', () => {
  afterEach(() => vi.useRealTimers());

  it('runs neither at once nor inside the next frame, but in the task after it', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'] });
    const ran: string[] = [];
    afterNextPaint(() => ran.push('layers'));
    requestAnimationFrame(() => ran.push(`frame (layers ${ran.includes('layers') ? 'already in' : 'not yet in'})`));
    expect(ran).toEqual([]);
    vi.advanceTimersToNextFrame();
    expect(ran).toEqual(['frame (layers not yet in)']);
    vi.runOnlyPendingTimers();
    expect(ran).toEqual(['frame (layers not yet in)', 'layers']);
  });

  it('runs nothing once cancelled, before the frame or between the frame and its task', () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'setTimeout', 'clearTimeout'] });
    const ran: string[] = [];
    afterNextPaint(() => ran.push('before the frame'))();
    const cancelAfterFrame = afterNextPaint(() => ran.push('after the frame'));
    vi.advanceTimersToNextFrame();
    cancelAfterFrame();
    vi.runAllTimers();
    expect(ran).toEqual([]);
  });
});
