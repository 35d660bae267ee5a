// One incident's lifecycle as the operator drives it from a row or the panic bar: Acknowledge while it is
// open, Resolve unless it is resolved (the guards are the lifecycle's own rule, src/domain/incident-status.ts).
// The status moves only after the backend accepted the change; a failed call leaves it where it was,
// silently (SPEC §4, §8). The dashboard starts one for each write and keeps the status it reports.
import { assign, fromPromise, sendParent, setup } from 'xstate';
import { acknowledgeIncident, resolveIncident } from '../api/client.ts';
import type { IncidentStatus } from '../api/fields.ts';
import { mayAcknowledge, mayResolve } from '../domain/incident-status.ts';

export type IncidentEvent = { type: 'incident.acknowledge' } | { type: 'incident.resolve' };

/** What the parent (the dashboard) hears when a write ends. */
export type IncidentOutput =
  | { type: 'incident.statusChanged'; id: string; status: IncidentStatus }
  | { type: 'incident.writeFailed'; id: string };

/** A request's answer: the new status kept and reported. */
const accepted = (status: IncidentStatus) =>
  ({
    target: 'idle',
    actions: [
      { type: 'storeStatus', params: { status } },
      { type: 'reportStatus', params: { status } },
    ],
  }) as const;

export const incidentMachine = setup({
  types: {
    context: {} as { id: string; status: IncidentStatus },
    input: {} as { id: string; status: IncidentStatus },
    events: {} as IncidentEvent,
  },
  actors: {
    acknowledge: fromPromise<unknown, { id: string }>(({ input }) => acknowledgeIncident(input.id)),
    resolve: fromPromise<unknown, { id: string }>(({ input }) => resolveIncident(input.id)),
  },
  actions: {
    storeStatus: assign((_, { status }: { status: IncidentStatus }) => ({ status })),
    reportStatus: sendParent(
      ({ context }, { status }: { status: IncidentStatus }) =>
        ({ type: 'incident.statusChanged', id: context.id, status }) satisfies IncidentOutput,
    ),
    reportFailure: sendParent(
      ({ context }) => ({ type: 'incident.writeFailed', id: context.id }) satisfies IncidentOutput,
    ),
  },
  guards: {
    mayAcknowledge: ({ context }) => mayAcknowledge(context.status),
    mayResolve: ({ context }) => mayResolve(context.status),
  },
}).createMachine({
  id: 'incident',
  context: ({ input }) => ({ id: input.id, status: input.status }),
  initial: 'idle',
  states: {
    idle: {
      on: {
        'incident.acknowledge': { guard: 'mayAcknowledge', target: 'acknowledging' },
        'incident.resolve': { guard: 'mayResolve', target: 'resolving' },
      },
    },
    acknowledging: {
      tags: ['busy'],
      invoke: {
        id: 'acknowledge',
        src: 'acknowledge',
        input: ({ context }) => ({ id: context.id }),
        onDone: accepted('acknowledged'),
        onError: { target: 'idle', actions: 'reportFailure' },
      },
    },
    resolving: {
      tags: ['busy'],
      invoke: {
        id: 'resolve',
        src: 'resolve',
        input: ({ context }) => ({ id: context.id }),
        onDone: accepted('resolved'),
        onError: { target: 'idle', actions: 'reportFailure' },
      },
    },
  },
});
