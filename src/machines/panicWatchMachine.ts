// The panic watch (issue 11, "Never missed"): every region's incidents, loaded once from
// /incidents/filter?regionId=all (again after each reconnection, when the stream's snapshot arrives), whatever
// region or filters the dashboard shows, and handed to the dashboard, whose records the panic bar reads
// (src/domain/open-panics.ts). The dashboard tells it each change of the open panics; it tells the alarm the
// counts and the notifications each new panic, and asks the dashboard to show an incident (a notification's
// click). The bar's Show and Acknowledge are the dashboard's, as a row's.
import { assign, enqueueActions, fromPromise, sendParent, setup, stateIn } from 'xstate';
import { fetchIncidents } from '../api/client.ts';
import type { Incident } from '../api/entities.ts';
import type { StreamMessage } from '../api/stream.ts';
import { alarmMachine } from './alarmMachine.ts';
import { notificationsMachine, type NotificationPermissionState } from './notificationsMachine.ts';
import { heard, type HeardSinceLoad } from '../domain/load-race.ts';
import { countsOf, type PanicSummary } from '../domain/open-panics.ts';

export type PanicWatchEvent =
  /** The dashboard's own first load has answered: this one may go now. */
  | { type: 'panicWatch.start' }
  | { type: 'panicWatch.message'; message: StreamMessage }
  /** The store is back after an outage (issue 47): what a load failed to read meanwhile is read again. */
  | { type: 'panicWatch.catchUp' }
  /** The page's open panics changed (src/domain/open-panics.ts); `arrived`: those heard of for the first time. */
  | { type: 'panicWatch.panics'; panics: readonly PanicSummary[]; arrived: readonly PanicSummary[] }
  | { type: 'panicWatch.show'; incidentId: string }
  | { type: 'xstate.done.actor.loadPanics'; output: Incident[] }
  | { type: 'xstate.error.actor.loadPanics'; error: unknown };

/** What the dashboard hears: a load's answer to keep in its records, an incident to show. */
export type PanicWatchOutput =
  | { type: 'incident.show'; id: string }
  | { type: 'incidents.everyRegionLoaded'; incidents: Incident[]; heardSinceLoad: HeardSinceLoad; announce: boolean };

interface PanicWatchContext {
  soundPreferred: boolean;
  notificationPermission: NotificationPermissionState;
  /** Incidents heard on the stream while a load is on its way: its answer may be older than them (src/domain/load-race.ts). */
  heardSinceLoad: HeardSinceLoad;
}

/**
 * Loads every region's incidents for the dashboard's records; `announce`: open panics it adds are new
 * (ring, notify). A load the stream's snapshot overtook (state `stale`) is followed by another: see `loading`.
 */
const loadEveryRegion = ({ announce }: { announce: boolean }) => {
  const handOver = {
    type: 'handOver',
    params: ({ event }: { event: { output: Incident[] } }) => ({ incidents: event.output, announce }),
  } as const;
  return {
    src: 'loadPanics',
    id: 'loadPanics',
    onDone: [
      { guard: 'loadOvertaken', target: 'reloading', actions: handOver },
      { target: 'watching', actions: handOver },
    ],
    onError: [{ guard: 'loadOvertaken', target: 'reloading' }, { target: 'watching' }],
  } as const;
};

export const panicWatchMachine = setup({
  types: {
    context: {} as PanicWatchContext,
    input: {} as { sound?: boolean; notificationPermission?: NotificationPermissionState },
    events: {} as PanicWatchEvent,
  },
  actors: {
    alarm: alarmMachine,
    notifications: notificationsMachine,
    loadPanics: fromPromise<Incident[]>(() => fetchIncidents({ regionId: 'all', windowMinutes: 0 })),
  },
  guards: {
    /** The stream's snapshot follows each (re)connection; what happened while it was down is not in it. */
    streamReconnected: ({ event }) => event.type === 'panicWatch.message' && event.message.type === 'snapshot',
    loadOvertaken: stateIn({ loading: 'stale' }),
    incidentReported: ({ event }) => event.type === 'panicWatch.message' && event.message.type === 'incident_update',
  },
  actions: {
    /** Tells the alarm the counts and the notifications each new panic. */
    announce: enqueueActions(
      ({ enqueue }, { panics, arrived }: { panics: readonly PanicSummary[]; arrived: readonly PanicSummary[] }) => {
        enqueue.sendTo('alarm', { type: 'alarm.counts', ...countsOf(panics), newPanic: arrived.length > 0 });
        for (const panic of arrived) enqueue.sendTo('notifications', { type: 'notifications.panicArrived', panic });
      },
    ),
    hear: assign(({ context }, { id }: { id: string }) => ({ heardSinceLoad: heard(context.heardSinceLoad, id) })),
    forgetHeard: assign({ heardSinceLoad: [] }),
    handOver: sendParent(
      ({ context }, { incidents, announce }: { incidents: Incident[]; announce: boolean }) =>
        ({
          type: 'incidents.everyRegionLoaded',
          incidents,
          heardSinceLoad: context.heardSinceLoad,
          announce,
        }) satisfies PanicWatchOutput,
    ),
    show: sendParent(
      (_, { incidentId }: { incidentId: string }) =>
        ({ type: 'incident.show', id: incidentId }) satisfies PanicWatchOutput,
    ),
  },
}).createMachine({
  id: 'panicWatch',
  context: ({ input }) => ({
    soundPreferred: input.sound ?? true,
    notificationPermission: input.notificationPermission ?? 'unsupported',
    heardSinceLoad: [],
  }),
  invoke: [
    { id: 'alarm', src: 'alarm', input: ({ context }) => ({ sound: context.soundPreferred }) },
    {
      id: 'notifications',
      src: 'notifications',
      input: ({ context }) => ({ permission: context.notificationPermission }),
    },
  ],
  on: {
    'panicWatch.message': {
      guard: 'incidentReported',
      actions: {
        type: 'hear',
        params: ({ event }) => ({ id: event.message.type === 'incident_update' ? event.message.incident.id : '' }),
      },
    },
    'panicWatch.panics': {
      actions: { type: 'announce', params: ({ event }) => ({ panics: event.panics, arrived: event.arrived }) },
    },
    'panicWatch.show': { actions: { type: 'show', params: ({ event }) => ({ incidentId: event.incidentId }) } },
  },
  initial: 'waiting',
  states: {
    // Panics heard meanwhile are in the dashboard's records (and the load's answer merged with them).
    waiting: { on: { 'panicWatch.start': 'loading' } },
    // The first answer names what was already open: the alarm rings, but nothing is "new".
    loading: {
      entry: 'forgetHeard',
      invoke: loadEveryRegion({ announce: false }),
      initial: 'current',
      states: {
        current: {
          on: { 'panicWatch.message': { guard: 'streamReconnected', target: 'stale' }, 'panicWatch.catchUp': 'stale' },
        },
        // The server reads a snapshot after the stream's headers, so a panic committed in between is in
        // the snapshot and never comes as an alert of its own; an answer read before that commit does not
        // name it either. Another load follows, and names it as new.
        stale: {},
      },
    },
    watching: {
      on: {
        'panicWatch.message': { guard: 'streamReconnected', target: 'reloading' },
        'panicWatch.catchUp': 'reloading',
      },
    },
    // A later answer may name panics the stream missed: those are new.
    reloading: {
      entry: 'forgetHeard',
      invoke: loadEveryRegion({ announce: true }),
      on: {
        'panicWatch.message': { guard: 'streamReconnected', target: 'reloading', reenter: true },
        'panicWatch.catchUp': { target: 'reloading', reenter: true },
      },
    },
  },
});
