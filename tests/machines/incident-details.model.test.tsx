// Model-based: every state and transition of the incident details statechart (issue 11), replayed on the
// drawer's content. Its two regions are walked apart (their product would be a thousand paths): the
// timeline with its live feed while no write is made, and the operator's writes while the timeline
// loads. In every state the drawer must show what the statechart says.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/client.ts';
import type { TimelineEntry } from '../../src/api/responses.ts';
import { incidentDetailsMachine } from '../../src/machines/incidentDetailsMachine.ts';
import { describeEntry } from '../../src/views/incident/IncidentTimeline.tsx';
import { incident } from '../views/support/fake-api.ts';
import { DetailsHarness, factValue, timelineSentences } from '../views/support/incident-details-harness.tsx';
import { settle } from '../views/support/render-dashboard.tsx';
import { describePath, transitionCoverPaths } from './support/transition-paths.ts';

const USER = 'dana';
const START = incident({ id: 'INC-7', regionId: 'shillong', touristId: 't-7' });
const NOTE = 'Called the tourist back';
const REFUSED = 'The incident INC-7 is resolved already.';
const raised: TimelineEntry = { at: '2025-01-02T03:04:05.000Z', actor: 't-7', action: 'raised' };
const noted: TimelineEntry = { at: '2025-01-02T03:06:00.000Z', actor: 'omar', action: 'note', note: 'On my way' };
const written: TimelineEntry = { at: '2025-01-02T03:07:00.000Z', actor: USER, action: 'note', note: NOTE };

const done = (id: string, output: unknown) => [{ type: `xstate.done.actor.${id}`, output }];
const failed = (id: string) => [{ type: `xstate.error.actor.${id}`, error: new ApiError(REFUSED, REFUSED, 409) }];
const none = [] as never[];

const timelineEvents = {
  'xstate.done.actor.details': done('details', { entries: [raised], region: undefined }),
  'xstate.error.actor.details': failed('details'),
  'live.note': [{ type: 'live.note', entry: noted }],
  'live.incident': [{ type: 'live.incident', incident: { ...START, assignee: 'omar' } }],
};
const writeEvents = {
  'details.draft': [{ type: 'details.draft', text: NOTE }, { type: 'details.draft', text: '' }],
  'xstate.done.actor.addNote': done('addNote', written),
  'xstate.error.actor.addNote': failed('addNote'),
  'xstate.done.actor.assign': done('assign', { ...START, assignee: USER }),
  'xstate.error.actor.assign': failed('assign'),
  'xstate.done.actor.unassign': done('unassign', { ...START, assignee: null }),
  'xstate.error.actor.unassign': failed('unassign'),
  'xstate.done.actor.acknowledge': done('acknowledge', { ...START, status: 'acknowledged', acknowledgedBy: USER }),
  'xstate.error.actor.acknowledge': failed('acknowledge'),
  'xstate.done.actor.resolve': done('resolve', { ...START, status: 'resolved', resolvedBy: USER }),
  'xstate.error.actor.resolve': failed('resolve'),
};
const writeTypes = ['details.draft', 'details.note', 'details.assign', 'details.unassign', 'details.acknowledge', 'details.resolve'];
const timelineTypes = ['xstate.done.actor.details', 'xstate.error.actor.details', 'details.reload', 'timeline.refresh', 'live.note', 'live.incident', 'live.reconnected'];
const without = (types: string[]) => Object.fromEntries(types.map((type) => [type, none]));

const model = new DetailsHarness().logic;
const input = { incident: START, user: USER };
// What the guards read joins the state's value: a draft or not, the status, who has it.
const serializeState = (s: ReturnType<typeof model.getInitialSnapshot>) =>
  JSON.stringify([s.value, s.context.draft !== '', s.context.incident.status, s.context.incident.assignee ?? null]);
const pathsOf = (samples: Record<string, unknown>) => transitionCoverPaths(model, { input, serializeState, samples: samples as never });
const cases = [
  ...pathsOf({ ...timelineEvents, ...without(writeTypes) }).map((path) => [`timeline: ${describePath(path)}`, path] as const),
  ...pathsOf({ ...writeEvents, ...without(timelineTypes) }).map((path) => [`writes: ${describePath(path)}`, path] as const),
];
console.log(`incident details model: ${cases.length} paths cover every state and transition`);

type Path = (typeof cases)[number][1];
type Snapshot = Path['state'];
type Step = Path['steps'][number];

const buttonOf = (name: string) => screen.queryByRole('button', { name }) as HTMLButtonElement | null;

