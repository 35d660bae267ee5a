// The incident details drawer (issue 11): its timeline (read when it opens, then kept live by what the
// dashboard's one stream hands it: each step written with a change of the incident, and each reconnection,
// after which it is read again), the region's contacts (read once), and the operator's writes — a note,
// assigning to themself or unassigning, acknowledging or resolving with the note as its reason. One write at
// a time; a refused one shows the server's sentence. The incident itself is the dashboard's record: the view
// reads it there and hands its status and assignee with each act, so the drawer holds no copy of its own.
// Its types, requests, actions and guards are incidentDetailsSetup.ts; this file is the chart.
import type { Incident } from '../api/entities.ts';
import { incidentDetailsSetup } from './incidentDetailsSetup.ts';

/** An answer with the changed incident goes to the page's record of it (its step comes with the stream). */
const changed = [
  { type: 'announceIncident', params: ({ event }: { event: { output: Incident } }) => ({ incident: event.output }) },
] as const;

/** A refused write goes back to idle with the server's sentence. */
const writeRefused = {
  target: 'idle',
  actions: { type: 'storeWriteError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
} as const;

/**
 * Steps written while the stream was away are not in the drawer: it reads the timeline again, and the watch its
 * pause. Taken by each state of the timeline, not by the region: a region's re-entry in the parallel root would
 * re-enter the other regions too (a write under way would be forgotten, the watch read from scratch).
 */
const readAgain = {
  target: 'loading',
  actions: [
    { type: 'tellWatch', params: {} },
    { type: 'tellResponders', params: {} },
  ],
} as const;

export const incidentDetailsMachine = incidentDetailsSetup.createMachine({
  id: 'incidentDetails',
  context: ({ input }) => ({
    incidentId: input.incident.id,
    regionId: input.incident.regionId,
    clicked: input.incident,
    user: input.user,
    entries: [],
    region: undefined,
    draft: '',
    writeError: undefined,
    watchKey: input.mayPause ? (input.incident.touristId ?? input.incident.deviceId ?? undefined) : undefined,
  }),
  type: 'parallel',
  // Once, when the drawer opens: a region's numbers do not change with its incident.
  invoke: {
    id: 'contacts',
    src: 'loadContacts',
    input: ({ context }) => ({ regionId: context.regionId }),
    onDone: { actions: { type: 'storeContacts', params: ({ event }) => ({ region: event.output }) } },
  },
  on: {
    'details.draft': { actions: { type: 'storeDraft', params: ({ event }) => ({ text: event.text }) } },
    'live.entry': {
      actions: [
        { type: 'addEntry', params: ({ event }) => ({ entry: event.entry }) },
        { type: 'tellWatch', params: ({ event }) => ({ entry: event.entry }) },
        { type: 'tellResponders', params: ({ event }) => ({ entry: event.entry }) },
      ],
    },
    'responders.incident': {
      actions: { type: 'announceIncident', params: ({ event }) => ({ incident: event.incident }) },
    },
  },
  states: {
    timeline: {
      initial: 'loading',
      states: {
        loading: {
          tags: ['loadingTimeline'],
          on: { 'live.reconnected': { ...readAgain, reenter: true } },
          invoke: {
            id: 'timeline',
            src: 'loadTimeline',
            input: ({ context }) => ({ id: context.incidentId }),
            onDone: {
              target: 'ready',
              actions: { type: 'storeTimeline', params: ({ event }) => ({ entries: event.output }) },
            },
            onError: 'failed',
          },
        },
        ready: { on: { 'live.reconnected': readAgain } },
        failed: { on: { 'details.reload': 'loading', 'live.reconnected': readAgain } },
      },
    },
    responders: {
      invoke: { id: 'responders', src: 'responders', input: ({ context }) => ({ incidentId: context.incidentId }) },
    },
    watch: {
      initial: 'deciding',
      states: {
        deciding: { always: [{ guard: 'watchable', target: 'shown' }, { target: 'none' }] },
        none: {},
        shown: {
          invoke: { id: 'watch', src: 'touristWatch', input: ({ context }) => ({ touristId: context.watchKey! }) },
        },
      },
    },
    write: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'details.note': { guard: 'hasDraft', target: 'noting', actions: 'clearWriteError' },
            'details.assign': {
              guard: { type: 'assignedToSomeoneElse', params: ({ event }) => ({ assignee: event.assignee }) },
              target: 'assigning',
              actions: 'clearWriteError',
            },
            'details.unassign': {
              guard: { type: 'assigned', params: ({ event }) => ({ assignee: event.assignee }) },
              target: 'assigning',
              actions: 'clearWriteError',
            },
            'details.acknowledge': {
              guard: { type: 'canAcknowledge', params: ({ event }) => ({ status: event.status }) },
              target: 'acknowledging',
              actions: 'clearWriteError',
            },
            'details.resolve': {
              guard: { type: 'canResolve', params: ({ event }) => ({ status: event.status }) },
              target: 'resolving',
              actions: 'clearWriteError',
            },
          },
        },
        noting: {
          tags: ['writing'],
          invoke: {
            id: 'addNote',
            src: 'addNote',
            input: ({ context }) => ({ id: context.incidentId, note: context.draft.trim() }),
            onDone: {
              target: 'idle',
              actions: [{ type: 'addEntry', params: ({ event }) => ({ entry: event.output }) }, 'clearDraft'],
            },
            onError: writeRefused,
          },
        },
        assigning: {
          tags: ['writing'],
          invoke: {
            id: 'assign',
            src: 'assign',
            input: ({ context, event }) => ({
              id: context.incidentId,
              assignee: event.type === 'details.unassign' ? null : context.user,
            }),
            onDone: { target: 'idle', actions: changed },
            onError: writeRefused,
          },
        },
        acknowledging: {
          tags: ['writing'],
          invoke: {
            id: 'acknowledge',
            src: 'acknowledge',
            input: ({ context }) => ({ id: context.incidentId, note: context.draft }),
            onDone: { target: 'idle', actions: [...changed, 'clearDraft'] },
            onError: writeRefused,
          },
        },
        resolving: {
          tags: ['writing'],
          invoke: {
            id: 'resolve',
            src: 'resolve',
            input: ({ context }) => ({ id: context.incidentId, note: context.draft }),
            onDone: { target: 'idle', actions: [...changed, 'clearDraft'] },
            onError: writeRefused,
          },
        },
      },
    },
  },
});
