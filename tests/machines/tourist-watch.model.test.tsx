// Model-based: every state and transition of the tourist's watch in the incident drawer (issue 32 point 4),
// replayed on its section: the read (and reading again), the pause dialog, the pause and its refusal, the
// resume and its refusal, the pause's end by itself, and a watch step from the stream. In every state the
// section must show what the statechart says: the watch's sentence, the acts offered, the dialog, the
// server's sentence where it was refused.
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { createActor, SimulatedClock, type Actor } from 'xstate';
import { ApiError } from '../../src/api/client.ts';
import type { WatchPause } from '../../src/api/watch.ts';
import { watchStateSentence } from '../../src/domain/watch-pause.ts';
import { touristWatchMachine } from '../../src/machines/touristWatchMachine.ts';
import { WatchSection } from '../../src/views/incident/TouristWatch.tsx';
import { DeferredActor } from '../views/support/deferred-actor.ts';
import { InEnglish } from '../views/support/in-english.tsx';
import { settle } from '../views/support/render-dashboard.tsx';
import { describeWalk, transitionWalks, uncoveredBy, WALK_TIMEOUT_MS } from './support/transition-walks.ts';

const ZONE = 'Asia/Kolkata';
const HOURS_2 = 2 * 3_600_000;
const REFUSED = 'Invalid request body: until must be in the future.';
const PAUSE: WatchPause = {
  touristId: 't-7',
  until: new Date(Date.now() + HOURS_2).toISOString(),
  reason: 'Checked in at a hotel',
  by: 'omar',
  createdAt: new Date().toISOString(),
};

const done = (id: string, output: unknown) => [{ type: `xstate.done.actor.${id}`, output }];
const failed = (id: string) => [{ type: `xstate.error.actor.${id}`, error: new ApiError(REFUSED, REFUSED, 400) }];

class WatchHarness {
  readonly readPause = new DeferredActor<{ touristId: string }>();
  readonly pause = new DeferredActor<{ touristId: string; until: string; reason: string }>();
  readonly resume = new DeferredActor<{ touristId: string }>();
  readonly clock = new SimulatedClock();
  readonly logic = touristWatchMachine.provide({
    actors: { readPause: this.readPause.logic, pause: this.pause.logic, resume: this.resume.logic } as never,
  });
  actor: Actor<typeof touristWatchMachine> | undefined;

  async render() {
    this.actor = createActor(this.logic, { input: { touristId: 't-7' }, clock: this.clock }).start();
    render(
      <InEnglish>
        <FluentProvider theme={webLightTheme}>
          <WatchSection watch={this.actor} timeZone={ZONE} />
        </FluentProvider>
      </InEnglish>,
    );
    await settle();
  }
}

const model = new WatchHarness().logic;
type Snapshot = ReturnType<typeof model.getInitialSnapshot>;
const walks = transitionWalks(model, {
  inputs: [{ touristId: 't-7' }],
  serializeState: (s) => JSON.stringify([s.value, s.context.pause !== null, s.context.error !== undefined]),
  samples: {
    'xstate.done.actor.readPause': [...done('readPause', null), ...done('readPause', PAUSE)],
    'xstate.error.actor.readPause': failed('readPause'),
    'watch.pause': [{ type: 'watch.pause', until: PAUSE.until, reason: PAUSE.reason }],
    'xstate.done.actor.pause': done('pause', PAUSE),
    'xstate.error.actor.pause': failed('pause'),
    'xstate.done.actor.resume': done('resume', undefined),
    'xstate.error.actor.resume': failed('resume'),
  } as never,
});
console.log(`tourist watch model: ${walks.length} walks cover every state and transition`);
type Step = (typeof walks)[number]['steps'][number];

// Fluent's focus manager can keep the page aria-hidden a moment around a dialog under happy-dom: the queries
// look past it, and the dialog is found by its label (see tests/views/watch-pause.test.tsx).
const section = () => screen.getByRole('region', { name: 'Watch', hidden: true });
const button = (name: string) => screen.queryByRole('button', { name, hidden: true }) as HTMLButtonElement | null;
const dialogNow = () =>
  screen
    .queryAllByRole('dialog', { hidden: true })
    .find((dialog) => dialog.getAttribute('aria-label') === 'Pause watching');

