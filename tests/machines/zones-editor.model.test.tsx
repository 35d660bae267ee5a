// Model-based: every transition of the Zones view's editor (issue 31). First on the statechart itself: the
// graph's paths (@xstate/graph) replayed on a running actor whose requests the test answers. Then on the view:
// walks replayed in the dashboard's Zones view, drawing and reshaping through a stand-in for the WebGL map, the
// rest clicked and typed as a supervisor would (the list, the tools, the zone's form, the delete dialog, the
// import panel), the requests answered by the test. In every state the view must show what the statechart says.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { ApiError } from '../../src/api/client.ts';
import type { Geofence } from '../../src/api/entities.ts';
import { ZoneConflict, ZoneImportRefused, type ZoneFile } from '../../src/api/zones-client.ts';
import type { ZoneImportResponse } from '../../src/api/zones.ts';
import { zonesEditorMachine } from '../../src/machines/zonesEditorMachine.ts';
import { FakeApi } from '../views/support/fake-api.ts';
import { renderDashboard } from '../views/support/render-dashboard.tsx';
import { DRAWN_OUTLINE, RESHAPED_OUTLINE } from '../views/support/zones-map-stand-in.tsx';
import { replayWalk, type Performers } from './support/replay-walk.ts';
import { describeWalk, transitionWalks, uncoveredBy, WALK_TIMEOUT_MS } from './support/transition-walks.ts';
import { transitionCoverPaths, describePath } from './support/transition-paths.ts';

vi.mock('../../src/map/MapPanel.tsx', () => import('../views/support/map-stand-in.tsx'));
vi.mock('../../src/map/zones/ZonesMap.tsx', () => import('../views/support/zones-map-stand-in.tsx'));

// The editor's requests, answered by the test: the view creates the statechart itself, so its module is swapped.
const requests = await vi.hoisted(async () => {
  const { DeferredActor } = await import('../views/support/deferred-actor.ts');
  return {
    saves: new DeferredActor<unknown>(),
    deletes: new DeferredActor<unknown>(),
    previews: new DeferredActor<unknown>(),
    applies: new DeferredActor<unknown>(),
  };
});
vi.mock('../../src/machines/zonesEditorMachine.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../src/machines/zonesEditorMachine.ts')>();
  const actors = {
    saveDraft: requests.saves.logic,
    deleteZone: requests.deletes.logic,
    previewImport: requests.previews.logic,
    applyImport: requests.applies.logic,
  };
  return { ...original, zonesEditorMachine: original.zonesEditorMachine.provide({ actors: actors as never }) };
});

const ZONE: Geofence = {
  id: 'market-square',
  name: 'Market square',
  riskLevel: 'yellow',
  regionId: 'default',
  version: 3,
  meta: {},
  polygon: [
    [25.5748, 91.8893],
    [25.5748, 91.8973],
    [25.5828, 91.8973],
    [25.5828, 91.8893],
  ],
};
const NEW_NAME = 'Ghat steps';
const NEW_ZONE: Geofence = {
  id: 'ghat-steps',
  name: NEW_NAME,
  riskLevel: 'yellow',
  regionId: 'default',
  version: 1,
  meta: {},
  polygon: DRAWN_OUTLINE.polygon,
};
const CONFLICT = 'Zone "Market square" was changed by dana at 10:02 (version 4); reload their version before saving.';
const REFUSED = 'polygon crosses itself: the edge from point 1 to point 2 meets the edge from point 3 to point 4.';
const FILE: ZoneFile = {
  name: 'zones.geojson',
  format: 'geojson',
  content: '{"type":"FeatureCollection","features":[]}',
};
const NOT_A_ZONE_FILE = 'notes.txt is neither GeoJSON nor KML.';
const preview = (refused: number): ZoneImportResponse => ({
  ok: true,
  dryRun: true,
  counts: { new: 1, change: 0, unchanged: 0, refused },
  features: [
    { index: 0, id: 'lake', name: 'Lake', action: 'new', errors: [] },
    ...(refused
      ? [
          {
            index: 1,
            id: null,
            name: 'Bad',
            action: 'refused' as const,
            errors: [{ field: 'riskLevel', message: 'riskLevel must be red, yellow or green.' }],
          },
        ]
      : []),
  ],
});
const INPUT = { mayEdit: true, regionId: 'default' };

