// Messages of the live stream, GET /panic-alerts/stream (API.md "Live stream").
import { z } from 'zod';
import { Alert, Geofence, GeofenceAlert, GpsPing, Incident, Region } from './entities.ts';
import { TimelineEntry } from './responses.ts';

export const StreamMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('snapshot'), alerts: z.array(Alert) }),
  z.object({ type: z.literal('alert'), alert: Alert }),
  // `entry`: the timeline step written with the change (acknowledged, resolved, assigned, unassigned,
  // escalated), so an open drawer adds it without reading the timeline again; absent for a new incident.
  z.object({ type: z.literal('incident_update'), incident: Incident, entry: TimelineEntry.optional() }),
  z.object({ type: z.literal('gps'), ping: GpsPing }),
  z.object({ type: z.literal('geofence_alert'), alert: GeofenceAlert }),
  // A note changes no incident field, so it is its own message: the timeline entry and whose it is.
  z.object({ type: z.literal('incident_note'), incidentId: z.string(), entry: TimelineEntry }),
  // A region created or edited (issue 31): open dashboards read its contacts, home view and boundary again.
  z.object({ type: z.literal('region_update'), region: Region }),
  // A zone written (`geofence`, as GET /geofences answers it) or deleted (`deletedId`). Dashboards that
  // predate it drop it: parseStreamMessage answers undefined for a type it does not know.
  z.object({ type: z.literal('geofence_update'), geofence: Geofence.optional(), deletedId: z.string().optional() }),
  // A tourist erased by an admin (DELETE /tourists/{id}): open dashboards drop the pings and trails kept under
  // `pingKeys` (the tourist's id and its devices') and show its incidents under `anonymousId`, as the store now does.
  z.object({
    type: z.literal('tourist_erased'),
    touristId: z.string(),
    pingKeys: z.array(z.string()),
    anonymousId: z.string(),
  }),
]);
export type StreamMessage = z.infer<typeof StreamMessage>;
