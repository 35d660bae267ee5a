// Each feature of an import file read as the zone(s) it would be, or why it cannot be one. Pure: the
// comparison with the stored zones and the region check come after (import-plan.ts).
import { createHash } from 'node:crypto';
import type { Geofence } from '../../src/api/entities.ts';
import { MAX_ID_LENGTH, riskLevels } from '../../src/api/fields.ts';
import type { ZoneImportError } from '../../src/api/zones.ts';
import { circleIssues, openRing, zoneOutlineIssues } from '../../src/domain/zone-geometry.ts';

/** A zone as a file describes it: what would be stored, without version or who saved it. */
export type ZoneDraft = Pick<Geofence, 'id' | 'name' | 'riskLevel' | 'regionId' | 'polygon' | 'meta'>;

export interface ImportCandidate {
  /** The feature's place in the file, from 0 (the parts of one MultiPolygon share it). */
  index: number;
  id: string | null;
  name: string | null;
  errors: ZoneImportError[];
  /** Absent when the feature is refused. */
  zone?: ZoneDraft;
}

type Properties = Record<string, unknown>;

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** `meta` as an object: KML carries it as JSON text (tokml writes objects that way). */
function metaOf(properties: Properties, errors: ZoneImportError[]): Record<string, unknown> {
  let meta = properties.meta;
  if (typeof meta === 'string') {
    try {
      meta = JSON.parse(meta);
    } catch {
      meta = undefined;
    }
  }
  if (meta === undefined || meta === null) return {};
  if (!isRecord(meta)) {
    errors.push({ field: 'properties.meta', message: 'properties.meta must be an object.' });
    return {};
  }
  const { placeId: _ignored, ...rest } = meta;
  return rest;
}

function fieldsOf(feature: Record<string, unknown>, errors: ZoneImportError[]) {
  const properties: Properties = isRecord(feature.properties) ? feature.properties : {};
  const name = text(properties.name);
  if (!name) errors.push({ field: 'properties.name', message: 'properties.name is required: the zone needs a name.' });
  else if (name.length > 200)
    errors.push({ field: 'properties.name', message: 'properties.name must be at most 200 characters.' });
  const riskLevel = text(properties.riskLevel);
  if (!riskLevels.includes(riskLevel as Geofence['riskLevel'])) {
    errors.push({
      field: 'properties.riskLevel',
      message: `properties.riskLevel must be one of ${riskLevels.join(', ')}${riskLevel ? `; got "${riskLevel}"` : ''}.`,
    });
  }
  const regionId = text(properties.regionId);
  if (!regionId)
    errors.push({
      field: 'properties.regionId',
      message: 'properties.regionId is required: the region the zone belongs to (GET /regions).',
    });
  const placeId =
    properties.placeId === undefined || properties.placeId === null || properties.placeId === ''
      ? undefined
      : text(properties.placeId);
  if (
    properties.placeId !== undefined &&
    properties.placeId !== null &&
    properties.placeId !== '' &&
    (!placeId || placeId.length > MAX_ID_LENGTH)
  ) {
    errors.push({
      field: 'properties.placeId',
      message: `properties.placeId must be text of at most ${MAX_ID_LENGTH} characters.`,
    });
  }
  const id = text(feature.id) ?? text(properties.id);
  if (id !== undefined && (id === '' || id.length > MAX_ID_LENGTH)) {
    errors.push({ field: 'id', message: `id must be 1 to ${MAX_ID_LENGTH} characters.` });
  }
  const meta: Record<string, unknown> = { ...metaOf(properties, errors), ...(placeId !== undefined && { placeId }) };
  errors.push(...circleIssues(meta.circle, 'properties.meta.circle').map(({ field, message }) => ({ field, message })));
  return { id, name: name ?? null, riskLevel: riskLevel as Geofence['riskLevel'], regionId: regionId ?? '', meta };
}

/** The outer rings of the geometry as [latitude, longitude] polygons, or why there are none. */
function outlinesOf(geometry: unknown, errors: ZoneImportError[]): Geofence['polygon'][] {
  const shape = geometry as { type?: unknown; coordinates?: unknown } | null;
  const polygons =
    shape?.type === 'Polygon'
      ? [shape.coordinates]
      : shape?.type === 'MultiPolygon' && Array.isArray(shape.coordinates)
        ? shape.coordinates
        : undefined;
  if (!polygons) {
    const kind = typeof shape?.type === 'string' ? `a ${shape.type}` : 'none';
    errors.push({
      field: 'geometry',
      message: `geometry must be a Polygon or a MultiPolygon; this feature has ${kind}.`,
    });
    return [];
  }
  const outlines: Geofence['polygon'][] = [];
  for (const [part, rings] of polygons.entries()) {
    const where = polygons.length > 1 ? `geometry.coordinates[${part}]` : 'geometry';
    if (!Array.isArray(rings) || rings.length === 0 || !Array.isArray(rings[0])) {
      errors.push({ field: where, message: `${where} must hold a ring of [longitude, latitude] positions.` });
      continue;
    }
    if (rings.length > 1) {
      errors.push({
        field: where,
        message: `${where} has a hole; a zone is one outline without holes (split it into zones).`,
      });
      continue;
    }
    const ring = rings[0] as unknown[];
    const bad = ring.findIndex(
      (position) =>
        !Array.isArray(position) ||
        position.length < 2 ||
        typeof position[0] !== 'number' ||
        typeof position[1] !== 'number',
    );
    if (bad >= 0) {
      errors.push({ field: where, message: `${where} position ${bad} must be [longitude, latitude] numbers.` });
      continue;
    }
    const polygon = openRing(
      (ring as number[][]).map(([longitude, latitude]): [number, number] => [latitude, longitude]),
    );
    errors.push(...zoneOutlineIssues(polygon, where));
    outlines.push(polygon);
  }
  return outlines;
}

/** Without an id, a zone is named by what it is: the same file imported again matches the same zones. */
function derivedId(
  fields: { name: string | null; regionId: string },
  outlines: readonly Geofence['polygon'][],
): string {
  return `gf-${createHash('sha256')
    .update(JSON.stringify([fields.name, fields.regionId, outlines]))
    .digest('hex')
    .slice(0, 16)}`;
}

/**
 * One candidate per zone. A MultiPolygon of n > 1 parts is n zones with ids `<id>-1` … `<id>-n` and names
 * `<name> (k/n)`; of one part, that one zone.
 */
export function candidatesOfFeature(feature: unknown, index: number): ImportCandidate[] {
  const errors: ZoneImportError[] = [];
  if (!isRecord(feature) || feature.type !== 'Feature') {
    return [
      {
        index,
        id: null,
        name: null,
        errors: [{ field: 'type', message: 'each item of features must be a GeoJSON Feature.' }],
      },
    ];
  }
  const fields = fieldsOf(feature, errors);
  const outlines = outlinesOf(feature.geometry, errors);
  const id = fields.id ?? derivedId(fields, outlines);
  if (errors.length > 0 || outlines.length === 0) return [{ index, id, name: fields.name, errors }];
  return outlines.map((polygon, part) => {
    const several = outlines.length > 1;
    const zone: ZoneDraft = {
      id: several ? `${id}-${part + 1}` : id,
      name: several ? `${fields.name} (${part + 1}/${outlines.length})` : fields.name!,
      riskLevel: fields.riskLevel,
      regionId: fields.regionId,
      polygon,
      meta: fields.meta,
    };
    return { index, id: zone.id, name: zone.name, errors: [], zone };
  });
}
