// The dashboard's data: everything the page shows, loaded in parallel, kept fresh by the stream (or by
// polling while it is down), filtered on the client, with the operator's preferences kept in storage.
import { assign, enqueueActions, fromPromise, raise, setup, stateIn, type ActorRefFrom } from 'xstate';
import {
  createGeofence,
  fetchAnchors,
  fetchDbMode,
  fetchEvents,
  fetchGeofences,
  fetchGpsHistory,
  fetchIncidents,
  fetchIncidentStatuses,
  fetchLastPings,
  fetchRegions,
  fetchSafetyCredit,
  fetchSafetyScore,
  loadErrorText,
  serverErrorOrMessage,
  type IncidentFilter,
  type NewGeofence,
  type SafetyCredit,
  type StreamMessage,
} from '../api/client.ts';
import type {
  Alert,
  DeviceEvent,
  DidAnchor,
  Geofence,
  GpsHistory,
  GpsPing,
  Incident,
  IncidentStatus,
  Region,
} from '../api/schemas.ts';
import { connectionMachine } from './connectionMachine.ts';
import { appendToHistory, MAX_LIVE_PINGS, mergePing } from './gpsPings.ts';
import { incidentMachine } from './incidentMachine.ts';
import { mergeStatuses, statusOf, type StatusFilter } from './incidentFilters.ts';
import { placeKey, STORAGE_KEYS, writePreference, type Preferences } from './preferences.ts';
import { testAlertMachine } from './testAlertMachine.ts';
import { testGeofenceFor } from './testGeofence.ts';

export const DEFAULT_REGIONS = ['default', 'shillong', 'guwahati'];
export const DEFAULT_DB_MODE = 'json';
/** Stream bursts inside this window cause one silent reload, not one per message. */
export const RELOAD_COALESCE_MS = 500;

export interface DashboardContext {
  regions: string[];
  regionId: string;
  windowMinutes: number;
  placeByRegion: Record<string, string>;
  darkPreferred: boolean;
  statusFilter: StatusFilter;
  search: string;
  incidents: Incident[];
  statuses: Record<string, IncidentStatus>;
  /** Panic alert id per incident id, learnt from the stream (incidents do not carry it). */
  alertIds: Record<string, string>;
  incidentRefs: Record<string, ActorRefFrom<typeof incidentMachine>>;
  loadError: string | undefined;
  geofences: Geofence[];
  safetyScore: number | undefined;
  safetyCredit: SafetyCredit | undefined;
  anchors: DidAnchor[];
  pings: GpsPing[];
  history: GpsHistory;
  events: DeviceEvent[];
  dbMode: string;
}

/** Side data whose failures are silently ignored (SPEC §8); each is fetched by a child of that id. */
type Resource = 'statuses' | 'geofences' | 'score' | 'credit' | 'anchors' | 'pings' | 'history' | 'events' | 'regions' | 'dbMode';

const EVERY_RESOURCE: Resource[] = ['statuses', 'geofences', 'score', 'credit', 'anchors', 'pings', 'history', 'events', 'regions', 'dbMode'];
const POLLED_RESOURCES: Resource[] = ['geofences', 'score', 'statuses', 'pings', 'history'];

interface ResourceInput {
  regionId: string;
  placeId: string;
}

type Done<Id extends string, Output> = { type: `xstate.done.actor.${Id}`; output: Output };
type Failed<Id extends string> = { type: `xstate.error.actor.${Id}`; error: unknown };