type ModelSnapshot = ReturnType<typeof zonesEditorMachine.getInitialSnapshot>;
const browsing = (s: ModelSnapshot) => s.matches('browsing');
const onSelected =
  <E,>(event: E) =>
  (s: ModelSnapshot) =>
    browsing(s) && s.context.selectedId === ZONE.id ? [event] : [];

const idle = fromPromise(() => new Promise<never>(() => {}));
const model = zonesEditorMachine.provide({
  actors: { saveDraft: idle, deleteZone: idle, previewImport: idle, applyImport: idle } as never,
});
const samples = {
  // The filters are shown beside the list, which a draft or an import replaces.
  'zones.filter': (s: ModelSnapshot) =>
    browsing(s) || s.matches('drawing') ? [{ type: 'zones.filter', risk: 'yellow' }] : [],
  'zones.select': [{ type: 'zones.select', id: ZONE.id }],
  'zones.deselect': (s: ModelSnapshot) => (s.context.selectedId ? [{ type: 'zones.deselect' }] : []),
  // The tool of the shape being drawn cancels it; another shape starts again.
  'zones.draw': (s: ModelSnapshot) => [
    { type: 'zones.draw', shape: s.matches('drawing') && s.context.shape === 'polygon' ? 'rectangle' : 'polygon' },
  ],
  'zones.drawn': [{ type: 'zones.drawn', outline: DRAWN_OUTLINE }],
  'zones.edit': onSelected({ type: 'zones.edit', zone: ZONE }),
  'zones.delete': onSelected({ type: 'zones.delete', zone: ZONE }),
  'draft.reshape': [{ type: 'draft.reshape', outline: RESHAPED_OUTLINE }],
  'draft.fields': [{ type: 'draft.fields', name: NEW_NAME }],
  'import.file': [{ type: 'import.file', file: FILE }],
  'import.refuse': [{ type: 'import.refuse', error: NOT_A_ZONE_FILE }],
  // Cancel waits while an import is applied.
  'import.cancel': (s: ModelSnapshot) => (s.matches({ importing: 'applying' }) ? [] : [{ type: 'import.cancel' }]),
  // The stored zone answered as it is (a new one with its id), so the list keeps the zone the walks edit.
  'xstate.done.actor.saveDraft': (s: ModelSnapshot) => [
    { type: 'xstate.done.actor.saveDraft', output: s.context.draft?.id ? ZONE : NEW_ZONE },
  ],
  'xstate.error.actor.saveDraft': [
    { type: 'xstate.error.actor.saveDraft', error: new ZoneConflict(CONFLICT, ZONE) },
    { type: 'xstate.error.actor.saveDraft', error: new ApiError(REFUSED, REFUSED, 400) },
  ],
  // Answered with another zone's id: the walks' one zone stays listed for the steps after.
  'xstate.done.actor.deleteZone': [{ type: 'xstate.done.actor.deleteZone', output: 'zone-deleted-elsewhere' }],
  'xstate.error.actor.deleteZone': [
    { type: 'xstate.error.actor.deleteZone', error: new ZoneConflict(CONFLICT, ZONE) },
    { type: 'xstate.error.actor.deleteZone', error: new ApiError(REFUSED, REFUSED, 400) },
  ],
  'xstate.done.actor.previewImport': [
    { type: 'xstate.done.actor.previewImport', output: preview(0) },
    { type: 'xstate.done.actor.previewImport', output: preview(1) },
  ],
  'xstate.error.actor.previewImport': [
    { type: 'xstate.error.actor.previewImport', error: new ZoneImportRefused(NOT_A_ZONE_FILE, 400, undefined) },
  ],
  'xstate.done.actor.applyImport': [
    { type: 'xstate.done.actor.applyImport', output: { ...preview(0), dryRun: false } },
  ],
  'xstate.error.actor.applyImport': [
    {
      type: 'xstate.error.actor.applyImport',
      error: new ZoneImportRefused('Nothing was stored: feature 2 is refused.', 400, preview(1)),
    },
  ],
} as never;

