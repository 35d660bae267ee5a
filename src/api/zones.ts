// Zone editing beyond API.md (issue 31): replace and delete with optimistic concurrency, import and export.
// POST /geofences and GET /geofences (without `format`) stay exactly as API.md says.
import { z } from 'zod';
import { Geofence, Polygon } from './entities.ts';
import { RiskLevel, idSchema } from './fields.ts';

/** The files zones are imported from and exported to. */
export const ZoneFileFormat = z.enum(['geojson', 'kml'], { error: 'format must be geojson or kml' });
export type ZoneFileFormat = z.infer<typeof ZoneFileFormat>;

/** An import file's text may be at most this many bytes (UTF-8). */
export const MAX_ZONE_FILE_BYTES = 5 * 1024 * 1024;
/** The import's JSON body: the file as a string grows when escaped (every `"` of a GeoJSON file). */
export const MAX_ZONE_IMPORT_BODY_BYTES = 12 * 1024 * 1024;

/**
 * PUT /geofences/:id: the whole zone as it should be (the header `If-Match: <version>` says which version it
 * replaces). Without `meta` the zone keeps its meta, as POST /geofences does.
 */
export const GeofenceReplaceBody = z.object({
  name: z
    .string({ error: 'name must be a string' })
    .min(1, 'name must not be empty')
    .max(200, 'name must be at most 200 characters'),
  riskLevel: RiskLevel,
  regionId: idSchema('regionId'),
  polygon: Polygon,
  meta: z
    .object({ placeId: idSchema('meta.placeId').optional() }, { error: 'meta must be an object' })
    .catchall(z.unknown())
    .optional(),
});
export type GeofenceReplaceBody = z.infer<typeof GeofenceReplaceBody>;

export const GeofenceReplaceResponse = z.object({ ok: z.literal(true), geofence: Geofence });
export const GeofenceDeleteResponse = z.object({ ok: z.literal(true), deletedId: z.string() });

/** 409: someone saved the zone since the caller read it; `geofence` is their version, to reload. */
export const GeofenceConflictResponse = z.object({ ok: z.literal(false), error: z.string(), geofence: Geofence });

/** POST /geofences/import. `content` is the file's text; `dryRun` (default false) only answers the preview. */
export const ZoneImportBody = z.object({
  format: ZoneFileFormat,
  content: z.string({ error: 'content must be the file as a string' }).min(1, 'content must not be empty'),
  dryRun: z.boolean({ error: 'dryRun must be true or false' }).optional(),
});
export type ZoneImportBody = z.infer<typeof ZoneImportBody>;

export const ZoneImportAction = z.enum(['new', 'change', 'unchanged', 'refused']);
export type ZoneImportAction = z.infer<typeof ZoneImportAction>;

export const ZoneImportError = z.object({ field: z.string(), message: z.string() });
export type ZoneImportError = z.infer<typeof ZoneImportError>;

/** One zone of the file as the import sees it. `index`: the feature's place in the file, from 0. */
export const ZoneImportItem = z.object({
  index: z.number().int(),
  id: z.string().nullable(),
  name: z.string().nullable(),
  action: ZoneImportAction,
  errors: z.array(ZoneImportError),
  /** The zone as it would be stored (absent when refused): the preview draws it. */
  geofence: Geofence.optional(),
});
export type ZoneImportItem = z.infer<typeof ZoneImportItem>;

export const ZoneImportCounts = z.object({
  new: z.number(),
  change: z.number(),
  unchanged: z.number(),
  refused: z.number(),
});

export const ZoneImportResponse = z.object({
  ok: z.literal(true),
  /** True when nothing was stored (a dry run). */
  dryRun: z.boolean(),
  counts: ZoneImportCounts,
  features: z.array(ZoneImportItem),
});
export type ZoneImportResponse = z.infer<typeof ZoneImportResponse>;

/** 400 on applying a file with a refused feature: nothing was stored; `features` says why, per feature. */
export const ZoneImportRefusal = z.object({
  ok: z.literal(false),
  error: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  counts: ZoneImportCounts.optional(),
  features: z.array(ZoneImportItem).optional(),
});
