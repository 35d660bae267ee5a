// The replay (issue 34 point 2): its tracks loaded once, then a clock that plays, pauses, seeks and runs at a
// speed (1× to 60×) in real time scaled by the speed, and a follow mode for the camera. The clock moves by the
// wall time each animation frame reports (`replay.tick` with `elapsedMs`): the `frames` actor is a
// requestAnimationFrame loop the view provides; tests send the ticks themselves.
import { assign, fromCallback, fromPromise, setup } from 'xstate';
import { fetchTracks, type ReplayAnswer, type ReplayRequest } from '../api/track-client.ts';
import { serverErrorOrMessage } from '../api/client.ts';
import { advanced, replaySpan, type ReplaySpan, type ReplaySpeed } from '../domain/replay-timeline.ts';

export interface ReplayContext {
  request: ReplayRequest;
  answer: ReplayAnswer | undefined;
  span: ReplaySpan;
  /** Seconds from the span's start. */
  positionS: number;
  speed: ReplaySpeed;
  error: string | undefined;
}

export type ReplayEvent =
  | { type: 'replay.play' }
  | { type: 'replay.pause' }
  | { type: 'replay.seek'; positionS: number }
  | { type: 'replay.speed'; speed: ReplaySpeed }
  | { type: 'replay.follow.toggle' }
  | { type: 'replay.tick'; elapsedMs: number }
  | { type: 'replay.retry' };

export const DEFAULT_REPLAY_SPEED: ReplaySpeed = 10;

const clamp = (positionS: number, durationS: number) =>
  Math.min(durationS, Math.max(0, Number.isFinite(positionS) ? positionS : 0));

export const replayMachine = setup({
  types: {
    context: {} as ReplayContext,
    events: {} as ReplayEvent,
    input: {} as ReplayRequest,
  },
  actors: {
    loadTracks: fromPromise(({ input }: { input: ReplayRequest }) => fetchTracks(input)),
    /** Sends `replay.tick` each animation frame while playing; the view provides the real loop. */
    frames: fromCallback(() => () => undefined),
  },
  guards: {
    atEnd: ({ context }) => context.positionS >= context.span.durationS,
    tickReachesEnd: ({ context }, { elapsedMs }: { elapsedMs: number }) =>
      advanced(context.positionS, elapsedMs, context.speed, context.span.durationS) >= context.span.durationS,
    seeksBeforeEnd: ({ context }, { positionS }: { positionS: number }) =>
      clamp(positionS, context.span.durationS) < context.span.durationS,
  },
  actions: {
    rewind: assign({ positionS: 0 }),
    advance: assign(({ context }, { elapsedMs }: { elapsedMs: number }) => ({
      positionS: advanced(context.positionS, elapsedMs, context.speed, context.span.durationS),
    })),
    seek: assign(({ context }, { positionS }: { positionS: number }) => ({
      positionS: clamp(positionS, context.span.durationS),
    })),
    setSpeed: assign((_, { speed }: { speed: ReplaySpeed }) => ({ speed })),
  },
}).createMachine({
  id: 'replay',
  context: ({ input }) => ({
    request: input,
    answer: undefined,
    span: { startMs: Date.parse(input.from), durationS: 0 },
    positionS: 0,
    speed: DEFAULT_REPLAY_SPEED,
    error: undefined,
  }),
  initial: 'loading',
  states: {
    loading: {
      tags: ['loading'],
      invoke: {
        id: 'loadTracks',
        src: 'loadTracks',
        input: ({ context }) => context.request,
        onDone: {
          target: 'ready',
          actions: assign(({ event }) => ({
            answer: event.output,
            span: replaySpan(event.output.tracks, event.output),
            positionS: 0,
            error: undefined,
          })),
        },
        onError: { target: 'failed', actions: assign(({ event }) => ({ error: serverErrorOrMessage(event.error) })) },
      },
    },
    failed: {
      on: { 'replay.retry': 'loading' },
    },
    ready: {
      type: 'parallel',
      on: {
        'replay.speed': { actions: { type: 'setSpeed', params: ({ event }) => event } },
      },
      states: {
        playback: {
          initial: 'paused',
          states: {
            paused: {
              on: {
                'replay.play': [{ guard: 'atEnd', target: 'playing', actions: 'rewind' }, { target: 'playing' }],
                'replay.seek': { actions: { type: 'seek', params: ({ event }) => event } },
              },
            },
            playing: {
              tags: ['playing'],
              invoke: { id: 'frames', src: 'frames' },
              on: {
                'replay.pause': 'paused',
                'replay.tick': [
                  {
                    guard: { type: 'tickReachesEnd', params: ({ event }) => event },
                    target: 'ended',
                    actions: { type: 'advance', params: ({ event }) => event },
                  },
                  { actions: { type: 'advance', params: ({ event }) => event } },
                ],
                'replay.seek': { actions: { type: 'seek', params: ({ event }) => event } },
              },
            },
            ended: {
              on: {
                'replay.play': { target: 'playing', actions: 'rewind' },
                'replay.seek': {
                  guard: { type: 'seeksBeforeEnd', params: ({ event }) => event },
                  target: 'paused',
                  actions: { type: 'seek', params: ({ event }) => event },
                },
              },
            },
          },
        },
        follow: {
          initial: 'on',
          states: {
            on: { tags: ['following'], on: { 'replay.follow.toggle': 'off' } },
            off: { on: { 'replay.follow.toggle': 'on' } },
          },
        },
      },
    },
  },
});
