// What one live-stream message does to the dashboard (SPEC §7): a GPS ping goes to the front of the
// pings and onto its trail; an alert, a snapshot or an incident update means the incidents shown may be
// out of date (a silent reload follows); an incident update of any region is merged into its record (the
// later status wins: the panic bar reads it) and, when the incident belongs to the table's load, puts it in
// the table at once: the operator sees a new panic without waiting for the reload that confirms it. A zone
// written or deleted is merged into the zones (the maps and the Zones view redraw it). A tourist erased takes
// its pings and trails away and renames its incidents as the store did. A note and any unknown message change
// nothing here.
import {
  pingKey,
  type Alert,
  type Geofence,
  type GpsHistory,
  type GpsPing,
  type Incident,
  type Region,
} from '../api/entities.ts';
import type { StreamMessage } from '../api/stream.ts';
import { mergeIncident, withMember, type TableIds } from './incident-records.ts';
import { currentFilter, inLoadedScope } from './incident-scope.ts';
import { heard, type HeardSinceLoad } from './load-race.ts';
import { receivePings } from './gps-pings.ts';
import { applyZoneChange } from './zone-records.ts';

/** The alert ids kept for the table; the oldest are forgotten first. */
export const MAX_REMEMBERED_ALERTS = 500;

/** The dashboard's fields a stream message may change, and the filter it is judged by. */
export interface StreamState {
  pings: GpsPing[];
  history: GpsHistory;
  /** Panic alert id per incident id, learnt from the stream (incidents do not carry it). */
  alertIds: Record<string, string>;
  incidents: Incident[];
  tableIds: TableIds;
  /** Incidents the stream put in the table since the current load was asked for (src/domain/load-race.ts). */
  heardSinceLoad: HeardSinceLoad;
  regionId: string;
  windowMinutes: number;
  regions: Region[];
  /** Every region's zones: a zone written or deleted anywhere is redrawn here without a reload (issue 31). */
  geofences?: Geofence[];
}

interface StreamOutcome {
  /** The context fields the message changes (none for a message the dashboard does not show). */
  changes: Partial<StreamState>;
  /** The incidents shown may be out of date. */
  incidentsChanged: boolean;
}

/** `now`: the page's clock, for the time window (ms since the epoch). */
export function applyStreamMessage(context: StreamState, message: StreamMessage, now = Date.now()): StreamOutcome {
  switch (message.type) {
    case 'gps':
      return { changes: receivePings(context, [message.ping]), incidentsChanged: false };
    case 'incident_update': {
      const { incident } = message;
      const shown = inLoadedScope(incident, currentFilter(context), now);
      return {
        changes: {
          incidents: mergeIncident(context.incidents, incident, { insert: true }),
          ...(shown && {
            tableIds: withMember(context.tableIds, incident.id),
            heardSinceLoad: heard(context.heardSinceLoad, incident.id),
          }),
        },
        incidentsChanged: true,
      };
    }
    case 'alert':
    case 'snapshot': {
      const alerts = message.type === 'alert' ? [message.alert] : message.alerts;
      return { changes: { alertIds: rememberAlertIds(context.alertIds, alerts) }, incidentsChanged: true };
    }
    // A region created or edited elsewhere (issue 31): its contacts, home view and boundary, at once.
    case 'region_update':
      return { changes: { regions: withRegion(context.regions, message.region) }, incidentsChanged: false };
    case 'geofence_update':
      return { changes: { geofences: applyZoneChange(context.geofences ?? [], message) }, incidentsChanged: false };
    case 'tourist_erased':
      return { changes: withoutTourist(context, message), incidentsChanged: true };
    // A geofence crossing is not shown here; a note changes no incident field (the dashboard hands the open
    // drawer its incident's notes).
    case 'geofence_alert':
    case 'incident_note':
      return { changes: {}, incidentsChanged: false };
    default:
      // A message type this dashboard does not know yet (a newer server) changes nothing.
      return { changes: {}, incidentsChanged: false };
  }
}

function rememberAlertIds(known: Record<string, string>, alerts: readonly Alert[]): Record<string, string> {
  const merged = { ...known, ...Object.fromEntries(alerts.map((alert) => [alert.incidentId, alert.id])) };
  const entries = Object.entries(merged);
  return entries.length > MAX_REMEMBERED_ALERTS ? Object.fromEntries(entries.slice(-MAX_REMEMBERED_ALERTS)) : merged;
}

/** The regions with `region` in its place (or added, in id order). */
export function withRegion(regions: readonly Region[], region: Region): Region[] {
  const others = regions.filter((known) => known.id !== region.id);
  return [...others, region].sort((a, b) => a.id.localeCompare(b.id));
}

type Erased = Extract<StreamMessage, { type: 'tourist_erased' }>;

/** The erased tourist's pings and trails gone, its incidents under the anonymous id with no device. */
export function withoutTourist(
  context: Pick<StreamState, 'pings' | 'history' | 'incidents'>,
  { touristId, pingKeys, anonymousId }: Erased,
): Pick<StreamState, 'pings' | 'history' | 'incidents'> {
  const keys = new Set([touristId, ...pingKeys]);
  const theirs = (ping: GpsPing) => keys.has(pingKey(ping)) || (ping.touristId !== null && keys.has(ping.touristId));
  const history = Object.fromEntries(Object.entries(context.history).filter(([key]) => !keys.has(key)));
  const incidents = context.incidents.map((incident) =>
    incident.touristId === touristId || (incident.deviceId !== null && keys.has(incident.deviceId))
      ? { ...incident, touristId: anonymousId, deviceId: null }
      : incident,
  );
  return { pings: context.pings.filter((ping) => !theirs(ping)), history, incidents };
}
