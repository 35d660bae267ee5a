// Field rules of the wire contract (../shared/API.md): limits, coordinates, ids, times and the enumerations,
// shared by every request and entity schema.
import { z } from 'zod';
import { withoutAadhaarNumbers } from '../domain/identity-number.ts';
import { normalisePhone, PHONE_RULE } from '../domain/phone-number.ts';

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

const phoneText = (field: string) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .max(40, `${field} must be at most 40 characters`);

const toPhone = (field: string) => (typed: string, ctx: z.RefinementCtx) =>
  normalisePhone(typed) ?? (ctx.addIssue({ code: 'custom', message: `${field} must be ${PHONE_RULE}` }), z.NEVER);

/** A phone number as typed, stored normalised (src/domain/phone-number.ts); refused only when it cannot be one. */
export const phoneField = (field: string) => phoneText(field).transform(toPhone(field));

/** The same, where an empty field (a form's input left blank) is no number rather than a wrong one. */
export const phoneFieldOrBlank = (field: string) =>
  phoneText(field).transform((typed, ctx) => (typed.trim() === '' ? undefined : toPhone(field)(typed, ctx)));

/** Text a person typed about themselves: trimmed, not empty, an Aadhaar-shaped number in it cut to its last 4. */
export const personText = (field: string, max: number) =>
  z
    .string({ error: (issue) => (issue.input === undefined ? `${field} is required` : `${field} must be a string`) })
    .trim()
    .min(1, `${field} must not be empty`)
    .max(max, `${field} must be at most ${max} characters`)
    .transform(withoutAadhaarNumbers);

const EARLIEST_TIME = Date.UTC(1970, 0, 1);

/** No device reports a time before 1970, and PostgreSQL has no year 0 and reads some early years differently. */
export const isoTime = (field: string) =>
  z.iso
    .datetime({ offset: true, error: `${field} must be an ISO 8601 date-time string` })
    .refine((value) => !(Date.parse(value) < EARLIEST_TIME), `${field} must not be before 1970`);

export const riskLevels = ['red', 'yellow', 'green'] as const;
export const RiskLevel = z.enum(riskLevels, { error: 'riskLevel must be one of red, yellow, green' });
export type RiskLevel = z.infer<typeof RiskLevel>;

export const incidentTypes = [
  'panic',
  'geofence',
  'safe',
  'low_battery',
  'status',
  'silent',
  'stranded',
  'fall',
  'vitals',
  'band_removed',
] as const;
/**
 * Raised by the server's watch (issue 32) when a tourist stops reporting or stops moving, or their band reports
 * a fall, vitals out of bounds or its removal: no one pressed anything.
 */
export const watchIncidentTypes = ['silent', 'stranded', 'fall', 'vitals', 'band_removed'] as const;
export const softIncidentTypes = ['safe', 'low_battery', 'status'] as const;
export const IncidentType = z.enum(incidentTypes);
export type IncidentType = z.infer<typeof IncidentType>;
export const Severity = z.enum(['high', 'medium', 'low']);
export type Severity = z.infer<typeof Severity>;
export const incidentStatuses = ['open', 'acknowledged', 'resolved'] as const;
export const IncidentStatus = z.enum(incidentStatuses);
export type IncidentStatus = z.infer<typeof IncidentStatus>;
