// The drawer's Responders section (issue 34): the nearest units and the incident's dispatches, read when it
// opens and again after every step of the incident's timeline; the dispatch dialog (a unit picked or typed),
// and the next step of a dispatch with its optional note. One write at a time; a refused one shows the
// server's sentence.
import { assign, fromPromise, sendParent, setup } from 'xstate';
import type { Incident } from '../api/entities.ts';
import { serverErrorOrMessage } from '../api/client.ts';
import { dispatchUnit, fetchResponders, recordDispatchStep } from '../api/incident-history.ts';
import type { Dispatch, DispatchStep, NearbyUnit } from '../api/responders.ts';

export interface RespondersContext {
  incidentId: string;
  nearest: NearbyUnit[];
  dispatches: Dispatch[];
  /** The unit the dialog opened on (a row's Dispatch button), if any. */
  chosenUnitId: string | undefined;
  error: string | undefined;
}

export type DispatchChoice = { unitId: string; note?: string } | { unitName: string; note?: string };

type RespondersEvent =
  | { type: 'responders.refresh' }
  | { type: 'dispatch.open'; unitId?: string }
  | { type: 'dispatch.cancel' }
  | { type: 'dispatch.confirm'; choice: DispatchChoice }
  | { type: 'dispatch.step'; dispatchId: string; step: DispatchStep; note?: string };

export const respondersMachine = setup({
  types: {
    context: {} as RespondersContext,
    events: {} as RespondersEvent,
    input: {} as { incidentId: string },
  },
  actors: {
    loadResponders: fromPromise(({ input }: { input: { incidentId: string } }) => fetchResponders(input.incidentId)),
    sendDispatch: fromPromise(({ input }: { input: { incidentId: string; choice: DispatchChoice } }) =>
      dispatchUnit({ id: input.incidentId, ...input.choice }),
    ),
    sendStep: fromPromise(({ input }: { input: { dispatchId: string; step: DispatchStep; note?: string } }) =>
      recordDispatchStep(input.dispatchId, input.step, input.note),
    ),
  },
  actions: {
    showError: assign((_, { error }: { error: unknown }) => ({ error: serverErrorOrMessage(error) })),
    clearError: assign({ error: undefined }),
    /** The drawer (the parent) hands the incident to the dashboard, whose record of it follows at once. */
    announceIncident: sendParent((_, { incident }: { incident: Incident }) => ({
      type: 'responders.incident',
      incident,
    })),
  },
}).createMachine({
  id: 'responders',
  context: ({ input }) => ({
    incidentId: input.incidentId,
    nearest: [],
    dispatches: [],
    chosenUnitId: undefined,
    error: undefined,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadResponders',
        input: ({ context }) => ({ incidentId: context.incidentId }),
        onDone: {
          target: 'idle',
          actions: assign(({ event }) => ({ nearest: event.output.nearest, dispatches: event.output.dispatches })),
        },
        onError: { target: 'failed' },
      },
    },
    failed: { on: { 'responders.refresh': 'loading' } },
    idle: {
      on: {
        'responders.refresh': 'loading',
        'dispatch.open': {
          target: 'dialog',
          actions: [assign(({ event }) => ({ chosenUnitId: event.unitId })), 'clearError'],
        },
        'dispatch.step': { target: 'stepping', actions: 'clearError' },
      },
    },
    dialog: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            'dispatch.cancel': { target: '#responders.idle', actions: 'clearError' },
            'dispatch.confirm': 'sending',
          },
        },
        sending: {
          tags: ['writing'],
          invoke: {
            src: 'sendDispatch',
            input: ({ context, event }) => ({
              incidentId: context.incidentId,
              choice: (event as Extract<RespondersEvent, { type: 'dispatch.confirm' }>).choice,
            }),
            onDone: {
              target: '#responders.loading',
              actions: { type: 'announceIncident', params: ({ event }) => ({ incident: event.output.incident }) },
            },
            onError: {
              target: 'editing',
              actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) },
            },
          },
        },
      },
    },
    stepping: {
      tags: ['writing'],
      invoke: {
        src: 'sendStep',
        input: ({ event }) => {
          const { dispatchId, step, note } = event as Extract<RespondersEvent, { type: 'dispatch.step' }>;
          return { dispatchId, step, note };
        },
        onDone: {
          target: 'loading',
          actions: { type: 'announceIncident', params: ({ event }) => ({ incident: event.output.incident }) },
        },
        onError: { target: 'idle', actions: { type: 'showError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
