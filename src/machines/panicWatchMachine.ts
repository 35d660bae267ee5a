// The panic watch (issue 11, "Never missed"): every region's open, unacknowledged panics, loaded once
// from /incidents/filter?regionId=all and kept by the stream (loaded again after each reconnection, when
// the stream's snapshot arrives), whatever region or filters the dashboard shows. It tells the alarm the
// counts and the notifications each new panic, and asks the dashboard to show an incident (the bar's Show, a
// notification's click). The bar's Acknowledge is the dashboard's write, as a row's; the dashboard tells this
// watch of every incident its one record says is no longer open.
import { assign, enqueueActions, fromPromise, setup, stateIn, type ActorRefFrom } from 'xstate';
import { fetchIncidents } from '../api/client.ts';
import type { Incident } from '../api/entities.ts';
import type { StreamMessage } from '../api/stream.ts';
import { alarmMachine } from './alarmMachine.ts';
import { notificationsMachine, type NotificationPermissionState } from './notificationsMachine.ts';
import { heard } from '../domain/load-race.ts';
import { applyLoadedIncidents, applyPanicMessage, closePanic, countsOf, type PanicChange, type PanicSummary } from '../domain/open-panics.ts';

export type PanicWatchEvent =
  /** The dashboard's own first load has answered: this one may go now. */
  | { type: 'panicWatch.start' }
  | { type: 'panicWatch.message'; message: StreamMessage }
  /** Acknowledged or resolved, by anyone: the dashboard's record of it says so. */
  | { type: 'panicWatch.closed'; id: string }
  | { type: 'panicWatch.show'; incidentId: string }
  | { type: 'xstate.done.actor.loadPanics'; output: Incident[] }
  | { type: 'xstate.error.actor.loadPanics'; error: unknown };

/** What the dashboard hears. */
export type PanicWatchOutput = { type: 'incident.show'; panic: PanicSummary };

interface PanicWatchContext {
  soundPreferred: boolean;
  notificationPermission: NotificationPermissionState;
  panics: PanicSummary[];
  closed: Record<string, true>;
  /** Panics heard on the stream while a load is on its way: its answer may be older than them (src/domain/load-race.ts). */
  heardSinceLoad: string[];
}

/**
 * Loads every region's open panics; `announce`: those not known before are new (ring, notify). A load
 * the stream's snapshot overtook (state `stale`) is followed by another: see `loading`.
 */
const loadOpenPanics = ({ announce }: { announce: boolean }) => {
  const applyAnswer = {
    type: 'applyChange',
    params: ({ context, event }: { context: PanicWatchContext; event: { output: Incident[] } }) => {
      const change = applyLoadedIncidents(context, event.output, context.heardSinceLoad);
      return { change: announce ? change : { ...change, arrived: [] } };
    },
  } as const;
  return {
    src: 'loadPanics',
    id: 'loadPanics',
    onDone: [
      { guard: 'loadOvertaken', target: 'reloading', actions: applyAnswer },
      { target: 'watching', actions: applyAnswer },
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
  },
  actions: {
    /** Keeps the change, then tells the alarm the counts and the notifications each new panic. */
    applyChange: enqueueActions(({ context, enqueue }, { change, heardId }: { change: PanicChange; heardId?: string }) => {
      // Most messages (GPS pings) change nothing here: the alarm need not hear of them.
      if (change.panics === context.panics && change.closed === context.closed && !heardId) return;
      enqueue.assign({
        panics: change.panics,
        closed: change.closed,
        ...(heardId && { heardSinceLoad: heard(context.heardSinceLoad, heardId) }),
      });
      enqueue.sendTo('alarm', { type: 'alarm.counts', ...countsOf(change.panics), newPanic: change.arrived.length > 0 });
      for (const panic of change.arrived) enqueue.sendTo('notifications', { type: 'notifications.panicArrived', panic });
    }),
    forgetHeard: assign({ heardSinceLoad: [] }),
    show: enqueueActions(({ context, enqueue }, { incidentId }: { incidentId: string }) => {
      // One acknowledged meanwhile is in the table under its region; the bar no longer names it.
      const panic = context.panics.find((p) => p.id === incidentId);
      if (panic) enqueue.sendParent({ type: 'incident.show', panic } satisfies PanicWatchOutput);
    }),
  },
}).createMachine({
  id: 'panicWatch',
  context: ({ input }) => ({
    soundPreferred: input.sound ?? true,
    notificationPermission: input.notificationPermission ?? 'unsupported',
    panics: [],
    closed: {},
    heardSinceLoad: [],
  }),
  invoke: [
    { id: 'alarm', src: 'alarm', input: ({ context }) => ({ sound: context.soundPreferred }) },
    { id: 'notifications', src: 'notifications', input: ({ context }) => ({ permission: context.notificationPermission }) },
  ],
  on: {
    'panicWatch.message': {
      actions: {
        type: 'applyChange',
        params: ({ context, event }) => ({
          change: applyPanicMessage(context, event.message),
          heardId: event.message.type === 'alert' ? event.message.alert.incidentId : undefined,
        }),
      },
    },
    'panicWatch.closed': { actions: { type: 'applyChange', params: ({ context, event }) => ({ change: closePanic(context, event.id) }) } },
    'panicWatch.show': { actions: { type: 'show', params: ({ event }) => ({ incidentId: event.incidentId }) } },
  },
  initial: 'waiting',
  states: {
    // Panics heard meanwhile are kept (and the load's answer merged with them).
    waiting: { on: { 'panicWatch.start': 'loading' } },
    // The first answer names what was already open: the alarm rings, but nothing is "new".
    loading: {
      entry: 'forgetHeard',
      invoke: loadOpenPanics({ announce: false }),
      initial: 'current',
      states: {
        current: { on: { 'panicWatch.message': { guard: 'streamReconnected', target: 'stale' } } },
        // The server reads a snapshot after the stream's headers, so a panic committed in between is in
        // the snapshot and never comes as an alert of its own; an answer read before that commit does not
        // name it either. Another load follows, and names it as new.
        stale: {},
      },
    },
    watching: {
      on: { 'panicWatch.message': { guard: 'streamReconnected', target: 'reloading' } },
    },
    // A later answer may name panics the stream missed: those are new.
    reloading: {
      entry: 'forgetHeard',
      invoke: loadOpenPanics({ announce: true }),
      on: {
        'panicWatch.message': { guard: 'streamReconnected', target: 'reloading', reenter: true },
      },
    },
  },
});

export type PanicWatchRef = ActorRefFrom<typeof panicWatchMachine>;
