// Model-based: every state and transition of the incident details statechart (issue 11), replayed on the
// drawer's content. Its two regions are walked apart (their product would be a thousand paths): the
// timeline and the contacts with the live feed while no write is made, and the operator's writes while the
// timeline loads. In every state the drawer must show what the statechart says and the record it is handed
// (the dashboard's one record of the incident), and the timeline is read only on opening and after a
// reconnection: a write or a change of the incident costs no read. An operator's drawer also holds the
// tourist's watch (its own statechart, walked in tourist-watch.model.test.tsx): here, that it is there exactly
// for them, read once on opening and again after a reconnection or a watch step, and that a reconnection leaves a
// write under way alone.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ApiError } from '../../src/api/client.ts';
import type { Incident, Region } from '../../src/api/entities.ts';
import type { TimelineEntry } from '../../src/api/responses.ts';
import { describeEntry } from '../../src/views/incident/IncidentTimeline.tsx';
import { incident } from '../views/support/fake-api.ts';
import { DetailsHarness, factValue, timelineSentences } from '../views/support/incident-details-harness.tsx';
import { settle } from '../views/support/render-dashboard.tsx';
import { describeWalk, transitionWalks, uncoveredBy, WALK_TIMEOUT_MS } from './support/transition-walks.ts';
import { DEFAULT_CLOCK } from '../../src/i18n/clock.ts';
import { inEnglish } from '../../src/i18n/english.ts';

const USER = 'dana';
const START = incident({ id: 'INC-7', regionId: 'shillong', touristId: 't-7' });
const NOTE = 'Called the tourist back';
const REFUSED = 'The incident INC-7 is resolved already.';
const REGION: Region = {
  id: 'shillong',
  name: 'Shillong',
  center: [25.57, 91.89],
  timeZone: 'Asia/Kolkata',
  contacts: [{ label: 'Police', phone: '100', kind: 'police' }],
  homeView: { center: [25.57, 91.89], zoom: 13 },
  boundary: null,
  updatedAt: '2025-01-02T03:04:05.000Z',
};
const raised: TimelineEntry = { at: '2025-01-02T03:04:05.000Z', actor: 't-7', action: 'raised' };
const noted: TimelineEntry = { at: '2025-01-02T03:06:00.000Z', actor: 'omar', action: 'note', note: 'On my way' };
// A pause set by another operator: the watch reads the pause again.
const paused: TimelineEntry = {
  at: '2025-01-02T03:05:00.000Z',
  actor: 'omar',
  action: 'watch_paused',
  note: 'until 2025-01-02T09:00:00.000Z: Hotel',
};
// The step an incident_update carries (another operator acknowledged it).
const acknowledged: TimelineEntry = { at: '2025-01-02T03:06:30.000Z', actor: 'omar', action: 'acknowledged' };
const written: TimelineEntry = { at: '2025-01-02T03:07:00.000Z', actor: USER, action: 'note', note: NOTE };

const done = (id: string, output: unknown) => [{ type: `xstate.done.actor.${id}`, output }];
const failed = (id: string) => [{ type: `xstate.error.actor.${id}`, error: new ApiError(REFUSED, REFUSED, 409) }];
const none = [] as never[];
type Snapshot = ReturnType<typeof model.getInitialSnapshot>;

const timelineEvents = {
  'xstate.done.actor.timeline': done('timeline', [raised]),
  'xstate.error.actor.timeline': failed('timeline'),
  // The contacts are read once: their answer comes only while none has come yet.
  'xstate.done.actor.contacts': (s: Snapshot) => (s.context.region ? none : done('contacts', REGION)),
  'live.entry': [
    { type: 'live.entry', entry: noted },
    { type: 'live.entry', entry: acknowledged },
    { type: 'live.entry', entry: paused },
  ],
  // The Responders child's dispatch left the incident with its first dispatch time: the page's record follows.
  'responders.incident': [
    { type: 'responders.incident', incident: { ...START, dispatchedAt: '2025-01-02T03:08:00.000Z' } },
  ],
};
// Each act carries what the page's record holds: one sample the guard takes, one it refuses.
const writeEvents = {
  'details.draft': [
    { type: 'details.draft', text: NOTE },
    { type: 'details.draft', text: '' },
  ],
  'details.assign': [
    { type: 'details.assign', assignee: null },
    { type: 'details.assign', assignee: USER },
  ],
  'details.unassign': [
    { type: 'details.unassign', assignee: 'omar' },
    { type: 'details.unassign', assignee: null },
  ],
  'details.acknowledge': [
    { type: 'details.acknowledge', status: 'open' },
    { type: 'details.acknowledge', status: 'resolved' },
  ],
  'details.resolve': [
    { type: 'details.resolve', status: 'open' },
    { type: 'details.resolve', status: 'resolved' },
  ],
  'xstate.done.actor.addNote': done('addNote', written),
  'xstate.error.actor.addNote': failed('addNote'),
  'xstate.done.actor.assign': done('assign', { ...START, assignee: USER }),
  'xstate.error.actor.assign': failed('assign'),
  'xstate.done.actor.acknowledge': done('acknowledge', { ...START, status: 'acknowledged', acknowledgedBy: USER }),
  'xstate.error.actor.acknowledge': failed('acknowledge'),
  'xstate.done.actor.resolve': done('resolve', { ...START, status: 'resolved', resolvedBy: USER }),
  'xstate.error.actor.resolve': failed('resolve'),
};
const without = (types: string[]) => Object.fromEntries(types.map((type) => [type, none]));

