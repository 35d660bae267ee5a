// The dashboard machine's types and actors, with the actions every region uses: (re)loading side data
// and keeping the operator's preferences. The regions extend it with their own implementations.
import { assign, enqueueActions, fromPromise, setup } from 'xstate';
import {
  createGeofence,
  fetchIncidents,
  fetchIncidentStatuses,
  type IncidentFilter,
  type NewGeofence,
} from '../../api/client.ts';
import type { Incident } from '../../api/entities.ts';
import type { IncidentStatus } from '../../api/fields.ts';
import { bulkTriageMachine } from '../bulkTriageMachine.ts';
import { connectionMachine } from '../connectionMachine.ts';
import { incidentDetailsMachine } from '../incidentDetailsMachine.ts';
import { incidentMachine } from '../incidentMachine.ts';
import type { NotificationPermissionState } from '../notificationsMachine.ts';
import { panicWatchMachine } from '../panicWatchMachine.ts';
import { storeHealthMachine } from '../storeHealthMachine.ts';
import type { Preferences } from '../../domain/preferences.ts';
import { storePreference } from '../../browser/storage.ts';
import { saveLastKnown } from '../../browser/last-known-store.ts';
import { testAlertMachine } from '../testAlertMachine.ts';
import { currentPlace, type DashboardContext, type DashboardEvent } from './context.ts';
import { loaderOf, resourceActors, STATUS_LIST, storeAnswer, type FetchedId, type ResourceId } from './resources.ts';

export const dashboardSetup = setup({
  types: {
    context: {} as DashboardContext,
    input: {} as { preferences: Preferences; notificationPermission?: NotificationPermissionState },
    events: {} as DashboardEvent,
  },
  actors: {
    connection: connectionMachine,
    testAlert: testAlertMachine,
    bulkTriage: bulkTriageMachine,
    incident: incidentMachine,
    details: incidentDetailsMachine,
    panicWatch: panicWatchMachine,
    storeHealth: storeHealthMachine,
    loadStatuses: fromPromise<Record<string, IncidentStatus>>(() => fetchIncidentStatuses()),
    loadIncidents: fromPromise<Incident[], IncidentFilter & { whole?: boolean }>(({ input: { whole, ...filter } }) =>
      fetchIncidents(filter, { whole }),
    ),
    storePreference,
    saveLastKnown,
    seedGeofence: fromPromise<unknown, NewGeofence>(({ input }) => createGeofence(input)),
    ...resourceActors,
  },
  actions: {
    fetch: enqueueActions(({ context, enqueue }, { resources }: { resources: readonly FetchedId[] }) => {
      const input = { regionId: context.regionId, placeId: currentPlace(context) };
      for (const id of resources) {
        // The newest request wins: an older answer for another region must not land after it.
        enqueue.stopChild(id);
        if (id === STATUS_LIST) enqueue.spawnChild('loadStatuses', { id });
        else enqueue.spawnChild(loaderOf(id), { id, input });
      }
    }),
    storeResource: assign(({ context, event }, { id }: { id: ResourceId }) =>
      event.type === `xstate.done.actor.${id}` && 'output' in event ? storeAnswer(context, id, event.output) : {},
    ),
    persist: enqueueActions(({ enqueue }, write: { key: string; value: string }) =>
      enqueue.spawnChild('storePreference', { input: write }),
    ),
  },
});
