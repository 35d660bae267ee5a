// The dashboard's data: everything the page shows, loaded in parallel, kept fresh by the stream (or by
// polling while it is down), filtered on the client, with the operator's preferences kept in storage.
// Composed of the side-resource table (resources.ts), the incidents region (incidents.ts) and the
// display modes (displayModes.ts); what a stream message does is src/domain/stream-messages.ts. The page's
// one live stream feeds the open details drawer too (the `details` child).
import { assign, enqueueActions, raise, sendTo } from 'xstate';
import { serverErrorOrMessage } from '../../api/client.ts';
import type { TimelineEntry } from '../../api/responses.ts';
import type { StreamMessage } from '../../api/stream.ts';
import type { StatusFilter } from '../../domain/incident-filters.ts';
import { placeKey } from '../../domain/preferences.ts';
import { openPanicsOf } from '../../domain/open-panics.ts';
import { tableIncidentsOf } from '../../domain/incident-records.ts';
import type { DetailsInput } from '../incidentDetailsSetup.ts';
import { initialContext } from './context.ts';
import { displayGuards, displayModes } from './displayModes.ts';
import { incidentsRegion, panicNews } from './incidents.ts';
import { EVERY_FETCH, POLLED_FETCHES, resourceHandlers } from './resources.ts';
import { lastKnownRegion, lastKnownSetup } from './lastKnown.ts';
import { filtersToShow } from '../../domain/show-incident.ts';
import { receivePings } from '../../domain/gps-pings.ts';
import { applyStreamMessage } from '../../domain/stream-messages.ts';
import { testGeofenceFor } from '../../domain/test-geofence.ts';
import { applyZoneChange } from '../../domain/zone-records.ts';

/** The timeline step a message brings for the incident whose drawer is open: a note, or the one written with a change. */
function openedEntry(openedId: string | undefined, message: StreamMessage): TimelineEntry | undefined {
  if (message.type === 'incident_note' && message.incidentId === openedId) return message.entry;
  if (message.type === 'incident_update' && message.incident.id === openedId) return message.entry;
  return undefined;
}

