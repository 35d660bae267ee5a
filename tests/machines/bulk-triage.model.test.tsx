// Model-based: every state and transition of bulk triage (issue 11), replayed on the alerts table with
// three incidents: the row checkboxes and Select all, Acknowledge selected and Resolve selected (with its
// confirmation), the one request each sends and the answer's report. The page must show what the
// statechart says in every state.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BulkAnswer } from '../../src/api/incident-history.ts';
import { inEnglish } from '../../src/i18n/english.ts';
import { bulkTriageMachine, reportOf } from '../../src/machines/bulkTriageMachine.ts';
import { DeferredRoute } from '../views/support/deferred-fetch.ts';
import { FakeApi, incident } from '../views/support/fake-api.ts';
import { renderDashboard, settle } from '../views/support/render-dashboard.tsx';
import { describeWalk, transitionWalks, uncoveredBy, WALK_TIMEOUT_MS } from './support/transition-walks.ts';

vi.mock('../../src/map/MapPanel.tsx', () => import('../views/support/map-stand-in.tsx'));

const IDS = ['INC-1', 'INC-2', 'INC-3'];
const REFUSED = 'ids must hold at most 500 ids';

/** What the server answers for the pending ids: all of them changed, or one refused. */
function answersFor(change: 'acknowledge' | 'resolve') {
  const status = change === 'acknowledge' ? 'acknowledged' : 'resolved';
  return (snapshot: Snapshot) => {
    const { pending } = snapshot.context;
    const all: BulkAnswer = {
      incidents: pending.map((id) => incident({ id, status })),
      changed: pending.length,
      unchanged: [],
      refused: [],
    };
    const [first, ...rest] = pending;
    const oneRefused: BulkAnswer = {
      incidents: rest.map((id) => incident({ id, status })),
      changed: rest.length,
      unchanged: [],
      refused: [{ id: first!, error: `incident ${first} is not known` }],
    };
    return [all, oneRefused].map((output) => ({ type: `xstate.done.actor.${change}` as const, output }));
  };
}
type Snapshot = ReturnType<typeof bulkTriageMachine.getInitialSnapshot>;

// Its answers go to its parent, the dashboard; traversed alone here, they go nowhere.
const model = bulkTriageMachine.provide({ actions: { announceChanges: () => {} } });
const walks = transitionWalks(model, {
  serializeState: (s) =>
    JSON.stringify([s.value, s.context.selected.length, s.context.report !== undefined, s.context.error !== undefined]),
  samples: {
    'selection.toggle': IDS.slice(0, 2).map((id) => ({ type: 'selection.toggle', id })),
    'selection.all': [{ type: 'selection.all', ids: IDS }],
    'bulk.acknowledge': [{ type: 'bulk.acknowledge', shown: IDS }],
    'bulk.resolve': [{ type: 'bulk.resolve', shown: IDS }],
    'xstate.done.actor.acknowledge': answersFor('acknowledge'),
    'xstate.done.actor.resolve': answersFor('resolve'),
    'xstate.error.actor.acknowledge': [{ type: 'xstate.error.actor.acknowledge', error: new Error(REFUSED) }],
    'xstate.error.actor.resolve': [{ type: 'xstate.error.actor.resolve', error: new Error(REFUSED) }],
  } as never,
});
console.log(`bulk triage model: ${walks.length} walks cover every state and transition`);

type Path = (typeof walks)[number];
type Step = Path['steps'][number];

// happy-dom's focus leaves Fluent's focus trap (tabster) believing the confirmation is not the active
// dialog: it stays marked hidden, and after it closes the page may stay so. Chromium has neither (see
// tests/e2e/bulk-triage.browser.test.ts, which reads the same controls by role); here hidden ones count.
const hidden = true;
const button = (name: string) => screen.getByRole('button', { name, hidden }) as HTMLButtonElement;
const confirmation = () => within(screen.getByRole('dialog', { hidden }));
const checkbox = (name: string) => screen.getByRole('checkbox', { name, hidden }) as HTMLInputElement;

