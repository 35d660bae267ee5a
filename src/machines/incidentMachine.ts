// One incident's lifecycle: open → acknowledged → resolved. The shown status moves only after the
// backend accepted the change; a failed call leaves it where it was, silently (SPEC §4, §8).
import { fromPromise, sendParent, setup } from 'xstate';
import { acknowledgeIncident, resolveIncident } from '../api/client.ts';
import type { IncidentStatus } from '../api/fields.ts';

type IncidentEvent =
  | { type: 'incident.acknowledge' }
  | { type: 'incident.resolve' }
  /** The backend reports a status (reload or stream); the lifecycle only ever moves forward. */
  | { type: 'incident.sync'; status: IncidentStatus };

/** What the parent hears after a successful change. */
type IncidentOutput = { type: 'incident.statusChanged'; id: string; status: IncidentStatus };

/** Resolving from open and from acknowledged alike; a failure goes back to that state's idle. */
const resolveRequest = {
  invoke: {
    id: 'resolve',
    src: 'resolve',
    input: ({ context }: { context: { id: string } }) => ({ id: context.id }),
    onDone: { target: '#incident.resolved', actions: { type: 'reportStatus', params: { status: 'resolved' } } },
    onError: 'idle',
  },
} as const;

export const incidentMachine = setup({
  types: {
    context: {} as { id: string; initialStatus: IncidentStatus },
    input: {} as { id: string; status: IncidentStatus },
    events: {} as IncidentEvent,
  },
  actors: {
    acknowledge: fromPromise<unknown, { id: string }>(({ input }) => acknowledgeIncident(input.id)),
    resolve: fromPromise<unknown, { id: string }>(({ input }) => resolveIncident(input.id)),
  },
  actions: {
    reportStatus: sendParent(
      ({ context }, params: { status: IncidentStatus }) =>
        ({ type: 'incident.statusChanged', id: context.id, status: params.status }) satisfies IncidentOutput,
    ),
  },
  guards: {
    startsAs: ({ context }, params: { status: IncidentStatus }) => context.initialStatus === params.status,
    reports: ({ event }, params: { status: IncidentStatus }) =>
      event.type === 'incident.sync' && event.status === params.status,
  },
}).createMachine({
  id: 'incident',
  context: ({ input }) => ({ id: input.id, initialStatus: input.status }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [
        { guard: { type: 'startsAs', params: { status: 'resolved' } }, target: 'resolved' },
        { guard: { type: 'startsAs', params: { status: 'acknowledged' } }, target: 'acknowledged' },
        { target: 'open' },
      ],
    },
    open: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'incident.acknowledge': 'acknowledging',
            'incident.resolve': 'resolving',
            'incident.sync': [
              { guard: { type: 'reports', params: { status: 'acknowledged' } }, target: '#incident.acknowledged' },
              { guard: { type: 'reports', params: { status: 'resolved' } }, target: '#incident.resolved' },
            ],
          },
        },
        acknowledging: {
          tags: ['busy'],
          invoke: {
            id: 'acknowledge',
            src: 'acknowledge',
            input: ({ context }) => ({ id: context.id }),
            onDone: {
              target: '#incident.acknowledged',
              actions: { type: 'reportStatus', params: { status: 'acknowledged' } },
            },
            onError: 'idle',
          },
        },
        resolving: { tags: ['busy'], ...resolveRequest },
      },
    },
    acknowledged: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'incident.resolve': 'resolving',
            'incident.sync': {
              guard: { type: 'reports', params: { status: 'resolved' } },
              target: '#incident.resolved',
            },
          },
        },
        resolving: { tags: ['busy'], ...resolveRequest },
      },
    },
    resolved: {},
  },
});

/** The status an incident snapshot shows. */
export function shownStatus(snapshot: { matches: (state: 'acknowledged' | 'resolved') => boolean }): IncidentStatus {
  if (snapshot.matches('resolved')) return 'resolved';
  if (snapshot.matches('acknowledged')) return 'acknowledged';
  return 'open';
}
