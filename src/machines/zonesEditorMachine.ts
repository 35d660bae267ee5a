// The Zones view's editor (issue 31): browsing the region's zones, drawing a new one, editing one (outline with
// undo and redo, and the side form), saving it, deleting it after a confirmation, a save refused because someone
// saved first (conflict: their sentence, and their version to load), and importing a file (preview, then apply).
// The zones themselves are the dashboard's (one owner, fed by the page's one stream); the editor announces its own
// writes with the `announceZone` action, which the view implements by handing them to the dashboard.
import { assign, fromPromise, setup } from 'xstate';
import { serverErrorOrMessage } from '../api/client.ts';
import type { Geofence } from '../api/entities.ts';
import {
  createZone,
  deleteZone,
  importZones,
  replaceZone,
  ZoneConflict,
  ZoneImportRefused,
  type ZoneFile,
} from '../api/zones-client.ts';
import type { ZoneImportResponse } from '../api/zones.ts';
import { DEFAULT_REGION_ID } from '../domain/default-region.ts';
import type { ZoneChange } from '../domain/zone-records.ts';
import { ALL_ZONES, type ZoneListFilter } from '../domain/zone-list.ts';
import {
  canRedo,
  canUndo,
  draftIssues,
  draftOfZone,
  newDraft,
  redo,
  reshape,
  undo,
  withFields,
  zoneBody,
  type DraftFields,
  type Outline,
  type ZoneDraft,
} from '../domain/zone-draft.ts';

export type DrawShape = 'polygon' | 'rectangle' | 'circle';

export interface ZonesEditorContext {
  mayEdit: boolean;
  filter: ZoneListFilter;
  selectedId: string | undefined;
  shape: DrawShape;
  draft: ZoneDraft | undefined;
  /** The last failed save or delete, as the server said it. */
  writeError: string | undefined;
  /** A write refused for a stale version: the server's sentence and the zone as it now is. */
  conflict: { sentence: string; theirs: Geofence } | undefined;
  /** The zone the delete dialog names. */
  deleting: Geofence | undefined;
  importFile: ZoneFile | undefined;
  importPreview: ZoneImportResponse | undefined;
  importError: string | undefined;
}

export interface ZonesEditorInput {
  mayEdit: boolean;
  regionId?: string;
}

export type ZonesEditorEvent =
  | ({ type: 'zones.filter' } & Partial<ZoneListFilter>)
  | { type: 'zones.select'; id: string }
  | { type: 'zones.deselect' }
  | { type: 'zones.draw'; shape: DrawShape }
  | { type: 'zones.drawn'; outline: Outline }
  | { type: 'zones.edit'; zone: Geofence }
  | { type: 'zones.delete'; zone: Geofence }
  | { type: 'delete.confirm' }
  | { type: 'delete.cancel' }
  | { type: 'draft.reshape'; outline: Outline }
  | ({ type: 'draft.fields' } & DraftFields)
  | { type: 'draft.undo' }
  | { type: 'draft.redo' }
  | { type: 'draft.save' }
  | { type: 'draft.cancel' }
  | { type: 'conflict.loadTheirs' }
  | { type: 'import.open' }
  | { type: 'import.file'; file: ZoneFile }
  | { type: 'import.refuse'; error: string }
  | { type: 'import.apply' }
  | { type: 'import.cancel' };

const saveDraft = fromPromise<Geofence, ZoneDraft>(({ input }) =>
  input.id === undefined ? createZone(zoneBody(input)) : replaceZone(input.id, input.version, zoneBody(input)),
);

const previewOf = (error: unknown) => (error instanceof ZoneImportRefused ? error.preview : undefined);

