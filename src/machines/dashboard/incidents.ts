// The incidents region: the operator's load (a skeleton, 'Refreshing…'), silent reloads when the stream
// or a poll says something changed, coalesced so that a burst of alerts costs a few reloads, and one
// lifecycle actor per row that follows the statuses the backend reports.
import { assign, enqueueActions, raise, stateIn } from 'xstate';
import { loadErrorText } from '../../api/client.ts';
import type { Incident } from '../../api/entities.ts';
import type { IncidentStatus } from '../../api/fields.ts';
import { mergeStatuses, statusOf } from '../incidentFilters.ts';
import { STORAGE_KEYS } from '../preferences.ts';
import { currentFilter } from './context.ts';
import { EVERY_RESOURCE } from './resources.ts';
import { dashboardSetup } from './setup.ts';

/** Stream bursts inside this window cause one silent reload, not one per message. */
const RELOAD_COALESCE_MS = 500;

export const incidentsSetup = dashboardSetup.extend({
  actions: {
    selectRegion: assign((_, { regionId }: { regionId: string }) => ({ regionId })),
    selectWindow: assign((_, { minutes }: { minutes: number }) => ({ windowMinutes: minutes })),
    storeIncidents: assign((_, { incidents }: { incidents: Incident[] }) => ({ incidents, loadError: undefined })),
    storeLoadError: assign((_, { error }: { error: unknown }) => ({ loadError: loadErrorText(error) })),
    storeStatusChange: assign(({ context }, { id, status }: { id: string; status: IncidentStatus }) => ({
      statuses: mergeStatuses(context.statuses, { [id]: status }),
    })),
    /** One lifecycle actor per incident shown: new rows get one, gone rows lose theirs, kept rows hear the status. */
    syncIncidentActors: enqueueActions(({ context, enqueue }) => {
      const wanted = new Set(context.incidents.map((incident) => incident.id));
      const kept = Object.fromEntries(Object.entries(context.incidentRefs).filter(([id]) => wanted.has(id)));
      for (const [id, ref] of Object.entries(context.incidentRefs)) if (!wanted.has(id)) enqueue.stopChild(ref);
      for (const incident of context.incidents) {
        const ref = kept[incident.id];
        if (ref) enqueue.sendTo(ref, { type: 'incident.sync', status: statusOf(incident, context.statuses) });
      }
      enqueue.assign({
        incidentRefs: ({ spawn }) => {
          const refs = { ...kept };
          for (const incident of context.incidents) {
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
] as const;
const onFailure = { type: 'storeLoadError', params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }) } as const;

/**
 * One load of the incidents, shared by the operator's load (skeleton) and the silent reload: a change
 * that arrives while an answer is on its way is kept for one more load once the settling window ends.
 */
const incidentsLoad = incidentsSetup.createStateConfig({
  invoke: {
    id: 'incidents',
    src: 'loadIncidents',
    input: ({ context }) => currentFilter(context),
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
    loading: { tags: ['loading'], ...incidentsLoad },
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
    reloading: incidentsLoad,
  },
});