export const dashboardMachine = lastKnownSetup
  .extend({
    guards: displayGuards,
    actions: {
      selectPlace: assign(({ context }, { placeId }: { placeId: string }) => ({
        placeByRegion: { ...context.placeByRegion, [context.regionId]: placeId },
      })),
      filterByStatus: assign((_, { status }: { status: StatusFilter }) => ({ statusFilter: status })),
      search: assign((_, { text }: { text: string }) => ({ search: text })),
      receiveMessage: enqueueActions(({ context, enqueue }, { message }: { message: StreamMessage }) => {
        const { changes, incidentsChanged } = applyStreamMessage(context, message, Date.now());
        enqueue.assign({ ...changes, lastMessageAt: Date.now() });
        // The open drawer reads its incident in `incidents`; it hears only its new timeline steps.
        const entry = openedEntry(context.openedId, message);
        if (entry) enqueue.sendTo('details', { type: 'live.entry', entry });
        // A snapshot follows each (re)connection: the drawer reads again what the stream may have missed.
        if (context.openedId && message.type === 'snapshot') enqueue.sendTo('details', { type: 'live.reconnected' });
        if (incidentsChanged) enqueue.raise({ type: 'incidents.changed' });
        if (changes.incidents)
          for (const news of panicNews(context.incidents, changes.incidents, true)) enqueue.sendTo('panicWatch', news);
        // The panic watch reloads every region after a reconnection, and keeps its load's race with the stream.
        enqueue.sendTo('panicWatch', { type: 'panicWatch.message', message });
      }),
      showIncident: enqueueActions(({ context, enqueue }, { id }: { id: string }) => {
        // One acknowledged meanwhile is in the table under its region; the bar no longer names it.
        const panic = openPanicsOf(context.incidents).find((open) => open.id === id);
        if (!panic) return;
        const changes = filtersToShow(context, panic);
        if (changes.regionId !== undefined) enqueue.raise({ type: 'region.select', regionId: changes.regionId });
        if (changes.windowMinutes !== undefined)
          enqueue.raise({ type: 'window.select', minutes: changes.windowMinutes });
        if (changes.statusFilter !== undefined) enqueue.raise({ type: 'filter.status', status: changes.statusFilter });
        if (changes.search !== undefined) enqueue.raise({ type: 'filter.search', text: changes.search });
        enqueue.assign({
          focus: {
            id: panic.id,
            latitude: panic.latitude,
            longitude: panic.longitude,
            seq: (context.focus?.seq ?? 0) + 1,
          },
        });
      }),
      openDetails: enqueueActions(({ enqueue }, { incident, user, mayPause }: DetailsInput) => {
        enqueue.stopChild('details');
        enqueue.spawnChild('details', { id: 'details', input: { incident, user, mayPause } });
        enqueue.assign({ openedId: incident.id });
      }),
      closeDetails: enqueueActions(({ enqueue }) => {
        enqueue.stopChild('details');
        enqueue.assign({ openedId: undefined });
      }),
      seedGeofence: enqueueActions(({ context, enqueue }) => {
        enqueue.stopChild('seedGeofence');
        enqueue.spawnChild('seedGeofence', { id: 'seedGeofence', input: testGeofenceFor(tableIncidentsOf(context)) });
      }),
      /** The store is back: the panic watch's list and the open drawer's timeline are read again too. */
      catchUpChildren: enqueueActions(({ context, enqueue }) => {
        enqueue.sendTo('panicWatch', { type: 'panicWatch.catchUp' });
        if (context.openedId) enqueue.sendTo('details', { type: 'live.reconnected' });
      }),
      // The view raises the popup with this text (SPEC §8): a statechart shows nothing itself.
      storeSeedFailure: assign((_, { error }: { error: unknown }) => ({ seedFailure: serverErrorOrMessage(error) })),
    },
  })
  .createMachine({
    id: 'dashboard',
    context: ({ input }) => initialContext(input.preferences, input.notificationPermission),
    invoke: [
      { id: 'connection', src: 'connection' },
      { id: 'testAlert', src: 'testAlert' },
      { id: 'bulkTriage', src: 'bulkTriage' },
      { id: 'storeHealth', src: 'storeHealth' },
      {
        id: 'panicWatch',
        src: 'panicWatch',
        input: ({ context }) => ({
          sound: context.soundPreferred,
          notificationPermission: context.notificationPermission,
        }),
      },
    ],
    // Raised, so the side data is asked for after the table's incidents (the incidents region's invoke): the
    // browser sends six requests at a time and the server answers in order, and the table is what an
    // operator opens the page for.
    entry: raise({ type: 'resources.load' }),
    type: 'parallel',
    on: {
      'resources.load': { actions: { type: 'fetch', params: { resources: EVERY_FETCH } } },
      // Side data: each answer is stored, each failure leaves what was shown (SPEC §8).
      ...resourceHandlers,
      // The status list moves the incidents' own records forward; its failure is silent too.
      'xstate.done.actor.statuses': {
        actions: { type: 'storeStatuses', params: ({ event }) => ({ statuses: event.output }) },
      },
      'xstate.error.actor.statuses': {},
      'anchors.refresh': { actions: { type: 'fetch', params: { resources: ['anchors'] } } },
      'pings.refresh': { actions: { type: 'fetch', params: { resources: ['pings', 'history'] } } },
      'place.select': {
        actions: [
          { type: 'selectPlace', params: ({ event }) => ({ placeId: event.placeId }) },
          {
            type: 'persist',
            params: ({ context, event }) => ({ key: placeKey(context.regionId), value: event.placeId }),
          },
          { type: 'fetch', params: { resources: ['safetyCredit'] } },
        ],
      },
      'filter.status': { actions: { type: 'filterByStatus', params: ({ event }) => ({ status: event.status }) } },
      'filter.search': { actions: { type: 'search', params: ({ event }) => ({ text: event.text }) } },
      'geofence.seed': { actions: [assign({ seedFailure: undefined }), 'seedGeofence'] },
      'xstate.done.actor.seedGeofence': { actions: { type: 'fetch', params: { resources: ['geofences'] } } },
      'zones.changed': {
        actions: assign(({ context, event }) => ({ geofences: applyZoneChange(context.geofences, event.change) })),
      },
      'zones.reload': { actions: { type: 'fetch', params: { resources: ['geofences'] } } },
      'xstate.error.actor.seedGeofence': {
        actions: { type: 'storeSeedFailure', params: ({ event }) => ({ error: event.error }) },
      },
      'connection.poll': {
        actions: [{ type: 'fetch', params: { resources: POLLED_FETCHES } }, 'raiseIncidentsChanged'],
      },
      'connection.message': {
        actions: { type: 'receiveMessage', params: ({ event }) => ({ message: event.message }) },
      },
      'connection.store': {
        actions: sendTo('storeHealth', ({ event }) => ({ type: 'store.notice' as const, notice: event.notice })),
      },
      // While the store is away (issue 47) nothing shown is dropped: a failed read leaves what was there.
      'store.retry': { actions: 'raiseIncidentsChanged' },
      'store.back': {
        actions: [{ type: 'fetch', params: { resources: EVERY_FETCH } }, 'raiseIncidentsChanged', 'catchUpChildren'],
      },
      'connection.pings': {
        actions: assign(({ context, event }) => ({ ...receivePings(context, event.pings), lastMessageAt: Date.now() })),
      },
      'incident.acknowledge': {
        actions: { type: 'startWrite', params: ({ event }) => ({ id: event.id, action: 'acknowledge' as const }) },
      },
      'incident.resolve': {
        actions: { type: 'startWrite', params: ({ event }) => ({ id: event.id, action: 'resolve' as const }) },
      },
      'incident.statusChanged': {
        actions: { type: 'storeStatusChange', params: ({ event }) => ({ id: event.id, status: event.status }) },
      },
      // A refused or failed write changes nothing, silently (SPEC §8).
      'incident.writeFailed': { actions: { type: 'endWrite', params: ({ event }) => ({ id: event.id }) } },
      'incidents.written': {
        actions: { type: 'storeWritten', params: ({ event }) => ({ incidents: event.incidents }) },
      },
      'details.open': {
        actions: {
          type: 'openDetails',
          params: ({ event }) => ({ incident: event.incident, user: event.user, mayPause: event.mayPause }),
        },
      },
      'details.close': { actions: 'closeDetails' },
      'incident.show': { actions: { type: 'showIncident', params: ({ event }) => ({ id: event.id }) } },
      'incidents.everyRegionLoaded': {
        actions: {
          type: 'storeEveryRegion',
          params: ({ event }) => ({
            incidents: event.incidents,
            heardSinceLoad: event.heardSinceLoad,
            announce: event.announce,
          }),
        },
      },
    },
    states: {
      incidents: incidentsRegion,
      lastKnown: lastKnownRegion,
      ...displayModes,
    },
  });
