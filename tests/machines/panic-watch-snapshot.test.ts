// A panic committed between the stream's headers and the server reading its snapshot comes only inside
// that snapshot, never as an alert of its own. When the panic watch's first load was read before that
// commit, its answer does not name the panic either: the watch must load again, or the panic is missed.
// The watch hands each answer to the dashboard (whose records the bar reads), saying whether what it adds is new.
import { describe, expect, it } from 'vitest';
import { createActor } from 'xstate';
import type { Incident } from '../../src/api/entities.ts';
import {
  panicWatchMachine,
  type PanicWatchEvent,
  type PanicWatchOutput,
} from '../../src/machines/panicWatchMachine.ts';
import { DeferredActor } from '../views/support/deferred-actor.ts';
import { incident } from '../views/support/fake-api.ts';

const folded = incident({ id: 'PANIC-folded', regionId: 'shillong', createdAt: '2026-11-24T09:00:00.000Z' });
const earlier = incident({ id: 'PANIC-earlier', regionId: 'shillong', createdAt: '2026-11-24T08:00:00.000Z' });

type Handed = Pick<Extract<PanicWatchOutput, { type: 'incidents.everyRegionLoaded' }>, 'incidents' | 'announce'>;

function startWatch() {
  const loads = new DeferredActor<undefined>();
  // What the dashboard hears: each answer, and whether the panics it adds are new.
  const handed: Handed[] = [];
  const logic = panicWatchMachine.provide({
    actors: { loadPanics: loads.logic as never },
    actions: { handOver: (_, params) => void handed.push(params as Handed) },
  });
  const watch = createActor(logic, { input: { sound: false } });
  watch.start();
  watch.send({ type: 'panicWatch.start' });
  const answers = () => handed.map(({ incidents, announce }) => ({ ids: incidents.map((i) => i.id), announce }));
  return { watch, loads, answers };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
const snapshotMessage: PanicWatchEvent = { type: 'panicWatch.message', message: { type: 'snapshot', alerts: [] } };

describe('the panic watch and a snapshot that overtakes its first load', () => {
  it('loads again, and names the panic the first answer did not know as new', async () => {
    const { watch, loads, answers } = startWatch();
    await settle();
    expect(loads.calls).toHaveLength(1);
    watch.send(snapshotMessage);
    loads.succeed([earlier] satisfies Incident[]);
    await settle();
    expect(loads.calls).toHaveLength(2);
    loads.succeed([folded, earlier] satisfies Incident[]);
    await settle();
    // Already open when the page loaded: not announced. Folded into the snapshot: the second answer announces it.
    expect(answers()).toEqual([
      { ids: ['PANIC-earlier'], announce: false },
      { ids: ['PANIC-folded', 'PANIC-earlier'], announce: true },
    ]);
    expect(watch.getSnapshot().value).toBe('watching');
  });

  it('rings and notifies for the panics the dashboard says arrived, and only for those', () => {
    const arrived: string[] = [];
    const newPanics: boolean[] = [];
    const watch = createActor(panicWatchMachine, {
      input: { sound: false },
      inspect: (inspection) => {
        if (inspection.type !== '@xstate.event') return;
        const event = inspection.event as { type: string; panic?: { id: string }; newPanic?: boolean };
        if (event.type === 'notifications.panicArrived') arrived.push(event.panic!.id);
        if (event.type === 'alarm.counts') newPanics.push(event.newPanic!);
      },
    }).start();
    const summary = {
      id: 'P1',
      regionId: 'shillong',
      createdAt: '2026-11-24T09:00:00.000Z',
      latitude: 25.5,
      longitude: 91.8,
      escalatedAt: null,
    };
    watch.send({ type: 'panicWatch.panics', panics: [summary], arrived: [] });
    watch.send({
      type: 'panicWatch.panics',
      panics: [{ ...summary, id: 'P2' }, summary],
      arrived: [{ ...summary, id: 'P2' }],
    });
    expect(arrived).toEqual(['P2']);
    expect(newPanics).toEqual([false, true]);
    watch.stop();
  });

  it('loads again after a failed first load that a snapshot overtook', async () => {
    const { watch, loads, answers } = startWatch();
    await settle();
    watch.send(snapshotMessage);
    loads.fail();
    await settle();
    expect(loads.calls).toHaveLength(2);
    loads.succeed([folded] satisfies Incident[]);
    await settle();
    expect(answers()).toEqual([{ ids: ['PANIC-folded'], announce: true }]);
  });

  it('loads once when no snapshot came while the load was on its way', async () => {
    const { watch, loads, answers } = startWatch();
    await settle();
    loads.succeed([earlier] satisfies Incident[]);
    await settle();
    expect(loads.calls).toHaveLength(1);
    expect(answers()).toEqual([{ ids: ['PANIC-earlier'], announce: false }]);
    expect(watch.getSnapshot().value).toBe('watching');
  });
});
