// The Zones view's editor, its part before the chart: what it keeps and hears, its requests, and every action
// and guard named for the chart in zonesEditorMachine.ts.
import { assign, fromPromise, setup } from 'xstate';
import { serverErrorOrMessage } from '../api/client.ts';
import type { Geofence } from '../api/entities.ts';
import { createZone, deleteZone, importZones, replaceZone, ZoneConflict, type ZoneFile } from '../api/zones-client.ts';
import type { ZoneImportResponse } from '../api/zones.ts';
import { DEFAULT_REGION_ID } from '../domain/default-region.ts';
import type { ZoneChange } from '../domain/zone-records.ts';
import type { ZoneListFilter } from '../domain/zone-list.ts';
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

export const zonesEditorSetup = setup({
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
});
