// The entities the API answers with (API.md "Entities"), as zod schemas and types.
import { z } from 'zod';
import { IncidentStatus, IncidentType, RiskLevel, Severity, latitudeSchema, longitudeSchema } from './fields.ts';
import { ContactKind } from './regions.ts';

export const Incident = z.object({
  id: z.string(),
  type: IncidentType,
  severity: Severity,
  status: IncidentStatus,
  latitude: z.number(),
  longitude: z.number(),
  /** When the server received it: the time every list orders and filters by. */
  createdAt: z.string(),
  /** The time the phone reported (its clock may be wrong), shown beside the receive time; null when none was sent. */
  reportedAt: z.string().nullable().optional(),
  acknowledgedAt: z.string().nullable(),
  resolvedAt: z.string().nullable(),
  regionId: z.string(),
  touristId: z.string().nullable(),
  deviceId: z.string().nullable(),
  meta: z.object({
    source: z.string(),
    geofenceId: z.string().optional(),
    riskLevel: RiskLevel.optional(),
    placeId: z.string().optional(),
    /** Optional fields of a panic that were malformed and repaired (U+FFFD) or dropped, so it could still be stored. */
    repaired: z.array(z.string()).optional(),
    /** A panic without coordinates (a wristband's SOS with no known position): latitude/longitude are the region's centre. */
    noLocation: z.boolean().optional(),
    /** A panic placed at the device's last known position, and when that position was taken. */
    positionAt: z.string().optional(),
    /** Why the call that raised it proved no tourist (no device token, an expired one, one naming another tourist). */
    unverified: z.string().optional(),
    /** An operator's test alert (the dashboard's Test Alert Mode), and who sent it. */
    test: z.boolean().optional(),
    sentBy: z.string().optional(),
    /** A watch incident's rule (issue 32) and its figures: when the tourist was last seen, for how long silent or still. */
    rule: z.string().optional(),
    lastSeenAt: z.string().optional(),
    silentForS: z.number().optional(),
    strandedForS: z.number().optional(),
    limitS: z.number().optional(),
    zoneId: z.string().optional(),
    atNight: z.boolean().optional(),
    afterLowBattery: z.boolean().optional(),
    /** When the tourist of a watch incident first sent something after it was raised (it stays open). */
    reportedAgainAt: z.string().optional(),
    /** Why the watch raised it, as a sentence for the drawer. */
    reason: z.string().optional(),
    /** A band or phone event that raised it (issue 32): its type (`sos`, `fall`, `heart_rate`, `spo2`, `removed`, `tamper`) and id. */
    event: z.string().optional(),
    eventId: z.string().optional(),
    /** A vitals incident's reading and the region's bound it passed (`min` or `max`). */
    value: z.number().optional(),
    bound: z.number().optional(),
    boundKind: z.enum(['min', 'max']).optional(),
    /** Raised under a region's watch settings shortened for a demonstration (`npm start -- --demo`). */
    demoLimits: z.boolean().optional(),
  }),
  /**
   * False when the call that raised it carried no valid device token naming its tourist. Always sent by
   * the server; optional only because stream events stored before it existed may be replayed without it.
   */
  verified: z.boolean().optional(),
  // Its history (issue 11). Always sent by the server; optional for the same reason as `verified`.
  /** Who acknowledged it: the signed-in operator, `anonymous` with sign-in off. */
  acknowledgedBy: z.string().nullable().optional(),
  resolvedBy: z.string().nullable().optional(),
  /** The operator handling it (a username), or null. */
  assignee: z.string().nullable().optional(),
  /** When the server escalated it: a panic left open and unacknowledged for ESCALATE_AFTER_S seconds. */
  escalatedAt: z.string().nullable().optional(),
  /** Responders (issue 34): when the first unit was dispatched, and when the first reached the scene. */
  dispatchedAt: z.string().nullable().optional(),
  onSceneAt: z.string().nullable().optional(),
});
export type Incident = z.infer<typeof Incident>;

