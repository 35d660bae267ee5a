// The replay's statechart (issue 34 point 2), model-based: @xstate/graph's paths through every transition,
// each replayed on a running actor whose load the test answers and whose frames the test sends. Along every
// path the clock stays in the span, moves by wall time × speed while playing and never otherwise.
import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, type SnapshotFrom } from 'xstate';
import type { ReplayAnswer } from '../../src/api/track-client.ts';
import { replayMachine } from '../../src/machines/replayMachine.ts';
import { describePath, transitionCoverPaths } from './support/transition-paths.ts';
import { uncoveredBy } from './support/transition-walks.ts';

const FROM = '2026-11-26T09:00:00.000Z';
const TO = '2026-11-26T10:00:00.000Z';
const INPUT = { touristIds: ['t-1'], from: FROM, to: TO };
const point = (s: number) => ({
  latitude: 0,
  longitude: s / 100_000,
  at: new Date(Date.parse(FROM) + s * 1000).toISOString(),
});
/** Ten minutes of positions, one every 30 s: the span is 600 s. */
const ANSWER: ReplayAnswer = {
  from: FROM,
  to: TO,
  tracks: [
    {
      touristId: 't-1',
      points: Array.from({ length: 21 }, (_, i) => point(i * 30)),
      truncated: false,
      stops: [],
      marks: [],
      summary: { pointCount: 21, durationS: 600, distanceM: 0, movingS: 600, stoppedS: 0 },
    },
  ],
};
const DURATION_S = 600;

type Snapshot = SnapshotFrom<typeof replayMachine>;

const samples = {
  'xstate.done.actor.loadTracks': [{ type: 'xstate.done.actor.loadTracks', output: ANSWER }],
  'xstate.error.actor.loadTracks': [
    { type: 'xstate.error.actor.loadTracks', error: new Error('The server is unreachable.') },
  ],
  'replay.seek': [
    { type: 'replay.seek', positionS: 120 },
    { type: 'replay.seek', positionS: 10_000 },
  ],
  'replay.speed': [{ type: 'replay.speed', speed: 60 }],
  'replay.tick': [
    { type: 'replay.tick', elapsedMs: 1000 },
    { type: 'replay.tick', elapsedMs: 3_600_000 },
  ],
} as never;

/** The clock counts as at the start, inside or at the end: the values between are one state for the graph. */
function serializeState(s: Snapshot): string {
  const { positionS, span, speed } = s.context;
  const where = positionS <= 0 ? 'start' : positionS >= span.durationS ? 'end' : 'inside';
  return JSON.stringify([s.value, where, speed]);
}

const paths = transitionCoverPaths(replayMachine, { input: INPUT, samples, serializeState });

/** A running actor whose load the test answers when a path says so. */
function runningReplay() {
  let answerLoad: (answer: ReplayAnswer) => void = () => undefined;
  let failLoad: (error: Error) => void = () => undefined;
  let framesRunning = 0;
  const machine = replayMachine.provide({
    actors: {
      loadTracks: fromPromise(
        () => new Promise<ReplayAnswer>((resolve, reject) => ((answerLoad = resolve), (failLoad = reject))),
      ),
      frames: fromCallback(() => {
        framesRunning++;
        return () => void framesRunning--;
      }),
    },
  });
  const actor = createActor(machine, { input: INPUT }).start();
  return {
    actor,
    answerLoad: (a: ReplayAnswer) => answerLoad(a),
    failLoad: (e: Error) => failLoad(e),
    framesRunning: () => framesRunning,
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the replay statechart', () => {
  it("the graph's paths enter every state and take every transition", () => {
    const asWalks = paths.map((path) => ({
      input: INPUT,
      start: replayMachine.getInitialSnapshot({} as never, INPUT),
      steps: path.steps,
      state: path.state,
    }));
    expect(uncoveredBy(replayMachine, asWalks as never)).toEqual([]);
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('on the machine: %s', async (_name, path) => {
    const replay = runningReplay();
    for (const { event, state } of path.steps) {
      const before = replay.actor.getSnapshot();
      if (event.type === 'xstate.done.actor.loadTracks') replay.answerLoad(ANSWER);
      else if (event.type === 'xstate.error.actor.loadTracks') replay.failLoad(new Error('The server is unreachable.'));
      else replay.actor.send(event as never);
      await settle();
      const after = replay.actor.getSnapshot();
      expect(serializeState(after), `after ${event.type}`).toBe(serializeState(state as Snapshot));
      // The frame loop runs exactly while playing.
      expect(replay.framesRunning(), `frames after ${event.type}`).toBe(after.hasTag('playing') ? 1 : 0);
      expect(after.context.positionS).toBeGreaterThanOrEqual(0);
      expect(after.context.positionS).toBeLessThanOrEqual(after.context.span.durationS);
      if (event.type === 'replay.tick') {
        const { elapsedMs } = event as { elapsedMs: number };
        const expected = Math.min(DURATION_S, before.context.positionS + (elapsedMs * before.context.speed) / 1000);
        expect(after.context.positionS, 'a tick moves the clock by wall time × speed').toBeCloseTo(expected, 6);
      } else if (
        !event.type.startsWith('replay.seek') &&
        !(event.type === 'replay.play' && after.context.positionS === 0)
      ) {
        expect(after.context.positionS, `${event.type} leaves the clock where it was`).toBe(
          before.matches('loading') ? 0 : before.context.positionS,
        );
      }
    }
    replay.actor.stop();
  });

  it('spans the first position to the last, and plays ten times as far at 10× as at 1× for the same frames', async () => {
    const replay = runningReplay();
    replay.answerLoad(ANSWER);
    await settle();
    expect(replay.actor.getSnapshot().context.span).toEqual({ startMs: Date.parse(FROM), durationS: DURATION_S });
    const played = (speed: 1 | 10) => {
      replay.actor.send({ type: 'replay.seek', positionS: 0 });
      replay.actor.send({ type: 'replay.speed', speed });
      replay.actor.send({ type: 'replay.play' });
      for (let frame = 0; frame < 60; frame++) replay.actor.send({ type: 'replay.tick', elapsedMs: 1000 / 60 });
      replay.actor.send({ type: 'replay.pause' });
      return replay.actor.getSnapshot().context.positionS;
    };
    const atOne = played(1);
    const atTen = played(10);
    expect(atOne).toBeCloseTo(1, 6);
    expect(atTen).toBeCloseTo(10, 6);
    replay.actor.stop();
  });

  it('stops at the end, and plays again from the start', async () => {
    const replay = runningReplay();
    replay.answerLoad(ANSWER);
    await settle();
    replay.actor.send({ type: 'replay.speed', speed: 60 });
    replay.actor.send({ type: 'replay.play' });
    for (let frame = 0; frame < 12; frame++) replay.actor.send({ type: 'replay.tick', elapsedMs: 1000 });
    expect(replay.actor.getSnapshot().matches({ ready: { playback: 'ended' } })).toBe(true);
    expect(replay.actor.getSnapshot().context.positionS).toBe(DURATION_S);
    replay.actor.send({ type: 'replay.play' });
    expect(replay.actor.getSnapshot().matches({ ready: { playback: 'playing' } })).toBe(true);
    expect(replay.actor.getSnapshot().context.positionS).toBe(0);
    replay.actor.stop();
  });
});
