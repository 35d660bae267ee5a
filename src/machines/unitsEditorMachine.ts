// A region's responder units in the Regions view (issue 34, admin): read when the region's form opens, then
// each add, change (in place, or of availability alone) or removal is saved on its own and the list read
// again. One write at a time; a refused one shows the server's sentence, and `saved` counts the writes that
// were taken, so the view knows when to clear a form (and keeps it, as typed, after a refusal).
import { assign, fromPromise, setup } from 'xstate';
import { serverErrorOrMessage } from '../api/client.ts';
import { createUnit, deleteUnit, fetchUnits, replaceUnit } from '../api/regions-client.ts';
import type { Unit, UnitInput } from '../api/responders.ts';

export type UnitWrite =
  | { kind: 'add'; input: UnitInput }
  | { kind: 'replace'; id: string; input: UnitInput }
  | { kind: 'remove'; id: string };

type UnitsEvent = { type: 'units.write'; write: UnitWrite } | { type: 'units.reload' };

export const unitsEditorMachine = setup({
  types: {
    context: {} as { regionId: string; units: Unit[]; error: string | undefined; saved: number },
    events: {} as UnitsEvent,
    input: {} as { regionId: string },
  },
  actors: {
    loadUnits: fromPromise(({ input }: { input: { regionId: string } }) => fetchUnits(input.regionId)),
    writeUnit: fromPromise(({ input }: { input: UnitWrite }): Promise<unknown> => {
      if (input.kind === 'add') return createUnit(input.input);
      if (input.kind === 'replace') return replaceUnit(input.id, input.input);
      return deleteUnit(input.id);
    }),
  },
}).createMachine({
  id: 'unitsEditor',
  context: ({ input }) => ({ regionId: input.regionId, units: [], error: undefined, saved: 0 }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        src: 'loadUnits',
        input: ({ context }) => ({ regionId: context.regionId }),
        onDone: { target: 'ready', actions: assign(({ event }) => ({ units: event.output })) },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: serverErrorOrMessage(event.error) })) },
      },
    },
    failed: { on: { 'units.reload': 'loading' } },
    ready: { on: { 'units.write': { target: 'writing', actions: assign({ error: undefined }) } } },
    writing: {
      tags: ['busy'],
      invoke: {
        src: 'writeUnit',
        input: ({ event }) => (event as Extract<UnitsEvent, { type: 'units.write' }>).write,
        onDone: { target: 'loading', actions: assign(({ context }) => ({ saved: context.saved + 1 })) },
        onError: { target: 'ready', actions: assign(({ event }) => ({ error: serverErrorOrMessage(event.error) })) },
      },
    },
  },
});