function expectSectionShows(snapshot: Snapshot) {
  const { pause, error } = snapshot.context;
  const loading = snapshot.hasTag('loading');
  const failedRead = snapshot.matches('failed');
  expect(within(section()).queryByText('Reading the watch…') !== null, 'reading').toBe(loading);
  expect(within(section()).queryByText('The watch could not be read.') !== null, 'read failed').toBe(failedRead);
  if (!loading && !failedRead)
    expect(section().querySelector('p')?.textContent).toBe(watchStateSentence(pause, new Date(), ZONE));
  expect(button('Read again') !== null, 'Read again').toBe(failedRead);
  expect(button('Pause watching') !== null, 'Pause watching').toBe(snapshot.can({ type: 'watch.open' }));
  const resume = button('Resume watching') ?? button('Resuming…');
  expect(resume !== null, 'Resume watching').toBe(snapshot.matches('paused') || snapshot.matches('resuming'));
  if (resume) expect(resume.disabled).toBe(snapshot.matches('resuming'));
  expect(section().getAttribute('aria-busy')).toBe(loading || snapshot.hasTag('writing') ? 'true' : null);
  const dialog = dialogNow();
  expect(dialog !== undefined, 'the dialog').toBe(snapshot.hasTag('dialog'));
  if (dialog) expect(within(dialog).queryByText(REFUSED) !== null, 'refusal in the dialog').toBe(error !== undefined);
  else expect(within(section()).queryByText(REFUSED) !== null, 'refusal in the section').toBe(error !== undefined);
}

describe("the tourist's watch in the drawer", () => {
  let harness: WatchHarness;
  afterEach(() => {
    harness?.actor?.stop();
    cleanup();
  });

  it('the walks enter every state and take every transition of the statechart', () => {
    expect(uncoveredBy(model, walks)).toEqual([]);
  });

  it.each(walks.map((walk) => [describeWalk(walk), walk] as const))(
    '%s',
    async (_name, walk) => {
      harness = new WatchHarness();
      await harness.render();
      const user = userEvent.setup();
      expectSectionShows(walk.start);
      const click = async (name: string) => {
        await waitFor(() => expect(button(name)).not.toBeNull());
        await user.click(button(name)!);
      };
      type Answerable = Pick<DeferredActor<unknown>, 'succeed' | 'fail'>;
      const answer =
        (deferred: Answerable, ok: boolean) =>
        ({ event }: Step) => {
          const outcome = event as unknown as { output: unknown; error: Error };
          return ok ? deferred.succeed(outcome.output) : deferred.fail(outcome.error);
        };
      const perform: Record<string, (step: Step) => Promise<unknown> | void> = {
        'watch.open': () => click('Pause watching'),
        'watch.cancel': () => click('Cancel'),
        // The dialog's presets: two hours, "Checked in at a hotel".
        'watch.pause': () => click('Pause'),
        'watch.resume': () => click('Resume watching'),
        'watch.reload': () => click('Read again'),
        'watch.changed': () => harness.actor!.send({ type: 'watch.changed' }),
        'xstate.after.pauseEnds': () => act(async () => harness.clock.increment(HOURS_2 + 1000)),
      };
      for (const [id, deferred] of [
        ['readPause', harness.readPause],
        ['pause', harness.pause],
        ['resume', harness.resume],
      ] as const) {
        perform[`xstate.done.actor.${id}`] = answer(deferred, true);
        perform[`xstate.error.actor.${id}`] = answer(deferred, false);
      }
      for (const step of walk.steps) {
        const type = step.event.type.replace(/^(xstate\.after\.\w+).*/, '$1');
        const performStep = perform[type];
        if (!performStep) throw new Error(`no way to perform ${step.event.type} on the section`);
        await performStep(step);
        await settle();
        await waitFor(() => expectSectionShows(step.state));
      }
      // Each pause asked for two hours from when it was sent, with the preset reason.
      for (const call of harness.pause.calls) {
        expect(call).toMatchObject({ touristId: 't-7', reason: 'Checked in at a hotel' });
        expect(Math.abs(Date.parse(call.until) - Date.now() - HOURS_2)).toBeLessThan(60_000);
      }
      // Read on opening, then once for each watch step, Read again, and end of a pause.
      const reads = walk.steps.filter(({ state }, index) => {
        const before = index === 0 ? walk.start : walk.steps[index - 1]!.state;
        return state.matches('loading') && !before.matches('loading');
      }).length;
      expect(harness.readPause.calls).toHaveLength(1 + reads);
    },
    WALK_TIMEOUT_MS,
  );
});
