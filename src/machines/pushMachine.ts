// "Push to this device" (issue 35 point 5): whether this browser gets new panics and escalations from the
// server while the console is closed, and for which regions (none chosen: all). Turning it on asks the
// browser's permission, subscribes and tells the server; off deletes the server's record and unsubscribes.
import { assign, setup } from 'xstate';
import { serverErrorOrMessage } from '../api/client.ts';
import { pushAvailability, readPush, turnPushOff, turnPushOn, type PushAvailability } from '../browser/web-push.ts';

export type PushEvent =
  | { type: 'push.enable'; regionIds: string[] }
  | { type: 'push.disable' }
  | { type: 'push.regions'; regionIds: string[] };

export const pushMachine = setup({
  types: {
    context: {} as { availability: PushAvailability; regionIds: string[]; error: string | undefined },
    events: {} as PushEvent,
  },
  actors: { readPush, turnPushOn, turnPushOff },
  actions: {
    failed: assign({ error: (_, { error }: { error: unknown }) => serverErrorOrMessage(error) }),
    keepRegions: assign({ regionIds: (_, { regionIds }: { regionIds: string[] }) => regionIds, error: undefined }),
  },
}).createMachine({
  id: 'push',
  context: () => ({ availability: pushAvailability(), regionIds: [], error: undefined }),
  initial: 'reading',
  states: {
    reading: {
      always: { guard: ({ context }) => context.availability !== 'available', target: 'unavailable' },
      invoke: {
        src: 'readPush',
        onDone: [
          {
            guard: ({ event }) => event.output.on,
            target: 'on',
            actions: { type: 'keepRegions', params: ({ event }) => ({ regionIds: event.output.regionIds }) },
          },
          { target: 'off' },
        ],
        onError: { target: 'off' },
      },
    },
    unavailable: {},
    off: {
      on: {
        'push.enable': {
          target: 'enabling',
          actions: { type: 'keepRegions', params: ({ event }) => ({ regionIds: event.regionIds }) },
        },
      },
    },
    enabling: {
      tags: ['busy'],
      invoke: {
        src: 'turnPushOn',
        input: ({ context }) => ({ regionIds: context.regionIds }),
        onDone: {
          target: 'on',
          actions: { type: 'keepRegions', params: ({ event }) => ({ regionIds: event.output }) },
        },
        onError: { target: 'off', actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    on: {
      on: {
        'push.disable': { target: 'disabling' },
        'push.regions': {
          target: 'enabling',
          actions: { type: 'keepRegions', params: ({ event }) => ({ regionIds: event.regionIds }) },
        },
      },
    },
    disabling: {
      tags: ['busy'],
      invoke: {
        src: 'turnPushOff',
        onDone: { target: 'off' },
        onError: { target: 'on', actions: { type: 'failed', params: ({ event }) => ({ error: event.error }) } },
      },
    },
  },
});