const model = new DetailsHarness().logic;
// A viewer's drawer (no watch) and an operator's (the watch child).
const inputs = [
  { incident: START, user: USER },
  { incident: START, user: USER, mayPause: true },
];
// What the guards read from the context joins the state's value: a draft or not, the contacts or not.
const serializeState = (s: Snapshot) =>
  JSON.stringify([s.value, s.context.draft !== '', s.context.region !== undefined]);
type Input = (typeof inputs)[number];
const walksOf = (samples: Record<string, unknown>) =>
  transitionWalks(model, { inputs, serializeState, samples: samples as never });
const walks = [
  ...walksOf({ ...timelineEvents, ...without(Object.keys(writeEvents)) }),
  ...walksOf({ ...writeEvents, ...without([...Object.keys(timelineEvents), 'details.reload', 'live.reconnected']) }),
];
console.log(`incident details model: ${walks.length} walks cover every state and transition`);

type Step = (typeof walks)[number]['steps'][number];

const buttonOf = (name: string) => screen.queryByRole('button', { name }) as HTMLButtonElement | null;

function expectDrawerShows(snapshot: Snapshot, record: Incident) {
  const { entries, draft, writeError, region } = snapshot.context;
  expect(factValue('Status')).toBe(record.status);
  expect(factValue('Assigned to')).toBe(record.assignee ?? '—');
  expect(factValue('Contacts')).toBe(region ? 'Police: 100' : '—');
  expect(timelineSentences()).toEqual(entries.map((entry) => describeEntry(entry, DEFAULT_CLOCK, inEnglish)));
  expect(screen.queryByText('Loading the timeline…') !== null, 'loading').toBe(snapshot.hasTag('loadingTimeline'));
  expect(screen.queryByText('The timeline could not be loaded.') !== null, 'failed').toBe(
    snapshot.matches({ timeline: 'failed' }),
  );
  expect((screen.getByLabelText('Note') as HTMLTextAreaElement).value).toBe(draft);
  expect(screen.getByRole('region', { name: 'Actions' }).getAttribute('aria-busy')).toBe(
    snapshot.hasTag('writing') ? 'true' : null,
  );
  const assignee = record.assignee ?? null;
  const offered = { 'Assign to me': assignee !== USER, Unassign: assignee !== null };
  for (const [name, present] of Object.entries(offered)) expect(buttonOf(name) !== null, name).toBe(present);
  const enabled: Record<string, boolean> = {
    'Add note': snapshot.can({ type: 'details.note' }),
    'Assign to me': snapshot.can({ type: 'details.assign', assignee }),
    Unassign: snapshot.can({ type: 'details.unassign', assignee }),
    Acknowledge: snapshot.can({ type: 'details.acknowledge', status: record.status }),
    Resolve: snapshot.can({ type: 'details.resolve', status: record.status }),
  };
  for (const [name, can] of Object.entries(enabled)) {
    const button = buttonOf(name);
    // Disabled but still focusable (aria-disabled), so that a keyboard user's place is kept after a write.
    if (button) expect(button.getAttribute('aria-disabled') === 'true', `${name} disabled`).toBe(!can);
  }
  const errors = within(screen.getByRole('region', { name: 'Actions' })).queryAllByText(REFUSED);
  expect(errors.length).toBe(writeError ? 1 : 0);
  const watch = screen.queryByRole('region', { name: 'Watch', hidden: true });
  expect(watch !== null, 'the watch').toBe(snapshot.matches({ watch: 'shown' }));
  // Its read is never answered here: it shows that it is reading.
  if (watch) expect(within(watch).getByText('Reading the watch…')).toBeTruthy();
}

