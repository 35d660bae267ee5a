// The incidents region: the operator's load (a skeleton, 'Refreshing…'), silent reloads when the stream
// or a poll says something changed, coalesced so that a burst of alerts costs a few reloads, and the page's
// one record of each incident: every report of it (a load, the status list, the stream, a write) is merged
// there by the lifecycle's rule. The table, the open drawer and the panic bar read these records; the panic
// watch is told each change of the open panics, for the alarm and the notifications.
import { assign, enqueueActions, raise, sendTo, stateIn } from 'xstate';
import { loadErrorText } from '../../api/client.ts';
import type { Incident } from '../../api/entities.ts';
import type { IncidentStatus } from '../../api/fields.ts';
import { mergeEveryRegionLoad, mergeIncident, mergeLoad, mergeStatuses } from '../../domain/incident-records.ts';
import { currentFilter } from '../../domain/incident-scope.ts';
import type { HeardSinceLoad } from '../../domain/load-race.ts';
import { arrivedPanics, openPanicsOf } from '../../domain/open-panics.ts';
import type { PanicWatchEvent } from '../panicWatchMachine.ts';
import { laterStatus, mayAcknowledge, mayResolve, type StatusAction } from '../../domain/incident-status.ts';
import { STORAGE_KEYS } from '../../domain/preferences.ts';
import { writeId } from './context.ts';
import { EVERY_FETCH } from './resources.ts';
import { dashboardSetup } from './setup.ts';

/** Stream bursts inside this window cause one silent reload, not one per message. */
const RELOAD_COALESCE_MS = 500;

/**
 * What the panic watch hears when the records change the open panics (the alarm's counts, the
 * notifications); `announce`: those not open before arrived. Nothing when the open panics are the same.
 */
export function panicNews(
  before: readonly Incident[],
  after: readonly Incident[],
  announce: boolean,
): PanicWatchEvent[] {
  const previous = openPanicsOf(before);
  const panics = openPanicsOf(after);
  if (panics === previous) return [];
  return [{ type: 'panicWatch.panics', panics, arrived: announce ? arrivedPanics(previous, panics) : [] }];
}

const mayDo: Record<StatusAction, (status: IncidentStatus) => boolean> = {
  acknowledge: mayAcknowledge,
  resolve: mayResolve,
};

