// The panic watch (issue 11, "Never missed"): every region's open, unacknowledged panics, loaded once
// from /incidents/filter?regionId=all and kept by the stream (loaded again after each reconnection, when
// the stream's snapshot arrives), whatever region or filters the dashboard shows. It tells the alarm the
// counts and the notifications each new panic, acknowledges from the panic bar, and asks the dashboard to show an incident (the bar's Show, a notification's click).
import { assign, enqueueActions, fromPromise, sendParent, setup, stateIn, type ActorRefFrom } from 'xstate';
import { acknowledgeIncident, fetchIncidents } from '../api/client.ts';
import type { Incident } from '../api/entities.ts';
import type { StreamMessage } from '../api/stream.ts';
import { alarmMachine } from './alarmMachine.ts';
import { currentNotificationPermission } from '../browser/desktop-notifications.ts';
import { notificationsMachine } from './notificationsMachine.ts';
import { applyLoadedIncidents, applyPanicMessage, closePanic, countsOf, type PanicChange, type PanicSummary } from '../domain/open-panics.ts';

export type PanicWatchEvent =
  /** The dashboard's own first load has answered: this one may go now. */
  | { type: 'panics.start' }
  | { type: 'panics.message'; message: StreamMessage }
  | { type: 'panic.acknowledge'; ids: string[] }
  /** Acknowledged or resolved from the dashboard's table. */
  | { type: 'panic.closed'; id: string }
  /** Acknowledged by the bar's Acknowledge: the dashboard's table is told. */
  | { type: 'panic.acknowledged'; id: string }
  | { type: 'panic.show'; incidentId: string }
  | { type: 'xstate.done.actor.loadPanics'; output: Incident[] }
  | { type: 'xstate.error.actor.loadPanics'; error: unknown };

/** What the dashboard hears. */
export type PanicWatchOutput =
  | { type: 'incident.show'; panic: PanicSummary }
  | { type: 'incident.statusChanged'; id: string; status: 'acknowledged' };

interface PanicWatchContext {
  soundPreferred: boolean;
  panics: PanicSummary[];
  closed: Record<string, true>;
  /** Panics heard on the stream while a load is on its way: its answer may be older than them. */
  heardSinceLoad: string[];
}

type AcknowledgeInput = { ids: string[]; report: (id: string) => void };

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
    input: {} as { sound?: boolean },
    events: {} as PanicWatchEvent,
  },
  actors: {
    alarm: alarmMachine,
    notifications: notificationsMachine,
    loadPanics: fromPromise<Incident[]>(() => fetchIncidents({ regionId: 'all', windowMinutes: 0 })),
    // Never fails: a refused acknowledgement leaves the panic open, as the row's button does (SPEC §8).
    acknowledgePanics: fromPromise<void, AcknowledgeInput>(async ({ input }) => {
      await Promise.all(input.ids.map((id) => acknowledgeIncident(id).then(() => input.report(id), () => undefined)));
    }),
  },
  guards: {
    /** The stream's snapshot follows each (re)connection; what happened while it was down is not in it. */
    streamReconnected: ({ event }) => event.type === 'panics.message' && event.message.type === 'snapshot',
    loadOvertaken: stateIn({ loading: 'stale' }),
  },
  actions: {
    /** Keeps the change, then tells the alarm the counts and the notifications each new panic. */
    applyChange: enqueueActions(({ context, enqueue }, { change, heard }: { change: PanicChange; heard?: string }) => {
      // Most messages (GPS pings) change nothing here: the alarm need not hear of them.
      if (change.panics === context.panics && change.closed === context.closed && !heard) return;
      enqueue.assign({
        panics: change.panics,
        closed: change.closed,
        ...(heard && { heardSinceLoad: [...context.heardSinceLoad, heard] }),
      });
      enqueue.sendTo('alarm', { type: 'panics.update', ...countsOf(change.panics), newPanic: change.arrived.length > 0 });
      for (const panic of change.arrived) enqueue.sendTo('notifications', { type: 'panic.arrived', panic });
    }),
    forgetHeard: assign({ heardSinceLoad: [] }),
    acknowledge: enqueueActions(({ enqueue, self }, { ids }: { ids: string[] }) => {
      enqueue.spawnChild('acknowledgePanics', { input: { ids, report: (id) => self.send({ type: 'panic.acknowledged', id }) } });
    }),
    reportAcknowledged: sendParent((_, { id }: { id: string }) => ({ type: 'incident.statusChanged', id, status: 'acknowledged' }) satisfies PanicWatchOutput),
    show: enqueueActions(({ context, enqueue }, { incidentId }: { incidentId: string }) => {
      // One acknowledged meanwhile is in the table under its region; the bar no longer names it.
      const panic = context.panics.find((p) => p.id === incidentId);
      if (panic) enqueue.sendParent({ type: 'incident.show', panic } satisfies PanicWatchOutput);
    }),
  },
}).createMachine({
  id: 'panicWatch',
  context: ({ input }) => ({ soundPreferred: input.sound ?? true, panics: [], closed: {}, heardSinceLoad: [] }),
  invoke: [
    { id: 'alarm', src: 'alarm', input: ({ context }) => ({ sound: context.soundPreferred }) },
    { id: 'notifications', src: 'notifications', input: () => ({ permission: currentNotificationPermission() }) },
  ],
  on: {
    'panics.message': {
      actions: {
        type: 'applyChange',
        params: ({ context, event }) => ({
          change: applyPanicMessage(context, event.message),
          heard: event.message.type === 'alert' ? event.message.alert.incidentId : undefined,
        }),
      },
    },
    'panic.acknowledge': { actions: { type: 'acknowledge', params: ({ event }) => ({ ids: event.ids }) } },
    'panic.closed': { actions: { type: 'applyChange', params: ({ context, event }) => ({ change: closePanic(context, event.id) }) } },
    'panic.acknowledged': {
      actions: [
        { type: 'applyChange', params: ({ context, event }) => ({ change: closePanic(context, event.id) }) },
        { type: 'reportAcknowledged', params: ({ event }) => ({ id: event.id }) },
      ],
    },
    'panic.show': { actions: { type: 'show', params: ({ event }) => ({ incidentId: event.incidentId }) } },
  },
  initial: 'waiting',
  states: {
    // Panics heard meanwhile are kept (and the load's answer merged with them).
    waiting: { on: { 'panics.start': 'loading' } },
    // The first answer names what was already open: the alarm rings, but nothing is "new".
    loading: {
      entry: 'forgetHeard',
      invoke: loadOpenPanics({ announce: false }),
      initial: 'current',
      states: {
        current: { on: { 'panics.message': { guard: 'streamReconnected', target: 'stale' } } },
        // The server reads a snapshot after the stream's headers, so a panic committed in between is in
        // the snapshot and never comes as an alert of its own; an answer read before that commit does not
        // name it either. Another load follows, and names it as new.
        stale: {},
      },
    },
    watching: {
      on: { 'panics.message': { guard: 'streamReconnected', target: 'reloading' } },
    },
    // A later answer may name panics the stream missed: those are new.
    reloading: {
      entry: 'forgetHeard',
      invoke: loadOpenPanics({ announce: true }),
      on: {
        'panics.message': { guard: 'streamReconnected', target: 'reloading', reenter: true },
      },
    },
  },
});

export type PanicWatchRef = ActorRefFrom<typeof panicWatchMachine>;
