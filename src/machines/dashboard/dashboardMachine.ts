// The dashboard's data: everything the page shows, loaded in parallel, kept fresh by the stream (or by
// polling while it is down), filtered on the client, with the operator's preferences kept in storage.
// Composed of the side-resource table (resources.ts), the incidents region (incidents.ts) and the
// display modes (displayModes.ts); what a stream message does is src/domain/stream-messages.ts.
import { assign, enqueueActions, raise } from 'xstate';
import { serverErrorOrMessage } from '../../api/client.ts';
import type { StreamMessage } from '../../api/stream.ts';
import type { StatusFilter } from '../../domain/incident-filters.ts';
import { placeKey } from '../../domain/preferences.ts';
import type { PanicSummary } from '../../domain/open-panics.ts';
import { initialContext } from './context.ts';
import { displayGuards, displayModes } from './displayModes.ts';
import { incidentsRegion, incidentsSetup } from './incidents.ts';
import { EVERY_RESOURCE, POLLED_RESOURCES, resourceHandlers } from './resources.ts';
import { filtersToShow } from '../../domain/show-incident.ts';
import { receivePings } from '../../domain/gps-pings.ts';
import { applyStreamMessage } from '../../domain/stream-messages.ts';
import { testGeofenceFor } from '../../domain/test-geofence.ts';

export const dashboardMachine = incidentsSetup
  .extend({
    guards: displayGuards,
    actions: {
      selectPlace: assign(({ context }, { placeId }: { placeId: string }) => ({
        placeByRegion: { ...context.placeByRegion, [context.regionId]: placeId },
      })),
      filterByStatus: assign((_, { status }: { status: StatusFilter }) => ({ statusFilter: status })),
      search: assign((_, { text }: { text: string }) => ({ search: text })),
      receiveMessage: enqueueActions(({ context, enqueue }, { message }: { message: StreamMessage }) => {
        const { changes, statusReport, incidentsChanged } = applyStreamMessage(context, message, Date.now());
        if (Object.keys(changes).length) enqueue.assign(changes);
        if (changes.incidents) enqueue.raise({ type: 'incidents.streamed' });
        const ref = statusReport && context.incidentRefs[statusReport.id];
        if (ref) enqueue.sendTo(ref, { type: 'incident.sync', status: statusReport.status });
        if (incidentsChanged) enqueue.raise({ type: 'incidents.changed' });
        // Every region's panics, whatever this page shows (issue 11): the panic watch reads every message.
        enqueue.sendTo('panicWatch', { type: 'panics.message', message });
      }),
      showIncident: enqueueActions(({ context, enqueue }, { panic }: { panic: PanicSummary }) => {
        const changes = filtersToShow(context, panic);
        if (changes.regionId !== undefined) enqueue.raise({ type: 'region.select', regionId: changes.regionId });
        if (changes.windowMinutes !== undefined) enqueue.raise({ type: 'window.select', minutes: changes.windowMinutes });
        if (changes.statusFilter !== undefined) enqueue.raise({ type: 'filter.status', status: changes.statusFilter });
        if (changes.search !== undefined) enqueue.raise({ type: 'filter.search', text: changes.search });
        enqueue.assign({
          focus: { id: panic.id, latitude: panic.latitude, longitude: panic.longitude, seq: (context.focus?.seq ?? 0) + 1 },
        });
      }),
      tellPanicWatch: enqueueActions(({ enqueue }, { id, status }: { id: string; status: string }) => {
        if (status !== 'open') enqueue.sendTo('panicWatch', { type: 'panic.closed', id });
      }),
      seedGeofence: enqueueActions(({ context, enqueue }) => {
        enqueue.stopChild('seedGeofence');
        enqueue.spawnChild('seedGeofence', { id: 'seedGeofence', input: testGeofenceFor(context.incidents) });
      }),
      // The view raises the popup with this text (SPEC §8): a statechart shows nothing itself.
      storeSeedFailure: assign((_, { error }: { error: unknown }) => ({ seedFailure: `Failed to seed geofence: ${serverErrorOrMessage(error)}` })),
    },
  })
  .createMachine({
    id: 'dashboard',
    context: ({ input }) => initialContext(input.preferences),
    invoke: [
      { id: 'connection', src: 'connection' },
      { id: 'testAlert', src: 'testAlert' },
      { id: 'panicWatch', src: 'panicWatch', input: ({ context }) => ({ sound: context.soundPreferred }) },
    ],
    // Raised, so the side data is asked for after the table's incidents (the incidents region's invoke): the
    // browser sends six requests at a time and the server answers in order, and the table is what an
    // operator opens the page for.
    entry: raise({ type: 'resources.load' }),
    type: 'parallel',
    on: {
      'resources.load': { actions: { type: 'fetch', params: { resources: EVERY_RESOURCE } } },
      // Side data: each answer is stored, each failure leaves what was shown (SPEC §8).
      ...resourceHandlers,
      // The rows' lifecycles follow the statuses too.
      'xstate.done.actor.statuses': {
        actions: [{ type: 'storeResource', params: { id: 'statuses' } }, 'syncIncidentActors'],
      },
      'anchors.refresh': { actions: { type: 'fetch', params: { resources: ['anchors'] } } },
      'pings.refresh': { actions: { type: 'fetch', params: { resources: ['pings', 'history'] } } },
      'place.select': {
        actions: [
          { type: 'selectPlace', params: ({ event }) => ({ placeId: event.placeId }) },
          { type: 'persist', params: ({ context, event }) => ({ key: placeKey(context.regionId), value: event.placeId }) },
          { type: 'fetch', params: { resources: ['safetyCredit'] } },
        ],
      },
      'filter.status': { actions: { type: 'filterByStatus', params: ({ event }) => ({ status: event.status }) } },
      'filter.search': { actions: { type: 'search', params: ({ event }) => ({ text: event.text }) } },
      'geofence.seed': { actions: [assign({ seedFailure: undefined }), 'seedGeofence'] },
      'xstate.done.actor.seedGeofence': { actions: { type: 'fetch', params: { resources: ['geofences'] } } },
      'xstate.error.actor.seedGeofence': {
        actions: { type: 'storeSeedFailure', params: ({ event }) => ({ error: event.error }) },
      },
      'connection.poll': {
        actions: [{ type: 'fetch', params: { resources: POLLED_RESOURCES } }, 'raiseIncidentsChanged'],
      },
      'connection.message': { actions: { type: 'receiveMessage', params: ({ event }) => ({ message: event.message }) } },
      'connection.pings': { actions: assign(({ context, event }) => receivePings(context, event.pings)) },
      // A streamed incident's new row gets its lifecycle at once, as a loaded one does.
      'incidents.streamed': { actions: 'syncIncidentActors' },
      'rows.rendered': {
        actions: [{ type: 'storeRenderedIds', params: ({ event }) => ({ ids: event.ids }) }, 'syncIncidentActors'],
      },
      'incident.statusChanged': {
        actions: [
          { type: 'storeStatusChange', params: ({ event }) => ({ id: event.id, status: event.status }) },
          { type: 'tellPanicWatch', params: ({ event }) => ({ id: event.id, status: event.status }) },
        ],
      },
      'incident.show': { actions: { type: 'showIncident', params: ({ event }) => ({ panic: event.panic }) } },
    },
    states: {
      incidents: incidentsRegion,
      ...displayModes,
    },
  });
