// Which step may follow which in a dispatch (issue 34 point 4), for the server's check and the drawer's
// buttons. A unit may be stood down on its way (recalled) or once there; it is handed over only from the scene.
import type { DispatchState, DispatchStep } from '../api/responders.ts';

const NEXT: Record<DispatchState, readonly DispatchStep[]> = {
  dispatched: ['on_scene', 'stood_down'],
  on_scene: ['stood_down', 'handed_over'],
  stood_down: [],
  handed_over: [],
};

export const STEP_LABELS: Record<DispatchStep, string> = {
  on_scene: 'On scene',
  stood_down: 'Stood down',
  handed_over: 'Handed over',
};
export const STATE_LABELS: Record<DispatchState, string> = {
  dispatched: 'Dispatched',
  on_scene: 'On scene',
  stood_down: 'Stood down',
  handed_over: 'Handed over',
};

export const nextSteps = (state: DispatchState): readonly DispatchStep[] => NEXT[state];

/** undefined when `step` may follow `state`; else the sentence the 409 answers. */
export function stepRefusal(unitName: string, state: DispatchState, step: DispatchStep): string | undefined {
  if (NEXT[state].includes(step)) return undefined;
  if (NEXT[state].length === 0)
    return `${unitName} is already ${STATE_LABELS[state].toLowerCase()}: this dispatch is closed, so it cannot be marked ${STEP_LABELS[step].toLowerCase()}.`;
  return `${unitName} is ${STATE_LABELS[state].toLowerCase()}: it can be marked ${NEXT[state].map((next) => STEP_LABELS[next].toLowerCase()).join(' or ')}, not ${STEP_LABELS[step].toLowerCase()}.`;
}