/** What the view tells apart; the draft's undo and redo stacks grow, so only whether they hold anything counts. */
function serializeState(s: ModelSnapshot): string {
  const { draft, selectedId, shape, writeError, conflict, importPreview, importError } = s.context;
  return JSON.stringify([
    s.value,
    browsing(s) ? (selectedId ?? '') : '',
    s.matches('drawing') ? shape : '',
    draft
      ? [draft.id ?? 'new', draft.name, draft.outline.polygon.length, draft.past.length > 0, draft.future.length > 0]
      : null,
    Boolean(writeError),
    Boolean(conflict),
    importPreview?.counts.refused ?? -1,
    Boolean(importError),
  ]);
}

const paths = transitionCoverPaths(model, { input: INPUT, samples, serializeState });
const walks = transitionWalks(model, { inputs: [INPUT], samples, serializeState });
console.log(
  `zones editor model: ${paths.length} graph paths and ${walks.length} walks cover every state and transition`,
);

type Walk = (typeof walks)[number];
type Snapshot = Walk['state'];
type Step = Walk['steps'][number];
const outputOf = (event: Step['event']) => (event as unknown as { output: unknown }).output;
const errorOf = (event: Step['event']) => (event as unknown as { error: Error }).error;

/** Answers the request the step's actor result stands for. */
const answer = (event: Step['event']) => {
  const [, kind, , actor] = event.type.split('.');
  const deferred = {
    saveDraft: requests.saves,
    deleteZone: requests.deletes,
    previewImport: requests.previews,
    applyImport: requests.applies,
  }[actor];
  if (!deferred) throw new Error(`no request stands for ${event.type}`);
  if (kind === 'done') deferred.succeed(outputOf(event));
  else deferred.fail(errorOf(event));
};
const isActorResult = (type: string) => type.startsWith('xstate.done.actor.') || type.startsWith('xstate.error.actor.');

describe('the zones editor statechart', () => {
  it("the graph's paths enter every state and take every transition", () => {
    const asWalks = paths.map((path) => ({
      input: INPUT,
      start: model.getInitialSnapshot({} as never, INPUT as never),
      steps: path.steps,
      state: path.state,
    }));
    expect(uncoveredBy(model, asWalks as never)).toEqual([]);
  });

  it.each(paths.map((path) => [describePath(path), path] as const))('on the machine: %s', async (_name, path) => {
    const actor = createActor(zonesEditorMachine, { input: INPUT }).start();
    for (const { event, state } of path.steps) {
      if (isActorResult(event.type)) answer(event as Step['event']);
      else actor.send(event as never);
      await Promise.resolve();
      await new Promise((resolve) => setTimeout(resolve, 0));
      expect(serializeState(actor.getSnapshot()), `after ${event.type}`).toBe(serializeState(state as ModelSnapshot));
    }
    actor.stop();
  });
});