function expectDrawerShows(snapshot: Snapshot) {
  const { incident: shown, entries, draft, writeError } = snapshot.context;
  expect(factValue('Status')).toBe(shown.status);
  expect(factValue('Assigned to')).toBe(shown.assignee ?? '—');
  expect(timelineSentences()).toEqual(entries.map(describeEntry));
  expect(screen.queryByText('Loading the timeline…') !== null, 'loading').toBe(snapshot.hasTag('loadingTimeline'));
  expect(screen.queryByText('The timeline could not be loaded.') !== null, 'failed').toBe(snapshot.matches({ timeline: 'failed' }));
  expect((screen.getByLabelText('Note') as HTMLTextAreaElement).value).toBe(draft);
  expect(screen.getByRole('region', { name: 'Actions' }).getAttribute('aria-busy')).toBe(snapshot.hasTag('writing') ? 'true' : null);
  const offered = { 'Assign to me': shown.assignee !== USER, Unassign: Boolean(shown.assignee) };
  for (const [name, present] of Object.entries(offered)) expect(buttonOf(name) !== null, name).toBe(present);
  const enabled: Record<string, boolean> = {
    'Add note': snapshot.can({ type: 'details.note' }),
    'Assign to me': snapshot.can({ type: 'details.assign' }),
    Unassign: snapshot.can({ type: 'details.unassign' }),
    Acknowledge: snapshot.can({ type: 'details.acknowledge' }),
    Resolve: snapshot.can({ type: 'details.resolve' }),
  };
  for (const [name, can] of Object.entries(enabled)) {
    const button = buttonOf(name);
    if (button) expect(button.disabled, `${name} disabled`).toBe(!can);
  }
  const errors = within(screen.getByRole('region', { name: 'Actions' })).queryAllByText(REFUSED);
  expect(errors.length).toBe(writeError ? 1 : 0);
}

describe('the incident details drawer', () => {
  let harness: DetailsHarness;
  afterEach(() => {
    harness?.stop();
    cleanup();
  });

  it.each(cases)('%s', async (_name, path: Path) => {
    harness = new DetailsHarness();
    await harness.render(START, { user: USER });
    const user = userEvent.setup();
    let shown = incidentDetailsMachine.resolveState({ value: { timeline: 'loading', write: 'idle' }, context: { ...harness.actor!.getSnapshot().context } });
    expectDrawerShows(shown);
    expect(harness.loadDetails.calls).toEqual([{ id: 'INC-7', regionId: 'shillong' }]);

    const click = (name: string) => async (step: Step) => {
      // A button the statechart would refuse is disabled or absent: the operator cannot press it.
      const button = buttonOf(name);
      if (button && !button.disabled) await user.click(button);
      else expect(step.state.value).toEqual(shown.value);
    };
    const perform: Record<string, (step: Step) => Promise<unknown> | void> = {
      'details.draft': async ({ event }) => {
        const field = screen.getByLabelText('Note');
        await user.clear(field);
        const { text } = event as { text: string };
        if (text) await user.type(field, text);
      },
      'details.note': click('Add note'),
      'details.assign': click('Assign to me'),
      'details.unassign': click('Unassign'),
      'details.acknowledge': click('Acknowledge'),
      'details.resolve': click('Resolve'),
      'details.reload': () => user.click(screen.getByRole('button', { name: 'Retry' })),
      // The stream reconnected: the drawer reads the timeline again (what a refresh is for).
      'timeline.refresh': () => harness.feed.send({ type: 'live.reconnected' }),
      'live.reconnected': () => harness.feed.send({ type: 'live.reconnected' }),
      'live.note': ({ event }) => harness.feed.send(event as never),
      'live.incident': ({ event }) => harness.feed.send(event as never),
    };
    type Answerable = Pick<DetailsHarness['addNote'], 'succeed' | 'fail'>;
    const answer = (deferred: Answerable, ok: boolean) => ({ event }: Step) => {
      const outcome = event as unknown as { output: unknown; error: Error };
      return ok ? deferred.succeed(outcome.output) : deferred.fail(outcome.error);
    };
    for (const [id, deferred] of [
      ['details', harness.loadDetails], ['addNote', harness.addNote], ['assign', harness.assign], ['unassign', harness.assign],
      ['acknowledge', harness.acknowledge], ['resolve', harness.resolve],
    ] as const) {
      perform[`xstate.done.actor.${id}`] = answer(deferred, true);
      perform[`xstate.error.actor.${id}`] = answer(deferred, false);
    }

    for (const step of path.steps) {
      const act = perform[step.event.type];
      if (!act) throw new Error(`no way to perform ${step.event.type} on the drawer`);
      await act(step);
      await settle();
      expectDrawerShows(step.state);
      shown = step.state;
    }
    // Each write asked for what the drawer showed: the note trimmed, the assignee the signed-in user.
    for (const call of harness.addNote.calls) expect(call).toEqual({ id: 'INC-7', note: NOTE });
    for (const call of harness.assign.calls) expect([USER, null]).toContain(call.assignee);
  });
});
