// The incident details drawer (issue 11): its timeline (read when it opens, then kept live by what the
// dashboard's one stream hands it: each step written with a change of the incident, and each reconnection,
// after which it is read again), the region's contacts (read once), and the operator's writes — a note,
// assigning to themself or unassigning, acknowledging or resolving with the note as its reason. One write at
// a time; a refused one shows the server's sentence. The incident itself is the dashboard's record: the view
// reads it there and hands its status and assignee with each act, so the drawer holds no copy of its own.
import { assign, enqueueActions, fromPromise, sendParent, setup } from 'xstate';
import { acknowledgeIncident, resolveIncident, serverErrorOrMessage } from '../api/client.ts';
import { addIncidentNote, assignIncident, fetchIncidentTimeline } from '../api/incident-history.ts';
import { fetchRegion } from '../api/regions-client.ts';
import type { Incident, Region } from '../api/entities.ts';
import type { IncidentStatus } from '../api/fields.ts';
import type { TimelineEntry } from '../api/responses.ts';
import { mayAcknowledge, mayResolve } from '../domain/incident-status.ts';
import { respondersMachine } from './respondersMachine.ts';
import { touristWatchMachine } from './touristWatchMachine.ts';

const DISPATCH_ACTIONS = new Set<TimelineEntry['action']>(['dispatched', 'on_scene', 'stood_down', 'handed_over']);

/** What the dashboard hands the open drawer from its live stream. */
export type IncidentFeedEvent =
  /** A step of its incident: a note, or the one written with a change (the stream's `incident_update.entry`). */
  | { type: 'live.entry'; entry: TimelineEntry }
  /** The stream connected again: the timeline is read again (steps may have been missed meanwhile). */
  | { type: 'live.reconnected' };

/** What the parent (the dashboard) hears: the incident as a write left it. */
export type DetailsOutput = { type: 'incidents.written'; incidents: Incident[]; from: 'details' };

export interface DetailsContext {
  incidentId: string;
  regionId: string;
  /** The row as it was clicked: the view shows it only while the page's records do not hold the incident. */
  clicked: Incident;
  /** Who "Assign to me" assigns: the signed-in username, `anonymous` with sign-in off. */
  user: string;
  entries: TimelineEntry[];
  region: Region | undefined;
  /** The Note field. */
  draft: string;
  writeError: string | undefined;
  /** Whose watch the drawer shows and may pause (the `watch` child): none for a viewer or an incident without one. */
  watchKey: string | undefined;
}

/** What opens the drawer: the row, the signed-in user, and whether they may pause the watch (operator and up). */
export interface DetailsInput {
  incident: Incident;
  user: string;
  mayPause?: boolean;
}

/** The incident's status and assignee as the page's record of it holds them when the operator acts. */
type DetailsEvent =
  | { type: 'details.draft'; text: string }
  | { type: 'details.note' }
  | { type: 'details.assign'; assignee: string | null }
  | { type: 'details.unassign'; assignee: string | null }
  | { type: 'details.acknowledge'; status: IncidentStatus }
  | { type: 'details.resolve'; status: IncidentStatus }
  | { type: 'details.reload' }
  /** The responders child's dispatch or step changed the incident (its first dispatch and arrival times). */
  | { type: 'responders.incident'; incident: Incident }
  | IncidentFeedEvent;

interface WriteInput {
  id: string;
  /** The draft as typed: the client trims it and leaves an empty one out. */
  note?: string;
}

/** The same step can arrive twice (our own answer and the stream): it is shown once. */
const sameEntry = (a: TimelineEntry, b: TimelineEntry) =>
  a.at === b.at && a.actor === b.actor && a.action === b.action && a.note === b.note;

export function withEntry(entries: readonly TimelineEntry[], entry: TimelineEntry): TimelineEntry[] {
  if (entries.some((known) => sameEntry(known, entry))) return [...entries];
  return [...entries, entry].sort((a, b) => a.at.localeCompare(b.at));
}

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

export const incidentDetailsMachine = setup({
  types: {
    context: {} as DetailsContext,
    input: {} as DetailsInput,
    events: {} as DetailsEvent,
  },
  actors: {
    loadTimeline: fromPromise<TimelineEntry[], { id: string }>(({ input }) => fetchIncidentTimeline(input.id)),
    // The contacts are a help, not the point: without them the drawer still shows the rest.
    loadContacts: fromPromise<Region | undefined, { regionId: string }>(({ input }) =>
      fetchRegion(input.regionId).catch(() => undefined),
    ),
    addNote: fromPromise<TimelineEntry, { id: string; note: string }>(({ input }) =>
      addIncidentNote(input.id, input.note),
    ),
    assign: fromPromise<Incident, { id: string; assignee: string | null }>(({ input }) =>
      assignIncident(input.id, input.assignee),
    ),
    acknowledge: fromPromise<Incident, WriteInput>(({ input }) => acknowledgeIncident(input.id, input.note)),
    resolve: fromPromise<Incident, WriteInput>(({ input }) => resolveIncident(input.id, input.note)),
    touristWatch: touristWatchMachine,
    responders: respondersMachine,
  },
  actions: {
    storeTimeline: assign(({ context }, { entries }: { entries: TimelineEntry[] }) => ({
      // A step the stream brought while the read was on its way is kept.
      entries: context.entries.reduce(withEntry, entries),
    })),
    storeContacts: assign((_, { region }: { region: Region | undefined }) => ({ region })),
    addEntry: assign(({ context }, { entry }: { entry: TimelineEntry }) => ({
      entries: withEntry(context.entries, entry),
    })),
    storeDraft: assign((_, { text }: { text: string }) => ({ draft: text })),
    clearDraft: assign({ draft: '' }),
    storeWriteError: assign((_, { error }: { error: unknown }) => ({ writeError: serverErrorOrMessage(error) })),
    clearWriteError: assign({ writeError: undefined }),
    /** A pause set or lifted (by anyone), or a reconnection: the watch reads the tourist's pause again. */
    tellWatch: enqueueActions(({ context, enqueue }, { entry }: { entry?: TimelineEntry }) => {
      if (context.watchKey === undefined) return;
      if (entry && entry.action !== 'watch_paused' && entry.action !== 'watch_resumed') return;
      enqueue.sendTo('watch', { type: 'watch.changed' });
    }),
    /** A dispatch step (anyone's) or a reconnection: the Responders section reads its dispatches again. */
    tellResponders: enqueueActions(({ enqueue }, { entry }: { entry?: TimelineEntry }) => {
      if (entry && !DISPATCH_ACTIONS.has(entry.action)) return;
      enqueue.sendTo('responders', { type: 'responders.refresh' });
    }),
    /** Tells the dashboard the incident's new state: its one record of it follows. */
    announceIncident: sendParent(
      (_, { incident }: { incident: Incident }) =>
        ({ type: 'incidents.written', incidents: [incident], from: 'details' }) satisfies DetailsOutput,
    ),
  },
  guards: {
    hasDraft: ({ context }) => context.draft.trim() !== '',
    canAcknowledge: (_, { status }: { status: IncidentStatus }) => mayAcknowledge(status),
    canResolve: (_, { status }: { status: IncidentStatus }) => mayResolve(status),
    assignedToSomeoneElse: ({ context }, { assignee }: { assignee: string | null }) => assignee !== context.user,
    assigned: (_, { assignee }: { assignee: string | null }) => Boolean(assignee),
    watchable: ({ context }) => context.watchKey !== undefined,
  },
}).createMachine({
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
