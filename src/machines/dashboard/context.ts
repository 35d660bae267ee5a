// What the dashboard machine keeps and hears: the operator's choices, the incidents (one record each, its
// status inside it: the page's one copy), and the side data of the resource table.
import type { GpsPing, Incident } from '../../api/entities.ts';
import type { IncidentStatus } from '../../api/fields.ts';
import type { StreamMessage } from '../../api/stream.ts';
import type { StoreNotice } from '../../api/store-health.ts';
import type { StatusFilter } from '../../domain/incident-filters.ts';
import type { HeardSinceLoad } from '../../domain/load-race.ts';
import type { TableIds } from '../../domain/incident-records.ts';
import type { Preferences } from '../../domain/preferences.ts';
import type { ZoneChange } from '../../domain/zone-records.ts';
import type { NotificationPermissionState } from '../notificationsMachine.ts';
import { initialResourceData, type ResourceData, type ResourceEvent } from './resources.ts';
import type { LastKnownSource } from '../../domain/last-known-state.ts';

export interface DashboardContext extends ResourceData {
  regionId: string;
  windowMinutes: number;
  placeByRegion: Record<string, string>;
  darkPreferred: boolean;
  statusFilter: StatusFilter;
  search: string;
  /** Every incident the page knows, one record each (the table's, and every region's for the panic bar):
   * every part of the page reads an incident's status here. */
  incidents: Incident[];
  /** The incidents the table shows (tableIncidentsOf in src/domain/incident-records.ts). */
  tableIds: TableIds;
  /** Incidents the stream put in the table since the current load was asked for: its answer may miss them. */
  heardSinceLoad: HeardSinceLoad;
  /** Panic alert id per incident id, learnt from the stream (incidents do not carry it). */
  alertIds: Record<string, string>;
  /** The incident whose details drawer is open (the `details` child): the stream's news of it is handed on. */
  openedId: string | undefined;
  loadError: string | undefined;
  /** The alarm's `Sound` switch as stored, handed to the panic watch's alarm. */
  soundPreferred: boolean;
  /** The browser's answer on desktop notifications when the page opened (the view reads it), for the panic watch. */
  notificationPermission: NotificationPermissionState;
  /** The incident the operator last asked to see (panic bar's Show, a notification): its row is
   * highlighted and the map flies to it. `seq` tells two asks for the same incident apart. */
  focus: IncidentFocus | undefined;
  /** Why the last 'Seed Test Geofence' failed, as the popup says it; cleared by the next seed. */
  seedFailure: string | undefined;
  /** When the stream last brought a message (ms since the epoch), kept with the last known state. */
  lastMessageAt: number | undefined;
  /** What the last known state was last kept from (src/machines/dashboard/lastKnown.ts): compared by identity. */
  keptFrom: LastKnownSource | undefined;
}

export interface IncidentFocus {
  id: string;
  latitude: number;
  longitude: number;
  seq: number;
}

type Done<Id extends string, Output> = { type: `xstate.done.actor.${Id}`; output: Output };
type Failed<Id extends string> = { type: `xstate.error.actor.${Id}`; error: unknown };

export type DashboardEvent =
  | { type: 'dashboard.refresh' }
  | { type: 'dashboard.refreshAll' }
  | { type: 'resources.load' }
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
  /** A zone the Zones view saved or deleted (its answer; the stream brings the same to every other page). */
  | { type: 'zones.changed'; change: ZoneChange }
  /** The zones read again (after an import). */
  | { type: 'zones.reload' }
  | { type: 'incidents.changed' }
  | { type: 'connection.poll' }
  | { type: 'connection.message'; message: StreamMessage }
  | { type: 'connection.pings'; pings: GpsPing[] }
  /** The stream's word on the store (issue 47), handed to the store's health (storeHealthMachine). */
  | { type: 'connection.store'; notice: StoreNotice }
  /** The store is still away: the table is read again. */
  | { type: 'store.retry' }
  /** The store is back: every list is read once, the stream brings what it missed. */
  | { type: 'store.back' }
  /** A row's or the panic bar's buttons: one write each, by the incident's lifecycle (incidentMachine). */
  | { type: 'incident.acknowledge'; id: string }
  | { type: 'incident.resolve'; id: string }
  | { type: 'incident.statusChanged'; id: string; status: IncidentStatus }
  | { type: 'incident.writeFailed'; id: string }
  /** Incidents as a write left them (bulk triage, the drawer). */
  | { type: 'incidents.written'; incidents: Incident[]; from: 'bulk' | 'details' }
  | { type: 'details.open'; incident: Incident; user: string; mayPause?: boolean }
  | { type: 'details.close' }
  /** The panic bar's Show, a notification's click: an open panic of any region. */
  | { type: 'incident.show'; id: string }
  /** The panic watch's load of every region's incidents answered; `announce`: open panics it adds are new. */
  | { type: 'incidents.everyRegionLoaded'; incidents: Incident[]; heardSinceLoad: HeardSinceLoad; announce: boolean }
  | Done<'incidents', Incident[]>
  | Failed<'incidents'>
  | Done<'statuses', Record<string, IncidentStatus>>
  | Failed<'statuses'>
  | Done<'seedGeofence', unknown>
  | Failed<'seedGeofence'>
  | ResourceEvent;

/** `notificationPermission`: unknown is taken as unsupported (nothing offered). */
export function initialContext(
  preferences: Preferences,
  notificationPermission: NotificationPermissionState = 'unsupported',
): DashboardContext {
  return {
    ...initialResourceData(),
    regionId: preferences.regionId,
    windowMinutes: preferences.windowMinutes,
    placeByRegion: preferences.placeByRegion,
    darkPreferred: preferences.dark,
    statusFilter: 'all',
    search: '',
    incidents: [],
    tableIds: new Set(),
    heardSinceLoad: [],
    alertIds: {},
    openedId: undefined,
    loadError: undefined,
    soundPreferred: preferences.sound ?? true,
    notificationPermission,
    focus: undefined,
    seedFailure: undefined,
    lastMessageAt: undefined,
    keptFrom: undefined,
  };
}

export const currentPlace = (context: Pick<DashboardContext, 'placeByRegion' | 'regionId'>): string =>
  context.placeByRegion[context.regionId] ?? '';

/** The child that performs an incident's write while it is on its way (the row shows it busy). */
export const writeId = (incidentId: string) => `write:${incidentId}`;
