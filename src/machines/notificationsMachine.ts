// Desktop notifications of new panics (issue 11): the browser's permission as states, asked for by the
// operator's 'Enable notifications'. With permission, each new panic raises a notification while the
// page is hidden or not focused; clicking one brings the window forward and shows the incident.
import { enqueueActions, sendParent, setup } from 'xstate';
import { focusWindow, panicNotification, requestNotificationPermission } from '../browser/desktop-notifications.ts';
import type { PanicSummary } from '../domain/open-panics.ts';

export type NotificationPermissionState = NotificationPermission | 'unsupported';

export type NotificationsEvent =
  | { type: 'notifications.enable' }
  | { type: 'notifications.panicArrived'; panic: PanicSummary }
  | { type: 'notification.click'; incidentId: string };

/** What the parent (the panic watch) hears: show this incident, as its bar's Show does. */
export type NotificationsOutput = { type: 'panicWatch.show'; incidentId: string };

export const notificationsMachine = setup({
  types: {
    context: {} as { permission: NotificationPermissionState },
    input: {} as { permission: NotificationPermissionState },
    events: {} as NotificationsEvent,
  },
  actors: {
    requestPermission: requestNotificationPermission,
    panicNotification,
    focusWindow,
  },
  actions: {
    /** Raised while the page is in the background (the notification actor checks); a repeat replaces it. */
    notify: enqueueActions(({ enqueue }, { panic }: { panic: PanicSummary }) => {
      const id = `notification:${panic.id}`;
      enqueue.stopChild(id);
      enqueue.spawnChild('panicNotification', { id, input: { panic } });
    }),
    focusWindow: enqueueActions(({ enqueue }) => enqueue.spawnChild('focusWindow')),
    showIncident: sendParent(
      (_, { incidentId }: { incidentId: string }) =>
        ({ type: 'panicWatch.show', incidentId }) satisfies NotificationsOutput,
    ),
  },
  guards: {
    startsAs: ({ context }, { permission }: { permission: NotificationPermissionState }) =>
      context.permission === permission,
    answered: (_, { answer, permission }: { answer: NotificationPermission; permission: NotificationPermission }) =>
      answer === permission,
  },
}).createMachine({
  id: 'notifications',
  context: ({ input }) => ({ permission: input.permission }),
  initial: 'checking',
  states: {
    checking: {
      always: [
        { guard: { type: 'startsAs', params: { permission: 'unsupported' } }, target: 'unsupported' },
        { guard: { type: 'startsAs', params: { permission: 'granted' } }, target: 'granted' },
        { guard: { type: 'startsAs', params: { permission: 'denied' } }, target: 'denied' },
        { target: 'default' },
      ],
    },
    default: { on: { 'notifications.enable': 'asking' } },
    asking: {
      invoke: {
        id: 'requestPermission',
        src: 'requestPermission',
        onDone: [
          {
            guard: { type: 'answered', params: ({ event }) => ({ answer: event.output, permission: 'granted' }) },
            target: 'granted',
          },
          {
            guard: { type: 'answered', params: ({ event }) => ({ answer: event.output, permission: 'denied' }) },
            target: 'denied',
          },
          { target: 'default' },
        ],
        onError: 'default',
      },
    },
    granted: {
      on: {
        'notifications.panicArrived': {
          actions: { type: 'notify', params: ({ event }) => ({ panic: event.panic }) },
        },
        'notification.click': {
          actions: ['focusWindow', { type: 'showIncident', params: ({ event }) => ({ incidentId: event.incidentId }) }],
        },
      },
    },
    denied: {},
    unsupported: {},
  },
});