describe('the incident details drawer', () => {
  let harness: DetailsHarness;
  afterEach(() => {
    harness?.stop();
    cleanup();
  });

  it('the walks enter every state and take every transition of the statechart', () => {
    expect(uncoveredBy(model, walks)).toEqual([]);
  });

  it('a reconnection reads the timeline again and leaves a write under way, and the watch, alone', async () => {
    harness = new DetailsHarness();
    await harness.render(START, { user: USER, mayPause: true });
    const watch = harness.actor!.getSnapshot().children.watch;
    harness.actor!.send({ type: 'details.draft', text: NOTE });
    harness.actor!.send({ type: 'details.note' });
    harness.feed.send({ type: 'live.reconnected' });
    await settle();
    expect(harness.actor!.getSnapshot().matches({ write: 'noting', timeline: 'loading' })).toBe(true);
    expect(harness.loadTimeline.calls).toHaveLength(2);
    expect(harness.actor!.getSnapshot().children.watch).toBe(watch);
    harness.addNote.succeed(written);
    await settle();
    expect(timelineSentences()).toContain(describeEntry(written, DEFAULT_CLOCK, inEnglish));
  });

  it.each(walks.map((walk) => [describeWalk(walk), walk] as const))(
    '%s',
    async (_name, walk) => {
      harness = new DetailsHarness();
      const { mayPause } = walk.input as Input;
      await harness.render(START, { user: USER, mayPause });
      const user = userEvent.setup();
      let shown = walk.start;
      expectDrawerShows(shown, harness.record!);
      expect(harness.loadTimeline.calls).toEqual([{ id: 'INC-7' }]);
      expect(harness.loadContacts.calls).toEqual([{ regionId: 'shillong' }]);

      /** The page's record changes to what the act carries (as the stream, a bulk action or a reload would
       * change it); then the operator presses the button, unless the statechart would refuse it. */
      const press =
        (name: string) =>
        async ({ event, state }: Step) => {
          const carried = event as { status?: Incident['status']; assignee?: string | null };
          if (carried.status) harness.show({ ...harness.record!, status: carried.status });
          if (carried.assignee !== undefined) harness.show({ ...harness.record!, assignee: carried.assignee });
          await settle();
          const button = buttonOf(name);
          if (button && !button.disabled) await user.click(button);
          else expect(state.value).toEqual(shown.value);
        };
      const perform: Record<string, (step: Step) => Promise<unknown> | void> = {
        'details.draft': async ({ event }) => {
          const field = screen.getByLabelText('Note');
          await user.clear(field);
          const { text } = event as { text: string };
          if (text) await user.type(field, text);
        },
        'details.note': press('Add note'),
        'details.assign': press('Assign to me'),
        'details.unassign': press('Unassign'),
        'details.acknowledge': press('Acknowledge'),
        'details.resolve': press('Resolve'),
        'details.reload': () => user.click(screen.getByRole('button', { name: 'Retry' })),
        'live.reconnected': () => harness.feed.send({ type: 'live.reconnected' }),
        'live.entry': ({ event }) => harness.feed.send(event as never),
        // What the drawer's own responders child tells it.
        'responders.incident': ({ event }) => harness.actor!.send(event as never),
      };
      type Answerable = Pick<DetailsHarness['addNote'], 'succeed' | 'fail'>;
      const answer =
        (deferred: Answerable, ok: boolean) =>
        ({ event }: Step) => {
          const outcome = event as unknown as { output: unknown; error: Error };
          return ok ? deferred.succeed(outcome.output) : deferred.fail(outcome.error);
        };
      for (const [id, deferred] of [
        ['timeline', harness.loadTimeline],
        ['contacts', harness.loadContacts],
        ['addNote', harness.addNote],
        ['assign', harness.assign],
        ['acknowledge', harness.acknowledge],
        ['resolve', harness.resolve],
      ] as const) {
        perform[`xstate.done.actor.${id}`] = answer(deferred, true);
        perform[`xstate.error.actor.${id}`] = answer(deferred, false);
      }

      for (const step of walk.steps) {
        const act = perform[step.event.type];
        if (!act) throw new Error(`no way to perform ${step.event.type} on the drawer`);
        await act(step);
        await settle();
        expectDrawerShows(step.state, harness.record!);
        shown = step.state;
      }
      // Each write asked for what the drawer showed: the note trimmed, the assignee the signed-in user.
      for (const call of harness.addNote.calls) expect(call).toEqual({ id: 'INC-7', note: NOTE });
      for (const call of harness.assign.calls) expect([USER, null]).toContain(call.assignee);
      // Read once on opening, again only after a reconnection or a Retry; the contacts once.
      const rereads = walk.steps.filter(
        ({ event }) => event.type === 'live.reconnected' || event.type === 'details.reload',
      ).length;
      expect(harness.loadTimeline.calls).toHaveLength(1 + rereads);
      expect(harness.loadContacts.calls).toHaveLength(1);
      // The watch: read on opening, for an operator only; then again only when the read on its way is done, so
      // never here (its answer never comes): a reconnection restarts neither it nor a write.
      expect(harness.readPause.calls).toEqual(mayPause ? [{ touristId: 't-7' }] : []);
    },
    WALK_TIMEOUT_MS,
  );
});
