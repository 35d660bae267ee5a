// The replay's frame loop (the statechart's `frames` actor): one `replay.tick` per animation frame with the
// wall time since the one before, so the clock runs in real time scaled by the speed whatever the frame rate.
import { fromCallback } from 'xstate';
import type { ReplayEvent } from '../../machines/replayMachine.ts';

const tick = (elapsedMs: number): ReplayEvent => ({ type: 'replay.tick', elapsedMs });

export const animationFrames = fromCallback(({ sendBack }) => {
  let previous: number | undefined;
  let frame = requestAnimationFrame(function onFrame(now) {
    if (previous !== undefined) sendBack(tick(now - previous));
    previous = now;
    frame = requestAnimationFrame(onFrame);
  });
  return () => cancelAnimationFrame(frame);
});