export type DashboardEvent =
  | { type: 'dashboard.refresh' }
  | { type: 'dashboard.refreshAll' }
  | { type: 'anchors.refresh' }
  | { type: 'pings.refresh' }
  | { type: 'region.select'; regionId: string }
  | { type: 'window.select'; minutes: number }
  | { type: 'place.select'; placeId: string }
  | { type: 'filter.status'; status: StatusFilter }
  | { type: 'filter.search'; text: string }
  | { type: 'theme.toggle' }
  | { type: 'dev.toggle' }
  | { type: 'liveGps.toggle' }
  | { type: 'fitGps.toggle' }
  | { type: 'geofence.seed' }
  | { type: 'incidents.changed' }
  | { type: 'connection.poll' }
  | { type: 'connection.message'; message: StreamMessage }
  | { type: 'incident.statusChanged'; id: string; status: IncidentStatus }
  | Done<'incidents', Incident[]>
  | Failed<'incidents'>
  | Done<'statuses', Record<string, IncidentStatus>>
  | Done<'geofences', Geofence[]>
  | Done<'score', number>
  | Done<'credit', SafetyCredit>
  | Done<'anchors', DidAnchor[]>
  | Done<'pings', GpsPing[]>
  | Done<'history', GpsHistory>
  | Done<'events', DeviceEvent[]>
  | Done<'regions', Region[]>
  | Done<'dbMode', string>
  | Done<'seedGeofence', unknown>
  | Failed<'seedGeofence'>
  | Failed<Resource>;

export const currentFilter = (context: DashboardContext): IncidentFilter => ({
  regionId: context.regionId,
  windowMinutes: context.windowMinutes,
});

export const currentPlace = (context: DashboardContext): string => context.placeByRegion[context.regionId] ?? '';

const MAX_REMEMBERED_ALERTS = 500;

function rememberAlertIds(known: Record<string, string>, alerts: readonly Alert[]): Record<string, string> {
  const merged = { ...known, ...Object.fromEntries(alerts.map((alert) => [alert.incidentId, alert.id])) };
  const entries = Object.entries(merged);
  return entries.length > MAX_REMEMBERED_ALERTS ? Object.fromEntries(entries.slice(-MAX_REMEMBERED_ALERTS)) : merged;
}

const resourceInput = (context: DashboardContext): ResourceInput => ({
  regionId: context.regionId,
  placeId: currentPlace(context),
});

/**
 * One load of the incidents, shared by the operator's load (skeleton) and the silent reload: a change
 * that arrives while an answer is on its way is kept for one more load once the settling window ends.
 */
const incidentsLoad = {
  invoke: {
    id: 'incidents',
    src: 'loadIncidents',
    input: ({ context }: { context: DashboardContext }) => currentFilter(context),
    onDone: { target: 'settling', actions: ['storeIncidents', 'syncIncidentActors'] },
    onError: { target: 'settling', actions: 'storeLoadError' },
  },
  initial: 'current',
  states: {
    current: { on: { 'incidents.changed': 'stale' } },
    stale: {
      on: {
        'xstate.done.actor.incidents': {
          target: '#dashboard.incidents.settling.changePending',
          actions: ['storeIncidents', 'syncIncidentActors'],
        },
        'xstate.error.actor.incidents': { target: '#dashboard.incidents.settling.changePending', actions: 'storeLoadError' },
      },
    },
  },
} as const;