export const zonesEditorMachine = setup({
  types: {
    context: {} as ZonesEditorContext,
    events: {} as ZonesEditorEvent,
    input: {} as ZonesEditorInput,
  },
  actors: {
    saveDraft,
    deleteZone: fromPromise<string, Geofence>(({ input }) => deleteZone(input.id, input.version)),
    previewImport: fromPromise<ZoneImportResponse, ZoneFile>(({ input }) => importZones(input, true)),
    applyImport: fromPromise<ZoneImportResponse, ZoneFile>(({ input }) => importZones(input, false)),
  },
  actions: {
    /** The view hands the change to the dashboard's zones (the list and every map read them there). */
    announceZone: (_, _change: ZoneChange) => {},
    /** The view reads the zones again (after an import, which may touch hundreds). */
    announceImport: (_, _preview: ZoneImportResponse) => {},
    storeFilter: assign(({ context }, filter: Partial<ZoneListFilter>) => ({
      filter: { ...context.filter, ...filter },
    })),
    select: assign((_, { id }: { id: string | undefined }) => ({ selectedId: id })),
    storeShape: assign((_, { shape }: { shape: DrawShape }) => ({ shape })),
    startNewDraft: assign(({ context }, { outline }: { outline: Outline }) => ({
      draft: newDraft(outline, context.filter.regionId === 'all' ? DEFAULT_REGION_ID : context.filter.regionId),
      writeError: undefined,
    })),
    startEdit: assign((_, { zone }: { zone: Geofence }) => ({
      draft: draftOfZone(zone),
      selectedId: zone.id,
      writeError: undefined,
      conflict: undefined,
    })),
    reshape: assign(({ context }, { outline }: { outline: Outline }) => ({
      draft: context.draft && reshape(context.draft, outline),
    })),
    storeFields: assign(({ context }, fields: DraftFields) => ({
      draft: context.draft && withFields(context.draft, fields),
    })),
    undo: assign(({ context }) => ({ draft: context.draft && undo(context.draft) })),
    redo: assign(({ context }) => ({ draft: context.draft && redo(context.draft) })),
    dropDraft: assign({ draft: undefined, writeError: undefined, conflict: undefined }),
    storeWriteError: assign((_, { error }: { error: unknown }) => ({ writeError: serverErrorOrMessage(error) })),
    storeConflict: assign((_, { error }: { error: unknown }) => {
      const conflict = error as ZoneConflict;
      return { conflict: { sentence: conflict.serverError ?? conflict.message, theirs: conflict.current } };
    }),
    loadTheirs: assign(({ context }) => ({
      draft: context.conflict && draftOfZone(context.conflict.theirs),
      conflict: undefined,
      writeError: undefined,
    })),
    storeDeleting: assign((_, { zone }: { zone: Geofence }) => ({ deleting: zone, writeError: undefined })),
    forgetDeleting: assign({ deleting: undefined }),
    storeImportFile: assign((_, { file }: { file: ZoneFile }) => ({
      importFile: file,
      importPreview: undefined,
      importError: undefined,
    })),
    storeImportPreview: assign((_, { preview }: { preview: ZoneImportResponse | undefined }) => ({
      importPreview: preview,
    })),
    storeImportError: assign((_, { error }: { error: unknown }) => ({ importError: serverErrorOrMessage(error) })),
    refuseImport: assign((_, { error }: { error: string }) => ({
      importFile: undefined,
      importPreview: undefined,
      importError: error,
    })),
    forgetImport: assign({ importFile: undefined, importPreview: undefined, importError: undefined }),
  },
  guards: {
    mayEdit: ({ context }) => context.mayEdit,
    canUndo: ({ context }) => canUndo(context.draft),
    canRedo: ({ context }) => canRedo(context.draft),
    savable: ({ context }) => context.draft !== undefined && draftIssues(context.draft).length === 0,
    saved: ({ context }) => context.draft?.id !== undefined,
    conflict: (_, { error }: { error: unknown }) => error instanceof ZoneConflict,
    applicable: ({ context }) => context.importPreview !== undefined && context.importPreview.counts.refused === 0,
  },
}).createMachine({
  id: 'zonesEditor',
  context: ({ input }) => ({
    mayEdit: input.mayEdit,
    filter: { ...ALL_ZONES, regionId: input.regionId ?? 'all' },
    selectedId: undefined,
    shape: 'polygon',
    draft: undefined,
    writeError: undefined,
    conflict: undefined,
    deleting: undefined,
    importFile: undefined,
    importPreview: undefined,
    importError: undefined,
  }),
  initial: 'browsing',
  on: {
    'zones.filter': { actions: { type: 'storeFilter', params: ({ event }) => event } },
  },
  states: {
    browsing: {
      on: {
        'zones.select': { actions: { type: 'select', params: ({ event }) => ({ id: event.id }) } },
        'zones.deselect': { actions: { type: 'select', params: { id: undefined } } },
        'zones.draw': {
          guard: 'mayEdit',
          target: 'drawing',
          actions: { type: 'storeShape', params: ({ event }) => ({ shape: event.shape }) },
        },
        'zones.edit': {
          guard: 'mayEdit',
          target: 'editing',
          actions: { type: 'startEdit', params: ({ event }) => ({ zone: event.zone }) },
        },
        'zones.delete': {
          guard: 'mayEdit',
          target: 'confirmingDelete',
          actions: { type: 'storeDeleting', params: ({ event }) => ({ zone: event.zone }) },
        },
        'import.open': { guard: 'mayEdit', target: 'importing' },
      },
    },
    drawing: {
      tags: ['map-drawing'],
      entry: { type: 'select', params: { id: undefined } },
      on: {
        'zones.draw': {
          target: 'drawing',
          reenter: true,
          actions: { type: 'storeShape', params: ({ event }) => ({ shape: event.shape }) },
        },
        'zones.drawn': {
          target: 'editing',
          actions: { type: 'startNewDraft', params: ({ event }) => ({ outline: event.outline }) },
        },
        'draft.cancel': 'browsing',
      },
    },
    editing: {
      tags: ['draft'],
      on: {
        'draft.reshape': { actions: { type: 'reshape', params: ({ event }) => ({ outline: event.outline }) } },
        'draft.fields': { actions: { type: 'storeFields', params: ({ event }) => event } },
        'draft.undo': { guard: 'canUndo', actions: 'undo' },
        'draft.redo': { guard: 'canRedo', actions: 'redo' },
        'draft.save': { guard: 'savable', target: 'saving' },
        'draft.cancel': { target: 'browsing', actions: 'dropDraft' },
      },
    },
    saving: {
      tags: ['draft', 'busy'],
      invoke: {
        id: 'saveDraft',
        src: 'saveDraft',
        input: ({ context }) => context.draft!,
        onDone: {
          target: 'browsing',
          actions: [
            { type: 'announceZone', params: ({ event }) => ({ geofence: event.output }) },
            { type: 'select', params: ({ event }) => ({ id: event.output.id }) },
            'dropDraft',
          ],
        },
        onError: [
          {
            guard: { type: 'conflict', params: ({ event }) => ({ error: event.error }) },
            target: 'conflict',
            actions: { type: 'storeConflict', params: ({ event }) => ({ error: event.error }) },
          },
          { target: 'editing', actions: { type: 'storeWriteError', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    // Someone saved the zone since it was opened: nothing of theirs is overwritten; the operator loads their
    // version (and may edit it again) or leaves.
    conflict: {
      tags: ['draft'],
      entry: { type: 'announceZone', params: ({ context }) => ({ geofence: context.conflict!.theirs }) },
      on: {
        'conflict.loadTheirs': { target: 'editing', actions: 'loadTheirs' },
        'draft.cancel': { target: 'browsing', actions: 'dropDraft' },
      },
    },
    confirmingDelete: {
      on: {
        'delete.confirm': 'deleting',
        'delete.cancel': { target: 'browsing', actions: 'forgetDeleting' },
      },
    },
    deleting: {
      tags: ['busy'],
      invoke: {
        id: 'deleteZone',
        src: 'deleteZone',
        input: ({ context }) => context.deleting!,
        onDone: {
          target: 'browsing',
          actions: [
            { type: 'announceZone', params: ({ event }) => ({ deletedId: event.output }) },
            { type: 'select', params: { id: undefined } },
            'forgetDeleting',
            'dropDraft',
          ],
        },
        onError: [
          {
            guard: { type: 'conflict', params: ({ event }) => ({ error: event.error }) },
            target: 'conflict',
            actions: [{ type: 'storeConflict', params: ({ event }) => ({ error: event.error }) }, 'forgetDeleting'],
          },
          {
            target: 'browsing',
            actions: [{ type: 'storeWriteError', params: ({ event }) => ({ error: event.error }) }, 'forgetDeleting'],
          },
        ],
      },
    },
    importing: {
      initial: 'choosing',
      exit: 'forgetImport',
      on: {
        'import.cancel': '#zonesEditor.browsing',
        'import.file': {
          target: '.checking',
          actions: { type: 'storeImportFile', params: ({ event }) => ({ file: event.file }) },
        },
        'import.refuse': {
          target: '.choosing',
          actions: { type: 'refuseImport', params: ({ event }) => ({ error: event.error }) },
        },
      },
      states: {
        choosing: {},
        checking: {
          tags: ['busy'],
          invoke: {
            id: 'previewImport',
            src: 'previewImport',
            input: ({ context }) => context.importFile!,
            onDone: {
              target: 'preview',
              actions: { type: 'storeImportPreview', params: ({ event }) => ({ preview: event.output }) },
            },
            onError: {
              target: 'preview',
              actions: [
                { type: 'storeImportError', params: ({ event }) => ({ error: event.error }) },
                { type: 'storeImportPreview', params: ({ event }) => ({ preview: previewOf(event.error) }) },
              ],
            },
          },
        },
        preview: {
          on: { 'import.apply': { guard: 'applicable', target: 'applying' } },
        },
        applying: {
          tags: ['busy'],
          invoke: {
            id: 'applyImport',
            src: 'applyImport',
            input: ({ context }) => context.importFile!,
            onDone: {
              target: '#zonesEditor.browsing',
              actions: { type: 'announceImport', params: ({ event }) => event.output },
            },
            onError: {
              target: 'preview',
              actions: [
                { type: 'storeImportError', params: ({ event }) => ({ error: event.error }) },
                { type: 'storeImportPreview', params: ({ event }) => ({ preview: previewOf(event.error) }) },
              ],
            },
          },
        },
      },
    },
  },
});
