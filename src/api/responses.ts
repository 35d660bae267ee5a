// Answers the dashboard and devices read (API.md "Read routes", scores, DID).
import { z } from 'zod';
import { Alert, DeviceEvent, DidAnchor, Geofence, GpsHistory, GpsPing, Incident, Region } from './entities.ts';
import { IncidentStatus, IncidentType } from './fields.ts';
import { EmergencyContact, ItineraryStop } from './trip.ts';

export const IncidentsResponse = z.object({ ok: z.literal(true), incidents: z.array(Incident) });
/**
 * With `changedSince`: `incidents` holds only the list's incidents written since that revision, and `ids`
 * the whole list in order. `revision` is what to ask since next time.
 */
export const IncidentsFilterResponse = IncidentsResponse.extend({
  revision: z.string(),
  changedSince: z.string().optional(),
  ids: z.array(z.string()).optional(),
});
export const IncidentResponse = z.object({ ok: z.literal(true), incident: Incident });

/** With `ids`: every incident looked at is in exactly one of the three lists; unknown ids are refused. */
export const IncidentsBulkResponse = z.object({
  ok: z.literal(true),
  incidents: z.array(Incident),
  changed: z.number(),
  unchanged: z.array(z.string()),
  refused: z.array(z.object({ id: z.string(), error: z.string() })),
});
export type IncidentsBulkResponse = z.infer<typeof IncidentsBulkResponse>;
/** `{incident}` for a request with `id`, the bulk answer for one with `ids`. */
export const IncidentStatusResponse = z.union([IncidentResponse, IncidentsBulkResponse]);

export const timelineActions = [
  'raised',
  'acknowledged',
  'note',
  'assigned',
  'unassigned',
  'escalated',
  'resolved',
  // The watch (issue 32): the tourist of a silent or stranded incident sent something again; watching paused or resumed.
  'reported_again',
  'watch_paused',
  'watch_resumed',
  // A unit sent (issue 34): dispatched, on scene, stood down or handed over.
  'dispatched',
  'on_scene',
  'stood_down',
  'handed_over',
] as const;
export const TimelineAction = z.enum(timelineActions);
export type TimelineAction = z.infer<typeof TimelineAction>;

/** One step of an incident's history; `actor` is an operator's username, `anonymous`, `system`, or who raised it. */
export const TimelineEntry = z.object({
  at: z.string(),
  actor: z.string(),
  action: TimelineAction,
  note: z.string().optional(),
  /** Whom an `assigned` entry assigned it to. */
  assignee: z.string().optional(),
  /** The unit a dispatch step is about, by name. */
  unit: z.string().optional(),
});
export type TimelineEntry = z.infer<typeof TimelineEntry>;
export const IncidentTimelineResponse = z.object({ ok: z.literal(true), entries: z.array(TimelineEntry) });
export const IncidentNoteResponse = z.object({ ok: z.literal(true), entry: TimelineEntry });
export const PanicAlertResponse = z.object({ ok: z.literal(true), alert: Alert, incident: Incident });
export const CountResponse = z.object({ ok: z.literal(true), count: z.number() });
/**
 * An alert as `GET /panic-alerts` lists it: API.md's fields, plus what the reference phone app's alert
 * history renders (issue 30): its incident's `type` and `status`, `timestamp` (the same instant as `at`)
 * and `location` as text for a table cell ("25.5788, 91.8933").
 */
export const ListedAlert = Alert.extend({
  type: IncidentType,
  status: IncidentStatus,
  timestamp: z.string(),
  location: z.string(),
});
export type ListedAlert = z.infer<typeof ListedAlert>;
export const AlertsResponse = z.object({ ok: z.literal(true), alerts: z.array(ListedAlert), count: z.number() });
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
  /** `unavailable` while the store is away (issue 47): the console says so, and panics are still taken. */
  store: z.literal('unavailable').optional(),
});
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const DidClaims = z.object({
  sub: z.string(),
  kycType: z.string(),
  /** Digest of the anchor that recorded this DID in the local chain. */
  digest: z.string(),
  /** The tourist the token acts for; absent on a token issued without one, which verifies no tourist. */
  touristId: z.string().optional(),
  /** Issue 34: the trip and whom to call, when the phone sent them to /did/issue. */
  itinerary: z.array(ItineraryStop).optional(),
  emergencyContacts: z.array(EmergencyContact).optional(),
  /** Issue 46: the free-text itinerary and the phone-string contacts, as the reference phone app sends them. */
  itineraryNote: z.string().optional(),
  emergencyPhones: z.array(z.string()).optional(),
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
  /** Whole days the token lasts: what was asked for, brought into 1..60. */
  validDays: z.number().int(),
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