export const dashboardMachine = setup({
  types: {
    context: {} as DashboardContext,
    input: {} as { preferences: Preferences },
    events: {} as DashboardEvent,
  },
  actors: {
    connection: connectionMachine,
    testAlert: testAlertMachine,
    incident: incidentMachine,
    loadIncidents: fromPromise<Incident[], IncidentFilter>(({ input }) => fetchIncidents(input)),
    loadStatuses: fromPromise<Record<string, IncidentStatus>, ResourceInput>(() => fetchIncidentStatuses()),
    loadGeofences: fromPromise<Geofence[], ResourceInput>(() => fetchGeofences()),
    loadScore: fromPromise<number, ResourceInput>(({ input }) => fetchSafetyScore(input.regionId)),
    loadCredit: fromPromise<SafetyCredit, ResourceInput>(({ input }) =>
      fetchSafetyCredit(input.regionId, input.placeId || undefined),
    ),
    loadAnchors: fromPromise<DidAnchor[], ResourceInput>(() => fetchAnchors()),
    loadPings: fromPromise<GpsPing[], ResourceInput>(() => fetchLastPings()),
    loadHistory: fromPromise<GpsHistory, ResourceInput>(() => fetchGpsHistory()),
    loadEvents: fromPromise<DeviceEvent[], ResourceInput>(() => fetchEvents()),
    loadRegions: fromPromise<Region[], ResourceInput>(() => fetchRegions()),
    loadDbMode: fromPromise<string, ResourceInput>(() => fetchDbMode()),
    seedGeofence: fromPromise<unknown, NewGeofence>(({ input }) => createGeofence(input)),
  },
  actions: {
    fetch: enqueueActions(({ context, enqueue }, params: { resources: readonly Resource[] }) => {
      const input = resourceInput(context);
      for (const id of params.resources) {
        // The newest request wins: an older answer for another region must not land after it.
        enqueue.stopChild(id);
        switch (id) {
          case 'statuses': enqueue.spawnChild('loadStatuses', { id, input }); break;
          case 'geofences': enqueue.spawnChild('loadGeofences', { id, input }); break;
          case 'score': enqueue.spawnChild('loadScore', { id, input }); break;
          case 'credit': enqueue.spawnChild('loadCredit', { id, input }); break;
          case 'anchors': enqueue.spawnChild('loadAnchors', { id, input }); break;
          case 'pings': enqueue.spawnChild('loadPings', { id, input }); break;
          case 'history': enqueue.spawnChild('loadHistory', { id, input }); break;
          case 'events': enqueue.spawnChild('loadEvents', { id, input }); break;
          case 'regions': enqueue.spawnChild('loadRegions', { id, input }); break;
          case 'dbMode': enqueue.spawnChild('loadDbMode', { id, input }); break;
        }
      }
    }),
    persist: (_, params: { key: string; value: string }) =>
      writePreference(globalThis.localStorage, params.key, params.value),
    selectRegion: assign({
      regionId: ({ context, event }) => (event.type === 'region.select' ? event.regionId : context.regionId),
    }),
    persistRegion: ({ context }) => writePreference(globalThis.localStorage, STORAGE_KEYS.regionId, context.regionId),
    selectWindow: assign({
      windowMinutes: ({ context, event }) => (event.type === 'window.select' ? event.minutes : context.windowMinutes),
    }),
    persistWindow: ({ context }) =>
      writePreference(globalThis.localStorage, STORAGE_KEYS.windowMinutes, String(context.windowMinutes)),
    selectPlace: assign({
      placeByRegion: ({ context, event }) =>
        event.type === 'place.select' ? { ...context.placeByRegion, [context.regionId]: event.placeId } : context.placeByRegion,
    }),
    persistPlace: ({ context }) =>
      writePreference(globalThis.localStorage, placeKey(context.regionId), currentPlace(context)),
    filterByStatus: assign({
      statusFilter: ({ context, event }) => (event.type === 'filter.status' ? event.status : context.statusFilter),
    }),
    search: assign({ search: ({ context, event }) => (event.type === 'filter.search' ? event.text : context.search) }),
    storeIncidents: assign({
      incidents: ({ context, event }) => (event.type === 'xstate.done.actor.incidents' ? event.output : context.incidents),
      loadError: undefined,
    }),
    storeLoadError: assign({
      loadError: ({ event }) => loadErrorText(event.type === 'xstate.error.actor.incidents' ? event.error : undefined),
    }),
    storeStatuses: assign({
      statuses: ({ context, event }) =>
        event.type === 'xstate.done.actor.statuses' ? mergeStatuses(context.statuses, event.output) : context.statuses,
    }),
    storeStatusChange: assign({
      statuses: ({ context, event }) =>
        event.type === 'incident.statusChanged'
          ? mergeStatuses(context.statuses, { [event.id]: event.status })
          : context.statuses,
    }),
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
    storeResource: assign(({ context, event }): Partial<DashboardContext> => {
      switch (event.type) {
        case 'xstate.done.actor.geofences': return { geofences: event.output };
        case 'xstate.done.actor.score': return { safetyScore: event.output };
        case 'xstate.done.actor.credit': return { safetyCredit: event.output };
        case 'xstate.done.actor.anchors': return { anchors: event.output };
        case 'xstate.done.actor.pings': return { pings: event.output.slice(0, MAX_LIVE_PINGS) };
        case 'xstate.done.actor.history': return { history: event.output };
        case 'xstate.done.actor.events': return { events: event.output };
        case 'xstate.done.actor.regions':
          return { regions: event.output.length ? event.output.map((r) => r.id) : context.regions };
        case 'xstate.done.actor.dbMode': return { dbMode: event.output };
        default: return {};
      }
    }),
    receiveMessage: enqueueActions(({ context, event, enqueue }) => {
      if (event.type !== 'connection.message') return;
      const { message } = event;
      switch (message.type) {
        case 'gps':
          enqueue.assign({
            pings: mergePing(context.pings, message.ping),
            history: appendToHistory(context.history, message.ping),
          });
          return;
        case 'incident_update': {
          const { id, status } = message.incident;
          enqueue.assign({ statuses: mergeStatuses(context.statuses, { [id]: status }) });
          const ref = context.incidentRefs[id];
          if (ref) enqueue.sendTo(ref, { type: 'incident.sync', status });
          enqueue.raise({ type: 'incidents.changed' });
          return;
        }
        case 'alert':
        case 'snapshot': {
          const alerts = message.type === 'alert' ? [message.alert] : message.alerts;
          enqueue.assign({ alertIds: rememberAlertIds(context.alertIds, alerts) });
          enqueue.raise({ type: 'incidents.changed' });
          return;
        }
        case 'geofence_alert':
          return;
      }
    }),
    seedGeofence: enqueueActions(({ context, enqueue }) => {
      enqueue.stopChild('seedGeofence');
      enqueue.spawnChild('seedGeofence', { id: 'seedGeofence', input: testGeofenceFor(context.incidents) });
    }),
    alertSeedFailure: ({ event }) => {
      const error = event.type === 'xstate.error.actor.seedGeofence' ? event.error : undefined;
      globalThis.alert?.(`Failed to seed geofence: ${serverErrorOrMessage(error)}`);
    },
    raiseIncidentsChanged: raise({ type: 'incidents.changed' }),
  },
  guards: {
    changePending: stateIn({ incidents: { settling: 'changePending' } }),
    darkPreferred: ({ context }) => context.darkPreferred,
  },
  delays: { reloadCoalesceWindow: RELOAD_COALESCE_MS },
}).createMachine({
  id: 'dashboard',
  context: ({ input }) => ({
    regions: DEFAULT_REGIONS,
    regionId: input.preferences.regionId,
    windowMinutes: input.preferences.windowMinutes,
    placeByRegion: input.preferences.placeByRegion,
    darkPreferred: input.preferences.dark,
    statusFilter: 'all',
    search: '',
    incidents: [],
    statuses: {},
    alertIds: {},
    incidentRefs: {},
    loadError: undefined,
    geofences: [],
    safetyScore: undefined,
    safetyCredit: undefined,
    anchors: [],
    pings: [],
    history: {},
    events: [],
    dbMode: DEFAULT_DB_MODE,
  }),
  invoke: [
    { id: 'connection', src: 'connection' },
    { id: 'testAlert', src: 'testAlert' },
  ],
  entry: { type: 'fetch', params: { resources: EVERY_RESOURCE } },
  type: 'parallel',
  on: {
    'anchors.refresh': { actions: { type: 'fetch', params: { resources: ['anchors'] } } },
    'pings.refresh': { actions: { type: 'fetch', params: { resources: ['pings', 'history'] } } },
    'place.select': {
      actions: ['selectPlace', 'persistPlace', { type: 'fetch', params: { resources: ['credit'] } }],
    },
    'filter.status': { actions: 'filterByStatus' },
    'filter.search': { actions: 'search' },
    'geofence.seed': { actions: 'seedGeofence' },
    'xstate.done.actor.seedGeofence': { actions: { type: 'fetch', params: { resources: ['geofences'] } } },
    'xstate.error.actor.seedGeofence': { actions: 'alertSeedFailure' },
    'connection.poll': {
      actions: [{ type: 'fetch', params: { resources: POLLED_RESOURCES } }, 'raiseIncidentsChanged'],
    },
    'connection.message': { actions: 'receiveMessage' },
    'incident.statusChanged': { actions: 'storeStatusChange' },
    'xstate.done.actor.statuses': { actions: ['storeStatuses', 'syncIncidentActors'] },
    'xstate.done.actor.geofences': { actions: 'storeResource' },
    'xstate.done.actor.score': { actions: 'storeResource' },
    'xstate.done.actor.credit': { actions: 'storeResource' },
    'xstate.done.actor.anchors': { actions: 'storeResource' },
    'xstate.done.actor.pings': { actions: 'storeResource' },
    'xstate.done.actor.history': { actions: 'storeResource' },
    'xstate.done.actor.events': { actions: 'storeResource' },
    'xstate.done.actor.regions': { actions: 'storeResource' },
    'xstate.done.actor.dbMode': { actions: 'storeResource' },
    // Failures of the side data leave what was shown (SPEC §8); handling them keeps the dashboard alive.
    'xstate.error.actor.statuses': {},
    'xstate.error.actor.geofences': {},
    'xstate.error.actor.score': {},
    'xstate.error.actor.credit': {},
    'xstate.error.actor.anchors': {},
    'xstate.error.actor.pings': {},
    'xstate.error.actor.history': {},
    'xstate.error.actor.events': {},
    'xstate.error.actor.regions': {},
    'xstate.error.actor.dbMode': {},
  },
  states: {
    incidents: {
      initial: 'loading',
      // Targets inside this region without `reenter`: re-entering it would also exit the sibling regions.
      // Entering `loading` anew restarts its request with the current filters.
      on: {
        'dashboard.refresh': {
          target: '.loading',
          actions: { type: 'fetch', params: { resources: ['statuses', 'score', 'credit'] } },
        },
        'dashboard.refreshAll': {
          target: '.loading',
          actions: { type: 'fetch', params: { resources: EVERY_RESOURCE } },
        },
        'region.select': {
          target: '.loading',
          actions: ['selectRegion', 'persistRegion', { type: 'fetch', params: { resources: ['score', 'credit'] } }],
        },
        'window.select': { target: '.loading', actions: ['selectWindow', 'persistWindow'] },
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
    },
    theme: {
      initial: 'restoring',
      states: {
        restoring: { always: [{ guard: 'darkPreferred', target: 'dark' }, { target: 'light' }] },
        light: {
          entry: { type: 'persist', params: { key: STORAGE_KEYS.dark, value: '0' } },
          on: { 'theme.toggle': 'dark' },
        },
        dark: {
          entry: { type: 'persist', params: { key: STORAGE_KEYS.dark, value: '1' } },
          on: { 'theme.toggle': 'light' },
        },
      },
    },
    devPanel: {
      initial: 'hidden',
      states: {
        hidden: { on: { 'dev.toggle': 'shown' } },
        shown: {
          entry: { type: 'fetch', params: { resources: ['events'] } },
          on: { 'dev.toggle': 'hidden' },
        },
      },
    },
    liveGps: {
      initial: 'on',
      states: { on: { on: { 'liveGps.toggle': 'off' } }, off: { on: { 'liveGps.toggle': 'on' } } },
    },
    fitGps: {
      initial: 'off',
      states: { off: { on: { 'fitGps.toggle': 'on' } }, on: { on: { 'fitGps.toggle': 'off' } } },
    },
  },
});

export type DashboardSnapshot = ReturnType<typeof dashboardMachine.transition>;
