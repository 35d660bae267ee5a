// A panic committed between the stream's headers and the server reading its snapshot comes only inside
// that snapshot, never as an alert of its own. When the panic watch's first load was read before that
// commit, its answer does not name the panic either: the watch must load again, or the panic is missed.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Incident } from '../../src/api/entities.ts';
import { panicWatchMachine, type PanicWatchEvent } from '../../src/machines/panicWatchMachine.ts';
import { DeferredActor } from '../views/support/deferred-actor.ts';
import { incident } from '../views/support/fake-api.ts';

const folded = incident({ id: 'PANIC-folded', regionId: 'shillong', createdAt: '2026-11-24T09:00:00.000Z' });
const earlier = incident({ id: 'PANIC-earlier', regionId: 'shillong', createdAt: '2026-11-24T08:00:00.000Z' });

function startWatch() {
  const loads = new DeferredActor<undefined>();
  const arrived: string[] = [];
  const watch = createActor(panicWatchMachine.provide({ actors: { loadPanics: loads.logic as never } }), {
    input: { sound: false },
    // What the notifications hear: each panic announced as new.
    inspect: (inspection) => {
      if (inspection.type === '@xstate.event' && inspection.event.type === 'notifications.panicArrived') {
        arrived.push((inspection.event as unknown as { panic: { id: string } }).panic.id);
      }
    },
  });
  watch.start();
  watch.send({ type: 'panicWatch.start' });
  return { watch, loads, arrived, panicIds: () => watch.getSnapshot().context.panics.map((p) => p.id) };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const snapshotMessage: PanicWatchEvent = { type: 'panicWatch.message', message: { type: 'snapshot', alerts: [] } };

describe('the panic watch and a snapshot that overtakes its first load', () => {
  it('loads again, and names the panic the first answer did not know as new', async () => {
    const { watch, loads, arrived, panicIds } = startWatch();
    await settle();
    expect(loads.calls).toHaveLength(1);
    watch.send(snapshotMessage);
    loads.succeed([earlier] satisfies Incident[]);
    await settle();
    expect(loads.calls).toHaveLength(2);
    loads.succeed([folded, earlier] satisfies Incident[]);
    await settle();
    expect(panicIds()).toEqual(['PANIC-folded', 'PANIC-earlier']);
    // Already open when the page loaded: not announced. Folded into the snapshot: announced.
    expect(arrived).toEqual(['PANIC-folded']);
    expect(watch.getSnapshot().value).toBe('watching');
  });

  it('loads again after a failed first load that a snapshot overtook', async () => {
    const { watch, loads, panicIds } = startWatch();
    await settle();
    watch.send(snapshotMessage);
    loads.fail();
    await settle();
    expect(loads.calls).toHaveLength(2);
    loads.succeed([folded] satisfies Incident[]);
    await settle();
    expect(panicIds()).toEqual(['PANIC-folded']);
  });

  it('loads once when no snapshot came while the load was on its way', async () => {
    const { watch, loads, panicIds } = startWatch();
    await settle();
    loads.succeed([earlier] satisfies Incident[]);
    await settle();
    expect(loads.calls).toHaveLength(1);
    expect(panicIds()).toEqual(['PANIC-earlier']);
    expect(watch.getSnapshot().value).toBe('watching');
  });
});
