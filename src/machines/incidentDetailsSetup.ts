// The incident details drawer, its part before the chart: what it keeps and hears, its requests, and every
// action and guard named for the chart in incidentDetailsMachine.ts.
import { assign, enqueueActions, fromPromise, sendParent, setup } from 'xstate';
import { acknowledgeIncident, resolveIncident, serverErrorOrMessage } from '../api/client.ts';
import { addIncidentNote, assignIncident, fetchIncidentTimeline } from '../api/incident-history.ts';
import { fetchRegion } from '../api/regions-client.ts';
import type { Incident, Region } from '../api/entities.ts';
import type { IncidentStatus } from '../api/fields.ts';
import type { TimelineEntry } from '../api/responses.ts';
import { mayAcknowledge, mayResolve } from '../domain/incident-status.ts';
import { withEntry } from '../domain/timeline-entries.ts';
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

export const incidentDetailsSetup = setup({
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
});
