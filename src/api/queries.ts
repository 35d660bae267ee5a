// Query strings (values arrive as strings and are coerced where the contract allows).
import { z } from 'zod';
import { DEFAULT_REGION_ID } from '../domain/default-region.ts';
import { idSchema } from './fields.ts';

const queryInt = (field: string, min: number, max: number) =>
  z.coerce
    .number({ error: `${field} must be a whole number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be between ${min} and ${max}`)
    .max(max, `${field} must be between ${min} and ${max}`);

const regionFilter = idSchema('regionId').optional();
const minutesFilter = queryInt('minutes', 0, 525_600).optional();

/** A revision an earlier answer of /incidents/filter gave: digits that fit the store's xid8 (below 2^64). */
export const REVISION_PATTERN = /^\d{1,19}$/;
const revision = (field: string) =>
  z.string().regex(REVISION_PATTERN, `${field} must be the revision of an earlier answer (digits only)`);

export const IncidentsFilterQuery = z.object({
  regionId: regionFilter,
  minutes: minutesFilter,
  changedSince: revision('changedSince').optional(),
});
export const IncidentsQuery = z.object({ limit: queryInt('limit', 1, 500).default(100) });
export const PanicAlertsQuery = z.object({ limit: queryInt('limit', 1, 500).default(100) });
// `format` (issue 31): a GeoJSON or KML file of the zones instead of the JSON answer.
export const GeofencesQuery = z.object({
  regionId: regionFilter,
  format: z.enum(['geojson', 'kml'], { error: 'format must be geojson or kml' }).optional(),
});
export const SafetyScoreQuery = z.object({
  regionId: idSchema('regionId').default(DEFAULT_REGION_ID),
  days: queryInt('days', 1, 3650).default(30),
});
export const SafetyCreditQuery = z.object({
  regionId: idSchema('regionId').default(DEFAULT_REGION_ID),
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
