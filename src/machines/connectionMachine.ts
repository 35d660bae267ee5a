// The live connection: the stream's state as the badge shows it, polling while it is not connected,
// and a fresh EventSource after a back-off once the browser has given up on the old one.
import { assign, not, sendParent, setup, stateIn, type SnapshotFrom } from 'xstate';
import type { GpsPing } from '../api/entities.ts';
import type { StreamMessage } from '../api/stream.ts';
import type { StoreNotice } from '../api/store-health.ts';
import { eventStream, type StreamEvent } from '../browser/event-stream.ts';

export const POLL_INTERVAL_MS = 10_000;
const FIRST_RECONNECT_DELAY_MS = 2_000;
const MAX_RECONNECT_DELAY_MS = 30_000;

/** What the parent (the dashboard) hears from this machine. */
type ConnectionOutput =
  | { type: 'connection.poll' }
  | { type: 'connection.message'; message: StreamMessage }
  | { type: 'connection.pings'; pings: GpsPing[] }
  | { type: 'connection.store'; notice: StoreNotice };

export type ConnectionState = 'connecting' | 'connected' | 'disconnected';

export function reconnectDelay(failedAttempts: number): number {
  return Math.min(MAX_RECONNECT_DELAY_MS, FIRST_RECONNECT_DELAY_MS * 2 ** failedAttempts);
}

export const connectionMachine = setup({
  types: {
    context: {} as { failedReconnects: number },
    events: {} as StreamEvent,
  },
  actors: { eventStream },
  actions: {
    requestPoll: sendParent({ type: 'connection.poll' } satisfies ConnectionOutput),
    forwardMessage: sendParent(({ event }) => {
      if (event.type !== 'stream.message') throw new Error(`forwardMessage cannot handle ${event.type}`);
      return { type: 'connection.message', message: event.message } satisfies ConnectionOutput;
    }),
    forwardPings: sendParent(({ event }) => {
      if (event.type !== 'stream.pings') throw new Error(`forwardPings cannot handle ${event.type}`);
      return { type: 'connection.pings', pings: event.pings } satisfies ConnectionOutput;
    }),
    forwardStoreNotice: sendParent(({ event }) => {
      if (event.type !== 'stream.store') throw new Error(`forwardStoreNotice cannot handle ${event.type}`);
      return { type: 'connection.store', notice: event.notice } satisfies ConnectionOutput;
    }),
    countFailedReconnect: assign({ failedReconnects: ({ context }) => Math.min(context.failedReconnects + 1, 8) }),
    resetReconnects: assign({ failedReconnects: 0 }),
  },
  guards: {
    streamConnected: stateIn({ stream: { streaming: 'connected' } }),
  },
  delays: {
    pollInterval: POLL_INTERVAL_MS,
    reconnectDelay: ({ context }) => reconnectDelay(context.failedReconnects),
  },
}).createMachine({
  id: 'connection',
  context: { failedReconnects: 0 },
  type: 'parallel',
  states: {
    stream: {
      initial: 'streaming',
      states: {
        streaming: {
          invoke: { id: 'eventStream', src: 'eventStream' },
          initial: 'connecting',
          on: {
            'stream.message': { actions: 'forwardMessage' },
            'stream.pings': { actions: 'forwardPings' },
            'stream.store': { actions: 'forwardStoreNotice' },
            'stream.closed': { target: 'waitingToReconnect', actions: 'countFailedReconnect' },
          },
          states: {
            connecting: {
              on: {
                'stream.open': { target: 'connected', actions: 'resetReconnects' },
                'stream.error': 'disconnected',
              },
            },
            connected: { on: { 'stream.error': 'disconnected' } },
            // EventSource retries by itself from here.
            disconnected: { on: { 'stream.open': { target: 'connected', actions: 'resetReconnects' } } },
          },
        },
        waitingToReconnect: { after: { reconnectDelay: 'streaming' } },
      },
    },
    // A region of its own so that the stream's comings and goings never reset the poll timer.
    // It follows the stream region: paused exactly while the stream is connected.
    polling: {
      initial: 'active',
      states: {
        active: {
          tags: ['polling'],
          always: { guard: 'streamConnected', target: 'paused' },
          after: { pollInterval: { target: 'active', reenter: true, actions: 'requestPoll' } },
        },
        paused: { always: { guard: not('streamConnected'), target: 'active' } },
      },
    },
  },
});

/** The badge's word for a connection snapshot. */
export function connectionState(snapshot: SnapshotFrom<typeof connectionMachine>): ConnectionState {
  if (snapshot.matches({ stream: { streaming: 'connected' } })) return 'connected';
  if (snapshot.matches({ stream: { streaming: 'connecting' } })) return 'connecting';
  return 'disconnected';
}
