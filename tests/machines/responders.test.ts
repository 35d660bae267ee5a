// The Responders section's statechart (issue 34): read on opening; the dialog sends one dispatch and reads the
// list again; a refused dispatch keeps the dialog open with the server's sentence; a step is one write at a time.
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../src/api/client.ts';
import type { Incident } from '../../src/api/entities.ts';
import type { Dispatch } from '../../src/api/responders.ts';
import { respondersMachine } from '../../src/machines/respondersMachine.ts';
import { incident } from '../views/support/fake-api.ts';

const INC: Incident = incident({ id: 'INC-9' });
const DISPATCH = { id: 'dsp-9', state: 'dispatched' } as Dispatch;
const REFUSED = 'Incident INC-9 is resolved: no unit is dispatched to a resolved incident.';

function start(options: { refuse?: boolean } = {}) {
  const reads: string[] = [];
  const sent: unknown[] = [];
  // What the drawer (the parent) is told: the incident as the write left it, for the dashboard's record.
  const announced: Incident[] = [];
  const logic = respondersMachine.provide({
    actions: { announceIncident: (_, { incident }: { incident: Incident }) => void announced.push(incident) },
    actors: {
      loadResponders: fromPromise(
        async ({ input }: { input: { incidentId: string } }) => (
          reads.push(input.incidentId), { nearest: [], dispatches: sent.length ? [DISPATCH] : [] }
        ),
      ),
      sendDispatch: fromPromise(async ({ input }: { input: unknown }) => {
        if (options.refuse) throw new ApiError(REFUSED, REFUSED, 409);
        sent.push(input);
        return { dispatch: DISPATCH, incident: INC };
      }),
      sendStep: fromPromise(
        async ({ input }: { input: unknown }) => (
          sent.push(input), { dispatch: { ...DISPATCH, state: 'on_scene' as const }, incident: INC }
        ),
      ),
    } as never,
  });
  const actor = createActor(logic, { input: { incidentId: 'INC-9' } }).start();
  return { actor, reads, sent, announced };
}

describe('the Responders statechart', () => {
  it('reads on opening, dispatches from the dialog and reads again', async () => {
    const { actor, reads, sent, announced } = start();
    await waitFor(actor, (s) => s.matches('idle'));
    expect(actor.getSnapshot().can({ type: 'dispatch.step', dispatchId: 'x', step: 'on_scene' })).toBe(true);
    actor.send({ type: 'dispatch.open', unitId: 'u-1' });
    expect(actor.getSnapshot().context.chosenUnitId).toBe('u-1');
    // While the dialog is open no step is sent beside it.
    expect(actor.getSnapshot().can({ type: 'dispatch.step', dispatchId: 'x', step: 'on_scene' })).toBe(false);
    actor.send({ type: 'dispatch.confirm', choice: { unitId: 'u-1', note: 'Go' } });
    await waitFor(actor, (s) => s.matches('idle') && s.context.dispatches.length === 1);
    expect(sent).toEqual([{ incidentId: 'INC-9', choice: { unitId: 'u-1', note: 'Go' } }]);
    expect(reads).toEqual(['INC-9', 'INC-9']);
    expect(announced).toEqual([INC]);
  });

  it("keeps the dialog open with the server's sentence when the dispatch is refused", async () => {
    const { actor } = start({ refuse: true });
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'dispatch.open' });
    actor.send({ type: 'dispatch.confirm', choice: { unitName: 'Patrol' } });
    const refused = await waitFor(actor, (s) => s.matches({ dialog: 'editing' }) && s.context.error !== undefined);
    expect(refused.context.error).toBe(REFUSED);
    actor.send({ type: 'dispatch.cancel' });
    expect(actor.getSnapshot().matches('idle')).toBe(true);
    expect(actor.getSnapshot().context.error).toBeUndefined();
  });

  it('sends a step with its note, one at a time, then reads again', async () => {
    const { actor, sent, reads } = start();
    await waitFor(actor, (s) => s.matches('idle'));
    actor.send({ type: 'dispatch.step', dispatchId: 'dsp-9', step: 'on_scene', note: 'Arrived' });
    expect(actor.getSnapshot().hasTag('writing')).toBe(true);
    expect(actor.getSnapshot().can({ type: 'dispatch.open' })).toBe(false);
    await waitFor(actor, (s) => s.matches('idle') && reads.length === 2);
    expect(sent).toEqual([{ dispatchId: 'dsp-9', step: 'on_scene', note: 'Arrived' }]);
  });
});
