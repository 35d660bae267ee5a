// The Regions view's form (issue 31): an existing region is read fresh before it is edited (what the edit
// starts from), edited as a draft, saved (created or replaced), refused with the server's sentence, or met by
// a newer version someone else saved meanwhile (the stream's region_update): then the admin keeps their
// draft (saving overwrites) or takes the other version. The boundary is drawn and reshaped on the map with the
// zone editor's tools (viewing, drawing, reshaping), pasted as GeoJSON or cleared, each change undoable.
import { assign, fromPromise, setup } from 'xstate';
import { serverErrorOrMessage } from '../api/client.ts';
import type { Region } from '../api/entities.ts';
import { createRegion, fetchRegion, replaceRegion } from '../api/regions-client.ts';
import { boundaryProblem } from '../domain/boundary-checks.ts';
import { draftOf, emptyDraft, inputOf, type ContactDraft, type RegionDraft } from '../domain/region-draft.ts';
import { noSteps, stepBack, stepForward, stepFrom, type UndoSteps } from '../domain/undo-steps.ts';
import { samePolygon } from '../domain/zone-draft.ts';
import type { Sentence } from '../i18n/said.ts';

export type Boundary = RegionDraft['boundary'];
export type BoundaryShape = 'polygon' | 'rectangle';

export interface RegionFormInput {
  /** Absent: a new region. */
  regionId?: string;
}

export interface RegionFormContext {
  regionId: string | undefined;
  draft: RegionDraft;
  /** The stored version the draft started from (an edit), to tell another admin's save from this one's. */
  base: Region | undefined;
  /** A version saved elsewhere during the edit. */
  theirs: Region | undefined;
  /** The server's sentence for a refused save, or why the region could not be read. */
  error: Sentence | undefined;
  saved: Region | undefined;
  /** Undo and redo of the boundary (drawn, reshaped, pasted or cleared). */
  boundarySteps: UndoSteps<Boundary>;
  /** The shape being drawn on the map (while drawing). */
  drawShape: BoundaryShape;
}

export type RegionFormEvent =
  | { type: 'form.change'; patch: Partial<Pick<RegionDraft, 'id' | 'name' | 'timeZone'>> }
  | { type: 'homeView.set'; homeView: RegionDraft['homeView'] }
  /** A boundary pasted, uploaded or cleared. */
  | { type: 'boundary.set'; boundary: Boundary }
  | { type: 'boundary.draw'; shape: BoundaryShape }
  | { type: 'boundary.drawn'; boundary: [number, number][] }
  | { type: 'boundary.edit' }
  | { type: 'boundary.reshape'; boundary: [number, number][] }
  | { type: 'boundary.done' }
  | { type: 'boundary.undo' }
  | { type: 'boundary.redo' }
  | { type: 'contact.add' }
  | { type: 'contact.change'; index: number; patch: Partial<ContactDraft> }
  | { type: 'contact.remove'; index: number }
  | { type: 'form.save' }
  | { type: 'form.retry' }
  /** What the page's stream says the region is now (the dashboard's list). */
  | { type: 'region.seen'; region: Region }
  | { type: 'conflict.keepMine' }
  | { type: 'conflict.takeTheirs' };