function expectViewShows(s: Snapshot) {
  const { draft, conflict, writeError, selectedId } = s.context;
  const view = within(screen.getByRole('region', { name: 'Zones', hidden: true }));
  const map = screen.getByTestId('zones-map');
  expect(map.dataset.drawShape, 'shape drawn on the map').toBe(s.matches('drawing') ? s.context.shape : '');
  expect(map.dataset.draftVertices, 'outline edited on the map').toBe(
    draft ? String(draft.outline.polygon.length) : '',
  );
  expect(view.queryByRole('status', { name: 'Drawing', hidden: true }) !== null, 'drawing hint').toBe(
    s.matches('drawing'),
  );

  const form = view.queryByRole('form', { name: 'Zone', hidden: true });
  expect(form !== null, 'zone form').toBe(draft !== undefined);
  if (form && draft) {
    const inForm = within(form);
    expect((inForm.getByLabelText(/^Name/) as HTMLInputElement).value).toBe(draft.name);
    const button = (name: RegExp | string) => inForm.getByRole('button', { name, hidden: true }) as HTMLButtonElement;
    expect(button('Undo').disabled, 'Undo offered').toBe(!s.can({ type: 'draft.undo' }));
    expect(button('Redo').disabled, 'Redo offered').toBe(!s.can({ type: 'draft.redo' }));
    expect(button(/^(Save zone|Saving…)$/).textContent).toBe(s.matches('saving') ? 'Saving…' : 'Save zone');
    expect(button(/^(Save zone|Saving…)$/).disabled, 'Save offered').toBe(!s.can({ type: 'draft.save' }));
  }
  const alerts = view.queryAllByRole('alert', { hidden: true }).map((alert) => alert.textContent);
  const expected = [
    ...(draft && conflict ? [`${conflict.sentence}Load their version`] : []),
    ...(draft && writeError ? [writeError] : []),
    ...(s.matches('importing') && s.context.importError ? [s.context.importError] : []),
    ...(browsing(s) && writeError ? [writeError] : []),
    ...(!draft && conflict ? [`${conflict.sentence}Load their versionClose`] : []),
  ];
  expect(alerts).toEqual(expected);

  const dialog = screen.queryByRole('dialog', { hidden: true });
  expect(dialog !== null, 'delete dialog').toBe(s.matches('confirmingDelete') || s.matches('deleting'));
  if (dialog)
    expect(within(dialog).getByRole('button', { name: /^(Delete|Deleting…)$/, hidden: true }).textContent).toBe(
      s.matches('deleting') ? 'Deleting…' : 'Delete',
    );

  const panel = view.queryByRole('region', { name: 'Import zones', hidden: true });
  expect(panel !== null, 'import panel').toBe(s.matches('importing'));
  if (panel) {
    const inPanel = within(panel);
    expect(inPanel.queryByText(/^Checking /) !== null, 'checking').toBe(s.matches({ importing: 'checking' }));
    const summary = inPanel.queryByRole('status', { name: 'Import summary', hidden: true })?.textContent;
    const counts = s.context.importPreview?.counts;
    expect(summary).toBe(
      counts && `${counts.new} new, ${counts.change} changed, ${counts.unchanged} unchanged, ${counts.refused} refused`,
    );
    const apply = inPanel.getByRole('button', {
      name: /^(Apply import|Applying…)$/,
      hidden: true,
    }) as HTMLButtonElement;
    expect(apply.textContent).toBe(s.matches({ importing: 'applying' }) ? 'Applying…' : 'Apply import');
    expect(apply.disabled, 'Apply offered').toBe(!s.can({ type: 'import.apply' }));
  }

  const tool = (name: string) => (view.getByRole('button', { name, hidden: true }) as HTMLButtonElement).disabled;
  expect(tool('Draw polygon'), 'drawing offered').toBe(!browsing(s) && !s.matches('drawing'));
  expect(tool('Import'), 'import offered').toBe(!browsing(s));
  // A zone saved by a walk may be listed or not (an import reloads the list): the walks' own zone always is.
  if (selectedId === undefined || selectedId === ZONE.id) {
    const listed = !draft && !s.matches('importing');
    const selected = listed
      ? view.getAllByRole('row', { hidden: true }).filter((row) => row.getAttribute('aria-selected') === 'true')
      : [];
    expect(selected.map((row) => within(row).getAllByRole('cell', { hidden: true })[0].textContent)).toEqual(
      listed && selectedId ? [ZONE.name] : [],
    );
    expect(tool('Edit zone'), 'Edit zone offered').toBe(!(browsing(s) && selectedId === ZONE.id));
  }
}

