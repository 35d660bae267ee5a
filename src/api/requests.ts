// Request bodies (API.md "Write and ingest routes"). Strict about types; unknown fields are stripped.
import { z } from 'zod';
import { Polygon } from './entities.ts';
import { MAX_EVENTS_BATCH, MAX_GPS_BATCH, RiskLevel, idSchema, isoTime, latitudeSchema, longitudeSchema, optionalId, softIncidentTypes } from './fields.ts';

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
  /** Issue on behalf of this tourist (a supervisor's act when sign-in is on): the token then acts as that tourist. */
  touristId: optionalId('touristId'),
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
