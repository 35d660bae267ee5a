// The incidents region: the operator's load (a skeleton, 'Refreshing…'), silent reloads when the stream
// or a poll says something changed, coalesced so that a burst of alerts costs a few reloads, and one
// lifecycle actor per row that follows the statuses the backend reports.
import { assign, enqueueActions, raise, sendTo, stateIn } from 'xstate';
import { loadErrorText } from '../../api/client.ts';
import type { Incident } from '../../api/entities.ts';
import type { IncidentStatus } from '../../api/fields.ts';
import { mergeStatuses, statusOf } from '../../domain/incident-filters.ts';
import { withStreamed } from '../../domain/incident-scope.ts';
import { STORAGE_KEYS } from '../../domain/preferences.ts';
import { currentFilter } from '../../domain/incident-scope.ts';
import { EVERY_RESOURCE } from './resources.ts';
import { dashboardSetup } from './setup.ts';

/** Stream bursts inside this window cause one silent reload, not one per message. */
const RELOAD_COALESCE_MS = 500;

export const incidentsSetup = dashboardSetup.extend({
  actions: {
    selectRegion: assign((_, { regionId }: { regionId: string }) => ({ regionId })),
    selectWindow: assign((_, { minutes }: { minutes: number }) => ({ windowMinutes: minutes })),
    storeIncidents: assign(({ context }, { incidents }: { incidents: Incident[] }) => ({
      incidents: withStreamed(incidents, context.streamedIncidents),
      loadError: undefined,
    })),
    forgetStreamedIncidents: assign({ streamedIncidents: [] }),
    storeLoadError: assign((_, { error }: { error: unknown }) => ({ loadError: loadErrorText(error) })),
    storeStatusChange: assign(({ context }, { id, status }: { id: string; status: IncidentStatus }) => ({
      statuses: mergeStatuses(context.statuses, { [id]: status }),
    })),
    storeRenderedIds: assign((_, { ids }: { ids: string[] }) => ({ renderedIds: ids })),
    /** One lifecycle actor per rendered row: new rows get one, gone rows lose theirs, kept rows hear the status. */
    syncIncidentActors: enqueueActions(({ context, enqueue }) => {
      const rendered = context.renderedIds && new Set(context.renderedIds);
      const withRow = rendered ? context.incidents.filter((incident) => rendered.has(incident.id)) : context.incidents;
      const wanted = new Set(withRow.map((incident) => incident.id));
      const kept = Object.fromEntries(Object.entries(context.incidentRefs).filter(([id]) => wanted.has(id)));
      for (const [id, ref] of Object.entries(context.incidentRefs)) if (!wanted.has(id)) enqueue.stopChild(ref);
      for (const incident of withRow) {
        const ref = kept[incident.id];
        if (ref) enqueue.sendTo(ref, { type: 'incident.sync', status: statusOf(incident, context.statuses) });
      }
      enqueue.assign({
        incidentRefs: ({ spawn }) => {
          const refs = { ...kept };
          for (const incident of withRow) {
            refs[incident.id] ??= spawn('incident', {
              id: `incident:${incident.id}`,
              input: { id: incident.id, status: statusOf(incident, context.statuses) },
            });
          }
          return refs;
        },
      });
    }),
    raiseIncidentsChanged: raise({ type: 'incidents.changed' }),
    // The panic watch's own all-region load waits for the operator's first: the page asks for what it
    // shows first, and a single load of everything never delays the table.
    startPanicWatch: sendTo('panicWatch', { type: 'panics.start' }),
  },
  guards: {
    changePending: stateIn({ incidents: { settling: 'changePending' } }),
  },
  delays: { reloadCoalesceWindow: RELOAD_COALESCE_MS },
});

// A load's answer or failure, taken alike by the invoke's own handlers and by `stale`'s.
const onAnswer = [
  { type: 'storeIncidents', params: ({ event }: { event: { output: Incident[] } }) => ({ incidents: event.output }) },
  'syncIncidentActors',
  'startPanicWatch',
] as const;
const onFailure = [
  { type: 'storeLoadError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) },
  'startPanicWatch',
] as const;

/**
 * One load of the incidents, shared by the operator's load (skeleton) and the silent reload: a change
 * that arrives while an answer is on its way is kept for one more load once the settling window ends.
 * `whole`: the operator's load asks for the whole list; a silent reload only for what changed since.
 */
const incidentsLoad = ({ whole }: { whole: boolean }) => incidentsSetup.createStateConfig({
  // What the stream brought before this load was asked for is in its answer (announced after commit).
  entry: 'forgetStreamedIncidents',
  invoke: {
    id: 'incidents',
    src: 'loadIncidents',
    input: ({ context }) => ({ ...currentFilter(context), whole }),
    onDone: { target: 'settling', actions: onAnswer },
    onError: { target: 'settling', actions: onFailure },
  },
  initial: 'current',
  states: {
    current: { on: { 'incidents.changed': 'stale' } },
    stale: {
      on: {
        'xstate.done.actor.incidents': {
          target: '#dashboard.incidents.settling.changePending',
          actions: onAnswer,
        },
        'xstate.error.actor.incidents': { target: '#dashboard.incidents.settling.changePending', actions: onFailure },
      },
    },
  },
});

export const incidentsRegion = incidentsSetup.createStateConfig({
  initial: 'loading',
  // Targets inside this region without `reenter`: re-entering it would also exit the sibling regions.
  // Entering `loading` anew restarts its request with the current filters.
  on: {
    'dashboard.refresh': {
      target: '.loading',
      actions: { type: 'fetch', params: { resources: ['statuses', 'safetyScore', 'safetyCredit'] } },
    },
    'dashboard.refreshAll': { target: '.loading', actions: { type: 'fetch', params: { resources: EVERY_RESOURCE } } },
    'region.select': {
      target: '.loading',
      actions: [
        { type: 'selectRegion', params: ({ event }) => ({ regionId: event.regionId }) },
        { type: 'persist', params: ({ event }) => ({ key: STORAGE_KEYS.regionId, value: event.regionId }) },
        { type: 'fetch', params: { resources: ['safetyScore', 'safetyCredit'] } },
      ],
    },
    'window.select': {
      target: '.loading',
      actions: [
        { type: 'selectWindow', params: ({ event }) => ({ minutes: event.minutes }) },
        { type: 'persist', params: ({ event }) => ({ key: STORAGE_KEYS.windowMinutes, value: String(event.minutes) }) },
      ],
    },
  },
  states: {
    // What the operator asked for: the table shows a skeleton and Refresh reads 'Refreshing…'.
    loading: { tags: ['loading'], ...incidentsLoad({ whole: true }) },
    // The first change reloads at once (a panic must not wait). For a window after each answer, further
    // changes are gathered into one more reload at its end: a burst of 100 alerts costs a few reloads.
    idle: { on: { 'incidents.changed': 'reloading' } },
    settling: {
      initial: 'quiet',
      after: { reloadCoalesceWindow: [{ guard: 'changePending', target: 'reloading' }, { target: 'idle' }] },
      states: {
        quiet: { on: { 'incidents.changed': 'changePending' } },
        changePending: {},
      },
    },
    // A silent reload (stream or poll): the table stays as it is until the answer arrives.
    reloading: incidentsLoad({ whole: false }),
  },
});
