// The watch of the drawer's tourist (issue 32 point 4): the running pause read when the drawer opens (and
// again when the stream says another operator paused or resumed, or after a reconnection), the operator's
// pause through a dialog, and its lifting. A pause ends by itself at its `until`: the drawer reads the watch
// again then (the server owns the pause; a timer cut short for a pause of months finds it still running).
// One write at a time; a refused one shows the server's sentence.
import { assign, fromPromise, setup } from 'xstate';
import { serverErrorOrMessage } from '../api/client.ts';
import { fetchWatchPause, pauseWatch, resumeWatch } from '../api/watch-pause.ts';
import type { WatchPause, WatchPauseBody } from '../api/watch.ts';

export interface TouristWatchContext {
  /** The watch's key: the tourist's id, or the device's for a device without a tourist. */
  touristId: string;
  pause: WatchPause | null;
  error: string | undefined;
}

export type TouristWatchEvent =
  | { type: 'watch.open' }
  | { type: 'watch.cancel' }
  | ({ type: 'watch.pause' } & WatchPauseBody)
  | { type: 'watch.resume' }
  | { type: 'watch.reload' }
  /** The stream: a pause was set or lifted elsewhere, or it connected again (a change may have been missed). */
  | { type: 'watch.changed' };

/** setTimeout's longest wait: a longer pause is read again then, and waited on. */
const LONGEST_TIMER_MS = 2 ** 31 - 1;

const refused = ({ event }: { event: { error: unknown } }) => ({ error: event.error });

export const touristWatchMachine = setup({
  types: {
    context: {} as TouristWatchContext,
    input: {} as { touristId: string },
    events: {} as TouristWatchEvent,
  },
  actors: {
    readPause: fromPromise<WatchPause | null, { touristId: string }>(({ input }) => fetchWatchPause(input.touristId)),
    pause: fromPromise<WatchPause, { touristId: string } & WatchPauseBody>(({ input }) =>
      pauseWatch(input.touristId, { until: input.until, reason: input.reason }),
    ),
    resume: fromPromise<void, { touristId: string }>(({ input }) => resumeWatch(input.touristId)),
  },
  actions: {
    storePause: assign((_, { pause }: { pause: WatchPause | null }) => ({ pause })),
    forgetPause: assign({ pause: null }),
    storeError: assign((_, { error }: { error: unknown }) => ({ error: serverErrorOrMessage(error) })),
    clearError: assign({ error: undefined }),
  },
  guards: {
    pauseRunning: ({ context }) => context.pause !== null && Date.parse(context.pause.until) > Date.now(),
  },
  delays: {
    pauseEnds: ({ context }) =>
      Math.min(LONGEST_TIMER_MS, Math.max(0, Date.parse(context.pause?.until ?? '') - Date.now()) || 0),
  },
}).createMachine({
  id: 'touristWatch',
  context: ({ input }) => ({ touristId: input.touristId, pause: null, error: undefined }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'readPause',
        src: 'readPause',
        input: ({ context }) => ({ touristId: context.touristId }),
        onDone: {
          target: 'deciding',
          actions: [{ type: 'storePause', params: ({ event }) => ({ pause: event.output }) }, 'clearError'],
        },
        onError: { target: 'failed', actions: { type: 'storeError', params: refused } },
      },
    },
    failed: { on: { 'watch.reload': 'loading' } },
    deciding: {
      always: [
        { guard: 'pauseRunning', target: 'paused' },
        { target: 'watching', actions: 'forgetPause' },
      ],
    },
    watching: {
      on: {
        'watch.open': { target: 'choosing', actions: 'clearError' },
        'watch.changed': 'loading',
      },
    },
    paused: {
      after: { pauseEnds: 'loading' },
      on: {
        'watch.resume': { target: 'resuming', actions: 'clearError' },
        'watch.changed': 'loading',
      },
    },
    choosing: {
      tags: ['dialog'],
      on: {
        'watch.cancel': { target: 'deciding', actions: 'clearError' },
        'watch.pause': { target: 'pausing', actions: 'clearError' },
      },
    },
    pausing: {
      tags: ['dialog', 'writing'],
      invoke: {
        id: 'pause',
        src: 'pause',
        input: ({ context, event }) => {
          const { until, reason } = event as Extract<TouristWatchEvent, { type: 'watch.pause' }>;
          return { touristId: context.touristId, until, reason };
        },
        onDone: {
          target: 'deciding',
          actions: { type: 'storePause', params: ({ event }) => ({ pause: event.output }) },
        },
        onError: { target: 'choosing', actions: { type: 'storeError', params: refused } },
      },
    },
    resuming: {
      tags: ['writing'],
      invoke: {
        id: 'resume',
        src: 'resume',
        input: ({ context }) => ({ touristId: context.touristId }),
        onDone: { target: 'watching', actions: 'forgetPause' },
        onError: { target: 'paused', actions: { type: 'storeError', params: refused } },
      },
    },
  },
});
