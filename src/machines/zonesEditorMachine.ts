// The Zones view's editor (issue 31): browsing the region's zones, drawing a new one, editing one (outline with
// undo and redo, and the side form), saving it, deleting it after a confirmation, a save refused because someone
// saved first (conflict: their sentence, and their version to load), and importing a file (preview, then apply).
// The zones themselves are the dashboard's (one owner, fed by the page's one stream); the editor announces its own
// writes with the `announceZone` action, which the view implements by handing them to the dashboard. Its types,
// requests, actions and guards are zonesEditorSetup.ts; this file is the chart.
import { ZoneImportRefused } from '../api/zones-client.ts';
import { ALL_ZONES } from '../domain/zone-list.ts';
import { zonesEditorSetup } from './zonesEditorSetup.ts';

const previewOf = (error: unknown) => (error instanceof ZoneImportRefused ? error.preview : undefined);

export const zonesEditorMachine = zonesEditorSetup.createMachine({
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
