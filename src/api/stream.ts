// Messages of the live stream, GET /panic-alerts/stream (API.md "Live stream").
import { z } from 'zod';
import { Alert, Geofence, GeofenceAlert, GpsPing, Incident } from './entities.ts';
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
  // A zone written (`geofence`, as GET /geofences answers it) or deleted (`deletedId`). Dashboards that
  // predate it drop it: parseStreamMessage answers undefined for a type it does not know.
  z.object({ type: z.literal('geofence_update'), geofence: Geofence.optional(), deletedId: z.string().optional() }),
]);
export type StreamMessage = z.infer<typeof StreamMessage>;