async function expectTableShows(snapshot: Snapshot) {
  const { selected, pending, report, error } = snapshot.context;
  for (const id of IDS) expect(checkbox(`Select incident ${id}`).checked, id).toBe(selected.includes(id));
  const all = checkbox('Select all');
  expect(all.checked).toBe(selected.length === IDS.length);
  expect(all.indeterminate).toBe(selected.length > 0 && selected.length < IDS.length);
  const acting = snapshot.hasTag('acting');
  expect(screen.getByText(acting ? 'Working…' : `${selected.length} selected`)).toBeTruthy();
  for (const name of ['Acknowledge selected', 'Resolve selected'])
    expect(button(name).disabled, name).toBe(acting || selected.length === 0);
  const confirming = snapshot.matches('confirmingResolve');
  const title = `Resolve ${pending.length} ${pending.length === 1 ? 'incident' : 'incidents'}?`;
  // A closing dialog plays its exit motion before it leaves the page.
  const asking = () =>
    screen.queryAllByRole('dialog', { hidden }).some((dialog) => dialog.textContent?.startsWith(title));
  await waitFor(() => expect(asking(), 'confirmation').toBe(confirming), { timeout: 5_000 });
  expect(screen.queryByRole('status', { name: 'Bulk triage result', hidden })?.textContent).toBe(
    report && inEnglish(report.id, report.values),
  );
  expect(screen.queryByText(REFUSED) !== null, 'error').toBe(error !== undefined);
}

describe('bulk triage on the alerts table', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('the walks enter every state and take every transition of the statechart', () => {
    expect(uncoveredBy(model, walks)).toEqual([]);
  });

  it.each(walks.map((walk) => [describeWalk(walk), walk] as const))(
    '%s',
    async (_name, path) => {
      const api = new FakeApi();
      api.incidents = IDS.map((id) => incident({ id }));
      const requests = {
        acknowledge: new DeferredRoute(api, '/incidents/acknowledge#post'),
        resolve: new DeferredRoute(api, '/incidents/resolve#post'),
      };
      await renderDashboard({ api });
      const user = userEvent.setup();
      await screen.findByRole('row', { name: /INC-3/, hidden });
      let shown = bulkTriageMachine.getInitialSnapshot({} as never) as Snapshot;
      await expectTableShows(shown);

      const perform: Record<string, (step: Step) => Promise<unknown> | void> = {
        'selection.toggle': ({ event }) => user.click(checkbox(`Select incident ${(event as { id: string }).id}`)),
        // Select all when not every row is selected; a click on a full Select all clears them.
        'selection.all': () => user.click(checkbox('Select all')),
        'selection.none': () => user.click(checkbox('Select all')),
        'bulk.acknowledge': () => user.click(button('Acknowledge selected')),
        'bulk.resolve': () => user.click(button('Resolve selected')),
        'bulk.confirm': () => user.click(confirmation().getByRole('button', { name: /^Resolve \d+$/, hidden })),
        'bulk.cancel': () => user.click(confirmation().getByRole('button', { name: 'Cancel', hidden })),
      };
      for (const change of ['acknowledge', 'resolve'] as const) {
        perform[`xstate.done.actor.${change}`] = ({ event }) =>
          requests[change].succeed((event as unknown as { output: BulkAnswer }).output);
        perform[`xstate.error.actor.${change}`] = () => requests[change].fail(REFUSED);
      }

      for (const step of path.steps) {
        const { type } = step.event;
        // The page has one checkbox for "select all" and "select none": a step it cannot take as such is
        // taken the way an operator would (nothing to do, or unticking the rows one by one).
        const { selected } = shown.context;
        if (type === 'selection.all' && selected.length === IDS.length) {
          await expectTableShows(step.state);
          continue;
        }
        if (type === 'selection.none' && selected.length < IDS.length) {
          for (const id of selected) await user.click(checkbox(`Select incident ${id}`));
          await settle();
          await expectTableShows(step.state);
          shown = step.state;
          continue;
        }
        const act = perform[type];
        if (!act) throw new Error(`no way to perform ${type} on the table`);
        await act(step);
        await settle();
        if (type === 'bulk.confirm' || type === 'bulk.acknowledge') {
          // One request for all of them, naming exactly the selected rows.
          const change = type === 'bulk.confirm' ? 'resolve' : 'acknowledge';
          const sent = api.callsTo(`/incidents/${change}`, 'POST').at(-1)?.body as { ids: string[] } | undefined;
          if (step.state.hasTag('acting')) expect(sent?.ids).toEqual(step.state.context.pending);
        }
        await expectTableShows(step.state);
        if (type.startsWith('xstate.done.actor.'))
          expect(step.state.context.report).toEqual(
            reportOf(
              type.endsWith('acknowledge') ? 'acknowledge' : 'resolve',
              (step.event as unknown as { output: BulkAnswer }).output,
            ),
          );
        shown = step.state;
      }
    },
    WALK_TIMEOUT_MS,
  );
});
