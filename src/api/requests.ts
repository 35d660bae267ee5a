// Request bodies (API.md "Write and ingest routes"). Strict about types; unknown fields are stripped.
import { z } from 'zod';
import { Polygon } from './entities.ts';
import { tripFields, tripOf } from './trip.ts';
import {
  MAX_EVENTS_BATCH,
  MAX_GPS_BATCH,
  MAX_ID_LENGTH,
  RiskLevel,
  idSchema,
  isoTime,
  latitudeSchema,
  longitudeSchema,
  optionalId,
  softIncidentTypes,
} from './fields.ts';

/** Where a phone is and when it says so: a panic and a GPS ping carry the same fields. */
const positionReport = {
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  touristId: optionalId('touristId'),
  deviceId: optionalId('deviceId'),
  at: isoTime('at').optional(),
};

export const PanicAlertBody = z.object(positionReport);
export type PanicAlertBody = z.infer<typeof PanicAlertBody>;

/** A test alert an operator sends by clicking the map: raised like a panic, marked as a test, audited. */
export const TestAlertBody = z.object({ latitude: latitudeSchema, longitude: longitudeSchema });
export type TestAlertBody = z.infer<typeof TestAlertBody>;

export const SoftAlertBody = z.object({
  latitude: latitudeSchema,
  longitude: longitudeSchema,
  type: z.enum(softIncidentTypes, { error: 'type must be one of safe, low_battery, status' }),
  touristId: optionalId('touristId'),
  deviceId: optionalId('deviceId'),
});
export type SoftAlertBody = z.infer<typeof SoftAlertBody>;

export const GpsUpdateBody = z.object(positionReport);
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
        id: idSchema('id')
          .optional()
          .describe(
            "Not in API.md (issue 32): the device's id for the event; an sos or fall sent again with the same id raises its panic once",
          ),
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

export const MAX_NOTE_LENGTH = 2000;
export const MAX_BULK_IDS = 500;
export const MAX_ASSIGNEE_LENGTH = 64;

const noteText = z
  .string({ error: (issue) => (issue.input === undefined ? 'note is required' : 'note must be a string') })
  .trim()
  .max(MAX_NOTE_LENGTH, `note must be at most ${MAX_NOTE_LENGTH} characters`);

const bulkIds = z
  .array(
    z
      .string({ error: 'ids must hold only strings' })
      .min(1, 'ids must not hold an empty id')
      .max(MAX_ID_LENGTH, `ids must hold ids of at most ${MAX_ID_LENGTH} characters`),
    { error: 'ids must be a list of incident ids' },
  )
  .min(1, 'ids must hold at least one id')
  .max(MAX_BULK_IDS, `ids must hold at most ${MAX_BULK_IDS} ids`);

/** Acknowledge or resolve one incident (`id`) or many in one transaction (`ids`), with an optional note. */
export const IncidentStatusBody = z
  .object({ id: idSchema('id').optional(), ids: bulkIds.optional(), note: noteText.optional() })
  .superRefine((body, ctx) => {
    if (body.id === undefined && body.ids === undefined) {
      ctx.addIssue({ code: 'custom', path: ['id'], message: 'id is required (or ids, a list of incident ids)' });
    } else if (body.id !== undefined && body.ids !== undefined) {
      ctx.addIssue({
        code: 'custom',
        path: ['ids'],
        message: 'ids must not be sent together with id; send one of them',
      });
    }
  });
export type IncidentStatusBody = z.infer<typeof IncidentStatusBody>;

export const IncidentNoteBody = z.object({ id: idSchema('id'), note: noteText.min(1, 'note must not be empty') });
export type IncidentNoteBody = z.infer<typeof IncidentNoteBody>;

/** `assignee: null` unassigns. */
export const IncidentAssignBody = z.object({
  id: idSchema('id'),
  assignee: z
    .string({
      error: (issue) =>
        issue.input === undefined
          ? 'assignee is required (a username, or null to unassign)'
          : 'assignee must be a username or null',
    })
    .trim()
    .min(1, 'assignee must not be empty (send null to unassign)')
    .max(MAX_ASSIGNEE_LENGTH, `assignee must be at most ${MAX_ASSIGNEE_LENGTH} characters`)
    .nullable(),
});
export type IncidentAssignBody = z.infer<typeof IncidentAssignBody>;

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

/** The longest a Digital ID lasts (a trip); a longer one asked for is issued for this many days. */
export const MAX_VALID_DAYS = 60;

export const DidIssueBody = z
  .object({
    kycType: z
      .string({ error: 'kycType must be a string' })
      .min(1, 'kycType must not be empty')
      .max(64, 'kycType must be at most 64 characters'),
    kycHash: z
      .string({ error: 'kycHash must be a string' })
      .min(16, 'kycHash must be at least 16 characters')
      .max(256, 'kycHash must be at most 256 characters'),
    /**
     * The reference phone app sends `Number(tripDays) || 14` from a free number input, so 90 or 1.5 arrive as
     * typed: a number is brought into 1..60 whole days (the answer's `validDays` and `expiresAt` say what was
     * issued); only what is not a number is refused.
     */
    validDays: z
      .number({ error: 'validDays must be a number' })
      .transform((days) => Math.min(MAX_VALID_DAYS, Math.max(1, Math.ceil(days))))
      .optional(),
    /** Issue on behalf of this tourist (a supervisor's act when sign-in is on): the token then acts as that tourist. */
    touristId: optionalId('touristId'),
    /**
     * Issue 34: carried in the token's claims as the reference phone app shows them on its Digital ID; its free-text
     * itinerary and phone-string contacts as `itineraryNote` and `emergencyPhones` (issue 46).
     */
    ...tripFields,
  })
  .transform(({ itinerary, emergencyContacts, ...rest }) => ({ ...rest, ...tripOf({ itinerary, emergencyContacts }) }));
export type DidIssueBody = z.infer<typeof DidIssueBody>;

export const DidVerifyBody = z.object({
  token: z.string({ error: 'token must be a string' }).min(1, 'token must not be empty').max(8192, 'token is too long'),
});

export const DevicePairBody = z.object({
  touristId: idSchema('touristId'),
  bleAddress: z
    .string({ error: 'bleAddress must be a string' })
    .max(64, 'bleAddress must be at most 64 characters')
    .optional(),
  deviceId: optionalId('deviceId'),
});