export const Alert = z.object({
  id: z.string(),
  incidentId: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  /** Server receive time. */
  at: z.string(),
  /** The phone's own time, when it sent one. */
  reportedAt: z.string().nullable().optional(),
  regionId: z.string(),
  touristId: z.string().nullable().optional(),
  deviceId: z.string().nullable().optional(),
  geofenceId: z.string().optional(),
  riskLevel: RiskLevel.optional(),
  placeId: z.string().optional(),
  /** As the incident's: false when the panic's call proved no tourist (the dashboard marks it unverified). */
  verified: z.boolean().optional(),
});
export type Alert = z.infer<typeof Alert>;

export const Polygon = z
  .array(z.tuple([latitudeSchema, longitudeSchema], { error: 'polygon points must be [latitude, longitude] pairs' }), {
    error: 'polygon must be a list of [latitude, longitude] pairs',
  })
  .min(3, 'polygon must have at least 3 points')
  .max(10_000, 'polygon must have at most 10000 points');

export const Geofence = z.object({
  id: z.string(),
  name: z.string(),
  riskLevel: RiskLevel,
  regionId: z.string(),
  polygon: z.array(z.tuple([z.number(), z.number()])),
  meta: z.object({ placeId: z.string().optional() }).catchall(z.unknown()),
  // Beyond API.md (issue 31): the zone's version for If-Match, and who saved it last and when.
  version: z.number().int().optional(),
  updatedBy: z.string().nullable().optional(),
  updatedAt: z.string().optional(),
});
export type Geofence = z.infer<typeof Geofence>;

// `center` is the home view's centre (API.md's field); issue 31 adds the rest (src/api/regions.ts).
export const Region = z.object({
  id: z.string(),
  name: z.string(),
  center: z.tuple([z.number(), z.number()]),
  timeZone: z.string(),
  contacts: z.array(
    z.object({
      label: z.string(),
      phone: z.string(),
      kind: ContactKind,
      position: z.tuple([z.number(), z.number()]).optional(),
    }),
  ),
  homeView: z.object({ center: z.tuple([z.number(), z.number()]), zoom: z.number() }),
  boundary: z.array(z.tuple([z.number(), z.number()])).nullable(),
  updatedAt: z.string(),
});
export type Region = z.infer<typeof Region>;

export const GpsPing = z.object({
  touristId: z.string().nullable(),
  deviceId: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  at: z.string(),
});
export type GpsPing = z.infer<typeof GpsPing>;

export const GpsHistoryPoint = z.object({ latitude: z.number(), longitude: z.number(), at: z.string() });
export type GpsHistoryPoint = z.infer<typeof GpsHistoryPoint>;
export const GpsHistory = z.record(z.string(), z.array(GpsHistoryPoint));
export type GpsHistory = z.infer<typeof GpsHistory>;

export const DeviceEvent = z.object({
  id: z.string(),
  type: z.string(),
  deviceId: z.string().nullable(),
  touristId: z.string().nullable(),
  payload: z.unknown(),
  createdAt: z.string(),
});
export type DeviceEvent = z.infer<typeof DeviceEvent>;

export const DidAnchor = z.object({
  id: z.string(),
  didId: z.string(),
  digest: z.string(),
  chain: z.string(),
  status: z.string(),
  createdAt: z.string(),
  prevDigest: z.string().nullable(),
});
export type DidAnchor = z.infer<typeof DidAnchor>;

export const GeofenceAlert = z.object({
  id: z.string(),
  action: z.enum(['enter', 'exit']),
  geofenceId: z.string(),
  riskLevel: RiskLevel,
  regionId: z.string(),
  placeId: z.string().optional(),
  incidentId: z.string().optional(),
  touristId: z.string().nullable(),
  deviceId: z.string().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  at: z.string(),
});
export type GeofenceAlert = z.infer<typeof GeofenceAlert>;

/** Key of a GPS ping or trail: touristId, else deviceId, else 'anon'. */
export function pingKey(p: { touristId?: string | null; deviceId?: string | null }): string {
  return p.touristId ?? p.deviceId ?? 'anon';
}
