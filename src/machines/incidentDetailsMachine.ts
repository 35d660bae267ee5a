// The incident details drawer (issue 11): its timeline (loaded, then kept live by what the dashboard's one
// stream hands it: the incident's notes and updates, and each reconnection), the region's contacts,
// and the operator's writes — a note, assigning to themself or unassigning, acknowledging or resolving
// with the note as its reason. One write at a time; a refused one shows the server's sentence.
import { assign, fromPromise, raise, sendParent, setup } from 'xstate';
import { acknowledgeIncident, resolveIncident, serverErrorOrMessage } from '../api/client.ts';
import { addIncidentNote, assignIncident, fetchIncidentTimeline, fetchRegion } from '../api/incident-history.ts';
import type { Incident, Region } from '../api/entities.ts';
import type { TimelineEntry } from '../api/responses.ts';
import { mayAcknowledge, mayResolve } from '../domain/incident-status.ts';

/** What the dashboard hands the open drawer from its live stream. */
export type IncidentFeedEvent =
  | { type: 'live.note'; entry: TimelineEntry }
  | { type: 'live.incident'; incident: Incident }
  /** The stream connected again: what it missed meanwhile is read again. */
  | { type: 'live.reconnected' };

/** What the parent (the dashboard) hears: the incident as a write left it. */
export type DetailsOutput = { type: 'incidents.written'; incidents: Incident[]; from: 'details' };

export interface DetailsContext {
  incident: Incident;
  /** Who "Assign to me" assigns: the signed-in username, `anonymous` with sign-in off. */
  user: string;
  entries: TimelineEntry[];
  region: Region | undefined;
  /** The Note field. */
  draft: string;
  writeError: string | undefined;
}

export interface DetailsAnswer {
  entries: TimelineEntry[];
  region: Region | undefined;
}

type DetailsEvent =
  | { type: 'details.draft'; text: string }
  | { type: 'details.note' }
  | { type: 'details.assign' }
  | { type: 'details.unassign' }
  | { type: 'details.acknowledge' }
  | { type: 'details.resolve' }
  | { type: 'details.reload' }
  /** The shown incident changed: the timeline is read again. */
  | { type: 'timeline.refresh' }
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

/** An answer with the changed incident: it is shown, the row hears it, and the timeline is read again. */
const changed = [
  { type: 'storeIncident', params: ({ event }: { event: { output: Incident } }) => ({ incident: event.output }) },
  { type: 'announceIncident', params: ({ event }: { event: { output: Incident } }) => ({ incident: event.output }) },
  'refreshTimeline',
] as const;