export const regionFormMachine = setup({
  types: {
    input: {} as RegionFormInput,
    context: {} as RegionFormContext,
    events: {} as RegionFormEvent,
    output: {} as { region: Region | undefined },
  },
  actors: {
    loadRegion: fromPromise<Region | undefined, { regionId: string }>(({ input }) => fetchRegion(input.regionId)),
    saveRegion: fromPromise<Region, { draft: RegionDraft; replace: boolean }>(({ input }) =>
      input.replace ? replaceRegion(inputOf(input.draft)) : createRegion(inputOf(input.draft)),
    ),
  },
  actions: {
    startFrom: assign((_, { region }: { region: Region }) => ({
      draft: draftOf(region),
      base: region,
      theirs: undefined,
      error: undefined,
      boundarySteps: noSteps<Boundary>(),
    })),
    changeBoundary: assign(({ context }, { boundary }: { boundary: Boundary }) => {
      const current = context.draft.boundary;
      if (current === boundary || (current && boundary && samePolygon(current, boundary))) return {};
      return { draft: { ...context.draft, boundary }, boundarySteps: stepFrom(context.boundarySteps, current) };
    }),
    undoBoundary: assign(({ context }) => {
      const back = stepBack(context.boundarySteps, context.draft.boundary);
      return back
        ? { draft: { ...context.draft, boundary: back.value }, boundarySteps: { past: back.past, future: back.future } }
        : {};
    }),
    redoBoundary: assign(({ context }) => {
      const forward = stepForward(context.boundarySteps, context.draft.boundary);
      return forward
        ? {
            draft: { ...context.draft, boundary: forward.value },
            boundarySteps: { past: forward.past, future: forward.future },
          }
        : {};
    }),
    storeShape: assign((_, { shape }: { shape: BoundaryShape }) => ({ drawShape: shape })),
    change: assign(({ context }, patch: Partial<RegionDraft>) => ({ draft: { ...context.draft, ...patch } })),
    addContact: assign(({ context }) => ({
      draft: {
        ...context.draft,
        contacts: [...context.draft.contacts, { label: '', phone: '', kind: 'police' as const }],
      },
    })),
    changeContact: assign(({ context }, { index, patch }: { index: number; patch: Partial<ContactDraft> }) => ({
      draft: {
        ...context.draft,
        contacts: context.draft.contacts.map((contact, i) => (i === index ? { ...contact, ...patch } : contact)),
      },
    })),
    removeContact: assign(({ context }, { index }: { index: number }) => ({
      draft: { ...context.draft, contacts: context.draft.contacts.filter((_, i) => i !== index) },
    })),
    storeTheirs: assign((_, { region }: { region: Region }) => ({ theirs: region })),
    /** Keeping the draft: their version is the base now, so saving replaces it knowingly. */
    keepMine: assign(({ context }) => ({ base: context.theirs, theirs: undefined })),
    storeError: assign((_, { error }: { error: unknown }) => ({ error: serverErrorOrMessage(error) })),
    storeSaved: assign((_, { region }: { region: Region }) => ({ saved: region, base: region, error: undefined })),
  },
  guards: {
    isEdit: ({ context }) => context.regionId !== undefined,
    hasBoundary: ({ context }) => context.draft.boundary !== null,
    canUndoBoundary: ({ context }) => context.boundarySteps.past.length > 0,
    canRedoBoundary: ({ context }) => context.boundarySteps.future.length > 0,
    /** No boundary, or one that could route panics (the server's own check, shown before saving). */
    boundaryUsable: ({ context }) =>
      context.draft.boundary === null || boundaryProblem(context.draft.boundary) === undefined,
    found: (_, { region }: { region: Region | undefined }) => region !== undefined,
    /** Another admin's save of the region being edited; this form's own save echoes back with its base's time. */
    newerElsewhere: ({ context }, { region }: { region: Region }) =>
      context.base !== undefined && region.id === context.base.id && region.updatedAt !== context.base.updatedAt,
  },
}).createMachine({
  id: 'regionForm',
  context: ({ input }) => ({
    regionId: input.regionId,
    draft: emptyDraft(),
    base: undefined,
    theirs: undefined,
    error: undefined,
    saved: undefined,
    boundarySteps: noSteps<Boundary>(),
    drawShape: 'polygon',
  }),
  initial: 'starting',
  states: {
    starting: { always: [{ guard: 'isEdit', target: 'loading' }, { target: 'editing' }] },
    loading: {
      invoke: {
        src: 'loadRegion',
        input: ({ context }) => ({ regionId: context.regionId! }),
        onDone: [
          {
            guard: { type: 'found', params: ({ event }) => ({ region: event.output }) },
            target: 'editing',
            actions: { type: 'startFrom', params: ({ event }) => ({ region: event.output! }) },
          },
          {
            target: 'loadFailed',
            actions: assign(({ context }) => ({ error: { id: 'regions.notFound', values: { id: context.regionId } } })),
          },
        ],
        onError: {
          target: 'loadFailed',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    loadFailed: { on: { 'form.retry': 'loading' } },
    editing: {
      initial: 'viewing',
      on: {
        'form.change': { actions: { type: 'change', params: ({ event }) => event.patch } },
        'homeView.set': { actions: { type: 'change', params: ({ event }) => ({ homeView: event.homeView }) } },
        'boundary.set': {
          target: '.viewing',
          actions: { type: 'changeBoundary', params: ({ event }) => ({ boundary: event.boundary }) },
        },
        'boundary.draw': {
          target: '.drawing',
          reenter: true,
          actions: { type: 'storeShape', params: ({ event }) => ({ shape: event.shape }) },
        },
        'boundary.undo': { guard: 'canUndoBoundary', actions: 'undoBoundary' },
        'boundary.redo': { guard: 'canRedoBoundary', actions: 'redoBoundary' },
        'contact.add': { actions: 'addContact' },
        'contact.change': {
          actions: { type: 'changeContact', params: ({ event }) => ({ index: event.index, patch: event.patch }) },
        },
        'contact.remove': { actions: { type: 'removeContact', params: ({ event }) => ({ index: event.index }) } },
        'form.save': { guard: 'boundaryUsable', target: 'saving' },
        'region.seen': {
          guard: { type: 'newerElsewhere', params: ({ event }) => ({ region: event.region }) },
          target: 'conflict',
          actions: { type: 'storeTheirs', params: ({ event }) => ({ region: event.region }) },
        },
      },
      states: {
        // The boundary drawn by deck.gl; the map pans freely even where the boundary fills it.
        viewing: {
          on: { 'boundary.edit': { guard: 'hasBoundary', target: 'reshaping' } },
        },
        drawing: {
          tags: ['map-drawing'],
          on: {
            'boundary.drawn': {
              target: 'reshaping',
              actions: { type: 'changeBoundary', params: ({ event }) => ({ boundary: event.boundary }) },
            },
            'boundary.done': 'viewing',
          },
        },
        // terra-draw's handles: vertices moved, added and deleted, the whole boundary dragged.
        reshaping: {
          on: {
            'boundary.reshape': {
              actions: { type: 'changeBoundary', params: ({ event }) => ({ boundary: event.boundary }) },
            },
            'boundary.done': 'viewing',
          },
        },
      },
    },
    saving: {
      invoke: {
        src: 'saveRegion',
        input: ({ context }) => ({ draft: context.draft, replace: context.base !== undefined }),
        onDone: { target: 'saved', actions: { type: 'storeSaved', params: ({ event }) => ({ region: event.output }) } },
        onError: {
          target: 'editing',
          actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) },
        },
      },
    },
    conflict: {
      on: {
        'conflict.keepMine': { target: 'editing', actions: 'keepMine' },
        'conflict.takeTheirs': {
          target: 'editing',
          actions: { type: 'startFrom', params: ({ context }) => ({ region: context.theirs! }) },
        },
      },
    },
    saved: { type: 'final' },
  },
  output: ({ context }) => ({ region: context.saved }),
});
