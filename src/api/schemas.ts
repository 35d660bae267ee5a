// The wire contract (../shared/API.md) as zod schemas, shared by the server (validation, OpenAPI)
// and the dashboard (types, response checks). Requests are strict about types; unknown fields are stripped.
import { z } from 'zod';

export const MAX_ID_LENGTH = 128;
export const MAX_BODY_BYTES = 64 * 1024;
export const MAX_GPS_BATCH = 1000;
/** 1000 pings with ids and timestamps need ~120 KiB: the batch routes allow more than MAX_BODY_BYTES. */
export const MAX_BATCH_BODY_BYTES = 512 * 1024;
export const MAX_EVENTS_BATCH = 1000;

const finiteNumber = (field: string) =>
  z.number({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a number`) });

export const latitudeSchema = finiteNumber('latitude')
  .min(-90, 'latitude must be between -90 and 90')
  .max(90, 'latitude must be between -90 and 90');
export const longitudeSchema = finiteNumber('longitude')
  .min(-180, 'longitude must be between -180 and 180')
  .max(180, 'longitude must be between -180 and 180');

export const idSchema = (field: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .min(1, `${field} must not be empty`)
    .max(MAX_ID_LENGTH, `${field} must be at most ${MAX_ID_LENGTH} characters`);

/** touristId / deviceId: absent or null allowed (the reference phone app sends null). */
export const optionalId = (field: string) => idSchema(field).nullish();

const EARLIEST_TIME = Date.UTC(1970, 0, 1);

/** No device reports a time before 1970, and PostgreSQL has no year 0 and reads some early years differently. */
export const isoTime = (field: string) =>
  z.iso
    .datetime({ offset: true, error: `${field} must be an ISO 8601 date-time string` })
    .refine((value) => !(Date.parse(value) < EARLIEST_TIME), `${field} must not be before 1970`);

export const riskLevels = ['red', 'yellow', 'green'] as const;
export const RiskLevel = z.enum(riskLevels, { error: 'riskLevel must be one of red, yellow, green' });
export type RiskLevel = z.infer<typeof RiskLevel>;

export const incidentTypes = ['panic', 'geofence', 'safe', 'low_battery', 'status'] as const;
export const softIncidentTypes = ['safe', 'low_battery', 'status'] as const;
export const IncidentType = z.enum(incidentTypes);
export type IncidentType = z.infer<typeof IncidentType>;
export const Severity = z.enum(['high', 'medium', 'low']);
export type Severity = z.infer<typeof Severity>;
export const incidentStatuses = ['open', 'acknowledged', 'resolved'] as const;
export const IncidentStatus = z.enum(incidentStatuses);
export type IncidentStatus = z.infer<typeof IncidentStatus>;

// ---------- Entities (responses) ----------

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
  }),
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
});
export type Geofence = z.infer<typeof Geofence>;

export const Region = z.object({
  id: z.string(),
  name: z.string(),
  center: z.tuple([z.number(), z.number()]),
  timeZone: z.string(),
  contacts: z.array(z.object({ label: z.string(), phone: z.string() })),
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

// ---------- Stream messages ----------

export const StreamMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('snapshot'), alerts: z.array(Alert) }),
  z.object({ type: z.literal('alert'), alert: Alert }),
  z.object({ type: z.literal('incident_update'), incident: Incident }),
  z.object({ type: z.literal('gps'), ping: GpsPing }),
  z.object({ type: z.literal('geofence_alert'), alert: GeofenceAlert }),
]);
export type StreamMessage = z.infer<typeof StreamMessage>;

// ---------- Requests: bodies ----------

export const PanicAlertBody = z.object({
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  touristId: optionalId('touristId'),
  deviceId: optionalId('deviceId'),
  at: isoTime('at').optional(),
});
export type PanicAlertBody = z.infer<typeof PanicAlertBody>;

export const SoftAlertBody = z.object({
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  type: z.enum(softIncidentTypes, { error: 'type must be one of safe, low_battery, status' }),
  touristId: optionalId('touristId'),
  deviceId: optionalId('deviceId'),
});
export type SoftAlertBody = z.infer<typeof SoftAlertBody>;

export const GpsUpdateBody = z.object({
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  touristId: optionalId('touristId'),
  deviceId: optionalId('deviceId'),
  at: isoTime('at').optional(),
});
export type GpsUpdateBody = z.infer<typeof GpsUpdateBody>;

export const GpsBatchBody = z.object({
  pings: z
    .array(GpsUpdateBody, { error: 'pings must be a list of GPS pings' })
    .min(1, 'pings must not be empty')
    .max(MAX_GPS_BATCH, `pings must hold at most ${MAX_GPS_BATCH} pings`),
});
export type GpsBatchBody = z.infer<typeof GpsBatchBody>;

export const EventsBody = z.object({
  deviceId: optionalId('deviceId'),
  touristId: optionalId('touristId'),
  events: z
    .array(
      z.object({
        type: idSchema('type'),
        payload: z.unknown().optional(),
        createdAt: isoTime('createdAt').optional(),
      }),
      { error: 'events must be a list of events' },
    )
    .min(1, 'events must not be empty')
    .max(MAX_EVENTS_BATCH, `events must hold at most ${MAX_EVENTS_BATCH} events`),
});
export type EventsBody = z.infer<typeof EventsBody>;

export const IncidentIdBody = z.object({ id: idSchema('id') });
export type IncidentIdBody = z.infer<typeof IncidentIdBody>;

export const GeofenceBody = z.object({
  id: idSchema('id').optional(),
  name: z.string({ error: 'name must be a string' }).max(200, 'name must be at most 200 characters').optional(),
  riskLevel: RiskLevel,
  regionId: idSchema('regionId').optional(),
  polygon: Polygon,
  meta: z
    .object({ placeId: idSchema('meta.placeId').optional() }, { error: 'meta must be an object' })
    .catchall(z.unknown())
    .optional(),
});
export type GeofenceBody = z.infer<typeof GeofenceBody>;

export const DidIssueBody = z.object({
  kycType: z.string({ error: 'kycType must be a string' }).min(1, 'kycType must not be empty').max(64, 'kycType must be at most 64 characters'),
  kycHash: z
    .string({ error: 'kycHash must be a string' })
    .min(16, 'kycHash must be at least 16 characters')
    .max(256, 'kycHash must be at most 256 characters'),
  validDays: z
    .number({ error: 'validDays must be a number' })
    .int('validDays must be a whole number')
    .min(1, 'validDays must be between 1 and 60')
    .max(60, 'validDays must be between 1 and 60')
    .optional(),
});
export type DidIssueBody = z.infer<typeof DidIssueBody>;

export const DidVerifyBody = z.object({
  token: z.string({ error: 'token must be a string' }).min(1, 'token must not be empty').max(8192, 'token is too long'),
});

export const TouristRegisterBody = z.object({
  touristId: optionalId('touristId'),
  name: z.string({ error: 'name must be a string' }).max(200, 'name must be at most 200 characters').optional(),
});
export const DevicePairBody = z.object({
  touristId: idSchema('touristId'),
  bleAddress: z.string({ error: 'bleAddress must be a string' }).max(64, 'bleAddress must be at most 64 characters').optional(),
  deviceId: optionalId('deviceId'),
});

// ---------- Requests: query strings (values arrive as strings) ----------

const queryInt = (field: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be between ${min} and ${max}`)
    .max(max, `${field} must be between ${min} and ${max}`);

const regionFilter = idSchema('regionId').optional();
const minutesFilter = queryInt('minutes', 0, 525_600).optional();

export const IncidentsFilterQuery = z.object({ regionId: regionFilter, minutes: minutesFilter });
export const IncidentsQuery = z.object({ limit: queryInt('limit', 1, 500).default(100) });
export const PanicAlertsQuery = z.object({ limit: queryInt('limit', 1, 500).default(100) });
export const GeofencesQuery = z.object({ regionId: regionFilter });
export const SafetyScoreQuery = z.object({
  regionId: idSchema('regionId').default('default'),
  days: queryInt('days', 1, 3650).default(30),
});
export const SafetyCreditQuery = z.object({
  regionId: idSchema('regionId').default('default'),
  placeId: idSchema('placeId').optional(),
  days: queryInt('days', 1, 3650).default(30),
});
export const DidAnchorsQuery = z.object({ didId: idSchema('didId').optional() });
export const GpsLastQuery = z.object({
  limit: queryInt('limit', 1, 10_000).default(1000),
  sinceMinutes: queryInt('sinceMinutes', 0, 525_600).default(1440),
});
export const GpsHistoryQuery = z.object({
  minutes: minutesFilter,
  limit: queryInt('limit', 1, 1000).default(50),
  keys: queryInt('keys', 1, 1000).default(200),
});
export const EventsQuery = z.object({ limit: queryInt('limit', 1, 500).default(20) });
export const ExportQuery = z.object({ regionId: regionFilter, minutes: minutesFilter });
export const StreamQuery = z.object({ lastEventId: z.string().max(32).optional() });

// ---------- Responses the dashboard reads ----------

export const IncidentsResponse = z.object({ ok: z.literal(true), incidents: z.array(Incident) });
export const IncidentResponse = z.object({ ok: z.literal(true), incident: Incident });
export const CountResponse = z.object({ ok: z.literal(true), count: z.number() });
export const AlertsResponse = z.object({ ok: z.literal(true), alerts: z.array(Alert), count: z.number() });
export const GeofencesResponse = z.object({ ok: z.literal(true), geofences: z.array(Geofence) });
export const RegionsResponse = z.object({ ok: z.literal(true), regions: z.array(Region) });
export const AnchorsResponse = z.object({ ok: z.literal(true), anchors: z.array(DidAnchor) });
export const PingsResponse = z.object({ ok: z.literal(true), pings: z.array(GpsPing) });
export const GpsHistoryResponse = z.object({ ok: z.literal(true), history: GpsHistory });
export const EventsResponse = z.object({ ok: z.literal(true), events: z.array(DeviceEvent) });
export const DbModeResponse = z.object({ ok: z.literal(true), mode: z.enum(['pglite', 'postgres']) });
export const SafetyScoreResponse = z.object({
  ok: z.literal(true),
  regionId: z.string(),
  days: z.number(),
  score: z.number(),
  inputs: z.object({ incidents: z.number() }),
  computedAt: z.string(),
});
export const SafetyCreditResponse = z.object({
  ok: z.literal(true),
  score: z.number(),
  components: z.object({
    densityPenalty: z.number(),
    unresolvedPenalty: z.number(),
    softPenalty: z.number(),
    nightPenalty: z.number(),
  }),
  inputs: z.object({
    regionId: z.string(),
    placeId: z.string().nullable(),
    days: z.number(),
    total: z.number(),
    unresolved: z.number(),
    softAlerts: z.number(),
    nightCount: z.number(),
  }),
});
export const ErrorResponse = z.object({
  ok: z.literal(false),
  error: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

/** Key of a GPS ping or trail: touristId, else deviceId, else 'anon'. */
export function pingKey(p: { touristId?: string | null; deviceId?: string | null }): string {
  return p.touristId ?? p.deviceId ?? 'anon';
}

// ---------- DID responses ----------

export const DidClaims = z.object({
  sub: z.string(),
  kycType: z.string(),
  /** Digest of the anchor that recorded this DID in the local chain. */
  digest: z.string(),
  iss: z.string(),
  iat: z.number(),
  exp: z.number(),
});
export type DidClaims = z.infer<typeof DidClaims>;
export const DidIssueResponse = z.object({
  ok: z.literal(true),
  didId: z.string(),
  didToken: z.string(),
  expiresAt: z.string(),
  anchor: DidAnchor,
});
export const DidVerifyResponse = z.object({ ok: z.literal(true), claims: DidClaims });
export const DidChainResponse = z.object({
  ok: z.literal(true),
  intact: z.boolean(),
  length: z.number(),
  brokenAt: z.string().nullable(),
  reason: z.string().nullable(),
  headDigest: z.string().nullable(),
});