/** A refused write goes back to idle with the server's sentence. */
const writeRefused = {
  target: 'idle',
  actions: { type: 'storeWriteError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
} as const;

export const incidentDetailsMachine = setup({
  types: {
    context: {} as DetailsContext,
    input: {} as { incident: Incident; user: string },
    events: {} as DetailsEvent,
  },
  actors: {
    loadDetails: fromPromise<DetailsAnswer, { id: string; regionId: string }>(async ({ input }) => {
      // The contacts are a help, not the point: without them the timeline still shows.
      const [entries, region] = await Promise.all([
        fetchIncidentTimeline(input.id),
        fetchRegion(input.regionId).catch(() => undefined),
      ]);
      return { entries, region };
    }),
    addNote: fromPromise<TimelineEntry, { id: string; note: string }>(({ input }) => addIncidentNote(input.id, input.note)),
    assign: fromPromise<Incident, { id: string; assignee: string | null }>(({ input }) => assignIncident(input.id, input.assignee)),
    acknowledge: fromPromise<Incident, WriteInput>(({ input }) => acknowledgeIncident(input.id, input.note)),
    resolve: fromPromise<Incident, WriteInput>(({ input }) => resolveIncident(input.id, input.note)),
  },
  actions: {
    storeDetails: assign((_, { answer }: { answer: DetailsAnswer }) => ({ entries: answer.entries, region: answer.region })),
    addEntry: assign(({ context }, { entry }: { entry: TimelineEntry }) => ({ entries: withEntry(context.entries, entry) })),
    storeIncident: assign((_, { incident }: { incident: Incident }) => ({ incident })),
    storeDraft: assign((_, { text }: { text: string }) => ({ draft: text })),
    clearDraft: assign({ draft: '' }),
    storeWriteError: assign((_, { error }: { error: unknown }) => ({ writeError: serverErrorOrMessage(error) })),
    clearWriteError: assign({ writeError: undefined }),
    refreshTimeline: raise({ type: 'timeline.refresh' }),
    /** Tells the dashboard the incident's new state: its one record of it follows. */
    announceIncident: sendParent((_, { incident }: { incident: Incident }) => ({ type: 'incidents.written', incidents: [incident], from: 'details' }) satisfies DetailsOutput),
  },
  guards: {
    hasDraft: ({ context }) => context.draft.trim() !== '',
    canAcknowledge: ({ context }) => mayAcknowledge(context.incident.status),
    canResolve: ({ context }) => mayResolve(context.incident.status),
    assignedToSomeoneElse: ({ context }) => context.incident.assignee !== context.user,
    assigned: ({ context }) => Boolean(context.incident.assignee),
  },
}).createMachine({
  id: 'incidentDetails',
  context: ({ input }) => ({ incident: input.incident, user: input.user, entries: [], region: undefined, draft: '', writeError: undefined }),
  type: 'parallel',
  on: {
    'details.draft': { actions: { type: 'storeDraft', params: ({ event }) => ({ text: event.text }) } },
    'live.note': { actions: { type: 'addEntry', params: ({ event }) => ({ entry: event.entry }) } },
    'live.incident': {
      actions: [{ type: 'storeIncident', params: ({ event }) => ({ incident: event.incident }) }, 'refreshTimeline'],
    },
    'live.reconnected': { actions: 'refreshTimeline' },
  },
  states: {
    timeline: {
      initial: 'loading',
      // A newer change restarts the load: the newest answer is the one shown.
      on: { 'timeline.refresh': { target: '.loading', reenter: true } },
      states: {
        loading: {
          tags: ['loadingTimeline'],
          invoke: {
            id: 'details',
            src: 'loadDetails',
            input: ({ context }) => ({ id: context.incident.id, regionId: context.incident.regionId }),
            onDone: { target: 'ready', actions: { type: 'storeDetails', params: ({ event }) => ({ answer: event.output }) } },
            onError: 'failed',
          },
        },
        ready: {},
        failed: { on: { 'details.reload': 'loading' } },
      },
    },
    write: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'details.note': { guard: 'hasDraft', target: 'noting', actions: 'clearWriteError' },
            'details.assign': { guard: 'assignedToSomeoneElse', target: 'assigning', actions: 'clearWriteError' },
            'details.unassign': { guard: 'assigned', target: 'assigning', actions: 'clearWriteError' },
            'details.acknowledge': { guard: 'canAcknowledge', target: 'acknowledging', actions: 'clearWriteError' },
            'details.resolve': { guard: 'canResolve', target: 'resolving', actions: 'clearWriteError' },
          },
        },
        noting: {
          tags: ['writing'],
          invoke: {
            id: 'addNote',
            src: 'addNote',
            input: ({ context }) => ({ id: context.incident.id, note: context.draft.trim() }),
            onDone: { target: 'idle', actions: [{ type: 'addEntry', params: ({ event }) => ({ entry: event.output }) }, 'clearDraft'] },
            onError: writeRefused,
          },
        },
        assigning: {
          tags: ['writing'],
          invoke: {
            id: 'assign',
            src: 'assign',
            input: ({ context, event }) => ({ id: context.incident.id, assignee: event.type === 'details.unassign' ? null : context.user }),
            onDone: { target: 'idle', actions: changed },
            onError: writeRefused,
          },
        },
        acknowledging: {
          tags: ['writing'],
          invoke: {
            id: 'acknowledge',
            src: 'acknowledge',
            input: ({ context }) => ({ id: context.incident.id, note: context.draft }),
            onDone: { target: 'idle', actions: [...changed, 'clearDraft'] },
            onError: writeRefused,
          },
        },
        resolving: {
          tags: ['writing'],
          invoke: {
            id: 'resolve',
            src: 'resolve',
            input: ({ context }) => ({ id: context.incident.id, note: context.draft }),
            onDone: { target: 'idle', actions: [...changed, 'clearDraft'] },
            onError: writeRefused,
          },
        },
      },
    },
  },
});
