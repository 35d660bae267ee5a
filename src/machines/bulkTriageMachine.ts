// Triage at volume (issue 11): rows are selected, then acknowledged or resolved in one request each.
// Resolving asks for confirmation with the count first. The answer is reported as how many changed
// and how many the server refused; the selection is cleared after a request, kept after a failure.
import { assign, fromPromise, sendParent, setup } from 'xstate';
import { serverErrorOrMessage } from '../api/client.ts';
import { changeIncidents, type BulkAnswer, type BulkChange } from '../api/incident-history.ts';
import type { Incident } from '../api/entities.ts';
import type { Said } from '../i18n/said.ts';

interface BulkContext {
  selected: string[];
  /** The incidents the request acts on: the selected ones still shown when it was asked for. */
  pending: string[];
  /** How many changed, and how many were refused with the first reason (the server's sentence). */
  report: Said | undefined;
  error: string | undefined;
}

type BulkEvent =
  | { type: 'selection.toggle'; id: string }
  | { type: 'selection.all'; ids: string[] }
  | { type: 'selection.none' }
  /** `shown`: the rows on screen now; a selected row the filters hide is not acted on. */
  | { type: 'bulk.acknowledge'; shown: string[] }
  | { type: 'bulk.resolve'; shown: string[] }
  | { type: 'bulk.confirm' }
  | { type: 'bulk.cancel' };

const REPORTS = {
  acknowledge: { done: 'dashboard.bulk.acknowledged', someRefused: 'dashboard.bulk.acknowledgedRefused' },
  resolve: { done: 'dashboard.bulk.resolved', someRefused: 'dashboard.bulk.resolvedRefused' },
} as const satisfies Record<BulkChange, { done: Said['id']; someRefused: Said['id'] }>;

/** "20 acknowledged", with the refused ones and the first reason when there are any. */
export function reportOf(change: BulkChange, answer: BulkAnswer): Said {
  const [first] = answer.refused;
  return first
    ? {
        id: REPORTS[change].someRefused,
        values: { changed: answer.changed, refused: answer.refused.length, reason: first.error },
      }
    : { id: REPORTS[change].done, values: { changed: answer.changed } };
}

export const selectedShown = (selected: readonly string[], shown: readonly string[]) =>
  shown.filter((id) => selected.includes(id));

const toggled = (selected: readonly string[], id: string) =>
  selected.includes(id) ? selected.filter((known) => known !== id) : [...selected, id];

const shownOf = (event: BulkEvent) => ('shown' in event ? event.shown : []);

/** The request's answer: reported, the rows told, the selection cleared. */
const reported = (change: BulkChange) =>
  [
    {
      type: 'storeReport',
      params: ({ event }: { event: { output: BulkAnswer } }) => ({ report: reportOf(change, event.output) }),
    },
    {
      type: 'announceChanges',
      params: ({ event }: { event: { output: BulkAnswer } }) => ({ incidents: event.output.incidents }),
    },
    'clearSelection',
  ] as const;
const failed = {
  type: 'storeError',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const;

export const bulkTriageMachine = setup({
  types: { context: {} as BulkContext, events: {} as BulkEvent },
  actors: {
    change: fromPromise<BulkAnswer, { change: BulkChange; ids: string[] }>(({ input }) =>
      changeIncidents(input.change, input.ids),
    ),
  },
  actions: {
    toggle: assign(({ context }, { id }: { id: string }) => ({ selected: toggled(context.selected, id) })),
    selectAll: assign((_, { ids }: { ids: string[] }) => ({ selected: [...ids] })),
    clearSelection: assign({ selected: [], pending: [] }),
    storePending: assign(({ context }, { shown }: { shown: string[] }) => ({
      pending: selectedShown(context.selected, shown),
      report: undefined,
      error: undefined,
    })),
    storeReport: assign((_, { report }: { report: Said }) => ({ report })),
    storeError: assign((_, { error }: { error: unknown }) => ({ error: serverErrorOrMessage(error), pending: [] })),
    /** Tells the dashboard what changed: its one record of each incident follows (the stream tells every other page). */
    announceChanges: sendParent((_, { incidents }: { incidents: Incident[] }) => ({
      type: 'incidents.written',
      incidents,
      from: 'bulk' as const,
    })),
  },
  guards: {
    anySelectedShown: ({ context, event }) => selectedShown(context.selected, shownOf(event)).length > 0,
  },
}).createMachine({
  id: 'bulkTriage',
  context: { selected: [], pending: [], report: undefined, error: undefined },
  initial: 'selecting',
  states: {
    selecting: {
      on: {
        'selection.toggle': { actions: { type: 'toggle', params: ({ event }) => ({ id: event.id }) } },
        'selection.all': { actions: { type: 'selectAll', params: ({ event }) => ({ ids: event.ids }) } },
        'selection.none': { actions: 'clearSelection' },
        'bulk.acknowledge': {
          guard: 'anySelectedShown',
          target: 'acknowledging',
          actions: { type: 'storePending', params: ({ event }) => ({ shown: event.shown }) },
        },
        'bulk.resolve': {
          guard: 'anySelectedShown',
          target: 'confirmingResolve',
          actions: { type: 'storePending', params: ({ event }) => ({ shown: event.shown }) },
        },
      },
    },
    confirmingResolve: {
      on: { 'bulk.confirm': 'resolving', 'bulk.cancel': 'selecting' },
    },
    acknowledging: {
      tags: ['acting'],
      invoke: {
        id: 'acknowledge',
        src: 'change',
        input: ({ context }) => ({ change: 'acknowledge' as const, ids: context.pending }),
        onDone: { target: 'selecting', actions: reported('acknowledge') },
        onError: { target: 'selecting', actions: failed },
      },
    },
    resolving: {
      tags: ['acting'],
      invoke: {
        id: 'resolve',
        src: 'change',
        input: ({ context }) => ({ change: 'resolve' as const, ids: context.pending }),
        onDone: { target: 'selecting', actions: reported('resolve') },
        onError: { target: 'selecting', actions: failed },
      },
    },
  },
});
