// A walk replayed on the page: each step performed as a person would (its `perform` entry), the page left to
// settle, then checked against the state the statechart reached. A step the page has no way to take fails.
import { settle } from '../../views/support/render-dashboard.tsx';

export type Performers<Step> = Record<string, (step: Step) => Promise<unknown> | void>;

export async function replayWalk<Step extends { event: { type: string }; state: unknown }>(
  steps: readonly Step[],
  perform: Performers<Step>,
  expectShows: (state: Step['state']) => void | Promise<void>,
  where = 'the view',
): Promise<void> {
  for (const step of steps) {
    const act = perform[step.event.type];
    if (!act) throw new Error(`no way to perform ${step.event.type} on ${where}`);
    await act(step);
    await settle();
    await expectShows(step.state);
  }
}