export const incidentsSetup = dashboardSetup.extend({
  actions: {
    selectRegion: assign((_, { regionId }: { regionId: string }) => ({ regionId })),
    selectWindow: assign((_, { minutes }: { minutes: number }) => ({ windowMinutes: minutes })),
    /** The table's load; `announce`: the open panics it adds are new (not in the page's first answer). */
    storeIncidents: enqueueActions(
      ({ context, enqueue }, { incidents, announce }: { incidents: Incident[]; announce: boolean }) => {
        const { incidents: merged, tableIds } = mergeLoad(context.incidents, incidents, context.heardSinceLoad);
        enqueue.assign({ incidents: merged, tableIds, loadError: undefined });
        for (const news of panicNews(context.incidents, merged, announce)) enqueue.sendTo('panicWatch', news);
      },
    ),
    storeEveryRegion: enqueueActions(
      (
        { context, enqueue },
        {
          incidents,
          heardSinceLoad,
          announce,
        }: { incidents: Incident[]; heardSinceLoad: HeardSinceLoad; announce: boolean },
      ) => {
        const merged = mergeEveryRegionLoad(context.incidents, incidents, heardSinceLoad, context.tableIds);
        enqueue.assign({ incidents: merged });
        for (const news of panicNews(context.incidents, merged, announce)) enqueue.sendTo('panicWatch', news);
      },
    ),
    forgetHeardSinceLoad: assign({ heardSinceLoad: [] }),
    storeLoadError: assign((_, { error }: { error: unknown }) => ({ loadError: loadErrorText(error) })),
    storeStatuses: enqueueActions(
      ({ context, enqueue }, { statuses }: { statuses: Record<string, IncidentStatus> }) => {
        const merged = mergeStatuses(context.incidents, statuses);
        enqueue.assign({ incidents: merged });
        for (const news of panicNews(context.incidents, merged, true)) enqueue.sendTo('panicWatch', news);
      },
    ),
    /** A write's answer: the whole incidents (bulk triage, the drawer). */
    storeWritten: enqueueActions(({ context, enqueue }, { incidents }: { incidents: Incident[] }) => {
      const merged = incidents.reduce(
        (list, incident) => mergeIncident(list, incident, { insert: false }),
        context.incidents,
      );
      enqueue.assign({ incidents: merged });
      for (const news of panicNews(context.incidents, merged, true)) enqueue.sendTo('panicWatch', news);
    }),
    /** A row's or the panic bar's write ended well: its status is kept, the write's child is done. */
    storeStatusChange: enqueueActions(
      ({ context, enqueue }, { id, status }: { id: string; status: IncidentStatus }) => {
        enqueue.stopChild(writeId(id));
        const known = context.incidents.find((incident) => incident.id === id);
        if (!known) return;
        const record = { ...known, status: laterStatus(known.status, status) };
        const merged = mergeIncident(context.incidents, record, { insert: false });
        enqueue.assign({ incidents: merged });
        for (const news of panicNews(context.incidents, merged, true)) enqueue.sendTo('panicWatch', news);
      },
    ),
    endWrite: enqueueActions(({ enqueue }, { id }: { id: string }) => enqueue.stopChild(writeId(id))),
    /** One write per incident at a time, offered by the lifecycle's rule from the status the page holds. */
    startWrite: enqueueActions(({ context, enqueue, self }, { id, action }: { id: string; action: StatusAction }) => {
      if (self.getSnapshot().children[writeId(id)]) return;
      const status = context.incidents.find((incident) => incident.id === id)?.status;
      if (!status || !mayDo[action](status)) return;
      enqueue.spawnChild('incident', { id: writeId(id), input: { id, status } });
      enqueue.sendTo(writeId(id), { type: `incident.${action}` });
    }),
    raiseIncidentsChanged: raise({ type: 'incidents.changed' }),
    // The panic watch's own all-region load waits for the operator's first: the page asks for what it
    // shows first, and a single load of everything never delays the table.
    startPanicWatch: sendTo('panicWatch', { type: 'panicWatch.start' }),
  },
  guards: {
    changePending: stateIn({ incidents: { settling: 'changePending' } }),
  },
  delays: { reloadCoalesceWindow: RELOAD_COALESCE_MS },
});

// A load's answer or failure, taken alike by the invoke's own handlers and by `stale`'s. The page's first
// answer names what was already open: the alarm rings, but no panic in it is "new".
const onAnswer = ({ announce }: { announce: boolean }) =>
  [
    {
      type: 'storeIncidents',
      params: ({ event }: { event: { output: Incident[] } }) => ({ incidents: event.output, announce }),
    },
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
const incidentsLoad = ({ whole, announce = true }: { whole: boolean; announce?: boolean }) =>
  incidentsSetup.createStateConfig({
    // What the stream brought before this load was asked for is in its answer (announced after commit).
    entry: 'forgetHeardSinceLoad',
    invoke: {
      id: 'incidents',
      src: 'loadIncidents',
      input: ({ context }) => ({ ...currentFilter(context), whole }),
      onDone: { target: 'settling', actions: onAnswer({ announce }) },
      onError: { target: 'settling', actions: onFailure },
    },
    initial: 'current',
    states: {
      current: { on: { 'incidents.changed': 'stale' } },
      stale: {
        on: {
          'xstate.done.actor.incidents': {
            target: '#dashboard.incidents.settling.changePending',
            actions: onAnswer({ announce }),
          },
          'xstate.error.actor.incidents': { target: '#dashboard.incidents.settling.changePending', actions: onFailure },
        },
      },
    },
  });

export const incidentsRegion = incidentsSetup.createStateConfig({
  initial: 'opening',
  // Targets inside this region without `reenter`: re-entering it would also exit the sibling regions.
  // Entering `loading` anew restarts its request with the current filters.
  on: {
    'dashboard.refresh': {
      target: '.loading',
      actions: { type: 'fetch', params: { resources: ['statuses', 'safetyScore', 'safetyCredit'] } },
    },
    'dashboard.refreshAll': { target: '.loading', actions: { type: 'fetch', params: { resources: EVERY_FETCH } } },
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
    // The page's first load, as `loading`.
    opening: { tags: ['loading'], ...incidentsLoad({ whole: true, announce: false }) },
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