describe('the Zones view', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('the walks enter every state and take every transition of the statechart', () => {
    expect(uncoveredBy(model, walks)).toEqual([]);
  });

  it.each(walks.map((walk) => [describeWalk(walk), walk] as const))(
    '%s',
    async (_name, walk) => {
      const api = new FakeApi();
      api.data['/geofences'] = { geofences: [ZONE] };
      await renderDashboard({ api });
      // A file of any kind, as a picker set to "All files" gives it.
      const user = userEvent.setup({ applyAccept: false });
      await user.click(
        within(screen.getByRole('navigation', { name: 'Main menu' })).getByRole('button', { name: 'Zones' }),
      );
      await screen.findByTestId('zones-map', {}, { timeout: 5_000 });
      await screen.findByRole('row', { name: new RegExp(ZONE.name) }, { timeout: 5_000 });
      expectViewShows(walk.start);

      const view = () => within(screen.getByRole('region', { name: 'Zones', hidden: true }));
      const form = () => within(view().getByRole('form', { name: 'Zone', hidden: true }));
      const dialog = () => within(screen.getByRole('dialog', { hidden: true }));
      const panel = () => within(view().getByRole('region', { name: 'Import zones', hidden: true }));
      const click = (scope: ReturnType<typeof view>, name: string | RegExp) =>
        user.click(scope.getByRole('button', { name, hidden: true }));
      const dialogGone = () => waitFor(() => expect(screen.queryByRole('dialog', { hidden: true })).toBeNull());
      const upload = (name: string, content: string) =>
        user.upload(
          panel().getByLabelText('Zone file (GeoJSON or KML, at most 5 MB)'),
          new File([content], name, { type: 'application/octet-stream' }),
        );

      const perform: Performers<Step> = {
        'zones.filter': () => user.selectOptions(view().getByLabelText('Risk'), 'yellow'),
        'zones.select': () => user.click(view().getByRole('row', { name: new RegExp(ZONE.name), hidden: true })),
        'zones.deselect': () => click(view(), 'Click beside the zones'),
        'zones.draw': ({ event }) => click(view(), `Draw ${(event as { shape: string }).shape}`),
        'zones.drawn': () => click(view(), 'Finish drawing on the map'),
        'zones.edit': () => click(view(), 'Edit zone'),
        'zones.delete': () => click(view(), 'Delete zone'),
        'delete.confirm': () => click(dialog(), 'Delete'),
        'delete.cancel': async () => {
          await click(dialog(), 'Cancel');
          await dialogGone();
        },
        'draft.reshape': () => click(view(), 'Reshape on the map'),
        'draft.fields': async () => {
          await user.clear(form().getByLabelText(/^Name/));
          await user.type(form().getByLabelText(/^Name/), NEW_NAME);
        },
        'draft.undo': () => click(form(), 'Undo'),
        'draft.redo': () => click(form(), 'Redo'),
        'draft.save': async () => {
          const before = requests.saves.calls.length;
          await click(form(), 'Save zone');
          expect(requests.saves.calls.length, 'a save asked').toBe(before + 1);
        },
        'draft.cancel': () => click(view(), /^(Cancel drawing|Cancel|Close)$/),
        'conflict.loadTheirs': () => click(view(), 'Load their version'),
        'import.open': () => click(view(), 'Import'),
        'import.file': async () => {
          await upload(FILE.name, FILE.content);
          await waitFor(() => expect(requests.previews.calls.at(-1)).toEqual(FILE));
        },
        'import.refuse': () => upload('notes.txt', 'meet at the ghat at six'),
        'import.apply': () => click(panel(), 'Apply import'),
        'import.cancel': () => click(panel(), 'Cancel'),
      };
      for (const type of Object.keys(samples as object).filter(isActorResult)) {
        perform[type] = async ({ event }) => {
          answer(event);
          if (type.includes('deleteZone')) await dialogGone();
        };
      }
      await replayWalk(walk.steps, perform, expectViewShows);
    },
    WALK_TIMEOUT_MS,
  );
});
