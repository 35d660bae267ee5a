import type { Geofence } from '../../src/api/entities.ts';
import type { Sql } from '../db/seam.ts';
import { boundingBox, zoneAt, type LatLng } from '../../src/domain/geo.ts';
import { iso } from './time.ts';

interface GeofenceRow {
  id: string;
  name: string;
  risk_level: Geofence['riskLevel'];
  region_id: string;
  polygon: Geofence['polygon'];
  meta: Geofence['meta'];
  version: number;
  updated_by: string | null;
  updated_at: Date | string;
}

export function geofenceFromRow(row: GeofenceRow): Geofence {
  return {
    id: row.id,
    name: row.name,
    riskLevel: row.risk_level,
    regionId: row.region_id,
    polygon: row.polygon,
    meta: row.meta ?? {},
    version: row.version,
    updatedBy: row.updated_by,
    updatedAt: iso(row.updated_at),
  };
}

export async function listGeofences(db: Sql, regionId?: string): Promise<Geofence[]> {
  const { rows } = regionId
    ? await db.query<GeofenceRow>('select * from geofences where region_id = $1 order by id', [regionId])
    : await db.query<GeofenceRow>('select * from geofences order by id');
  return rows.map(geofenceFromRow);
}

/** The zones' revision, moved by every write to them (migration 013). */
export async function zonesRevision(db: Sql): Promise<string> {
  const { rows } = await db.query<{ revision: string }>('select revision::text as revision from zone_revision');
  return rows[0]?.revision ?? '';
}

/** The zones with these ids; `forUpdate` locks them until the transaction ends. */
export async function geofencesById(db: Sql, ids: readonly string[], forUpdate = false): Promise<Geofence[]> {
  const { rows } = await db.query<GeofenceRow>(
    `select * from geofences where id = any($1::text[]) order by id${forUpdate ? ' for update' : ''}`,
    [[...ids]],
  );
  return rows.map(geofenceFromRow);
}

/**
 * The zones whose bounding box holds the point (edges included, as `boxHolds`): the only ones that can
 * contain it. Which of them does, and which wins, is `zoneAt`'s to say.
 */
async function zonesWhoseBoxHolds(db: Sql, { latitude, longitude }: LatLng): Promise<Geofence[]> {
  const { rows } = await db.query<GeofenceRow>(
    'select * from geofences where $1 between min_lat and max_lat and $2 between min_lng and max_lng',
    [latitude, longitude],
  );
  return rows.map(geofenceFromRow);
}

/**
 * Where a point belongs: the riskiest zone containing it, else the region `regionOutsideZones` names (the
 * smallest boundary holding it, else `default`: server/ingest/region-boundaries.ts) and no zone.
 */
export interface Placement {
  regionId: string;
  zone?: { geofenceId: string; riskLevel: Geofence['riskLevel']; placeId?: string };
}

/** The zones whose bounding box holds any of the points, in one query (a journal's panics put back at once). */
async function zonesWhoseBoxHoldsAny(db: Sql, points: readonly LatLng[]): Promise<Geofence[]> {
  const { rows } = await db.query<GeofenceRow>(
    `select g.* from geofences g
      where exists (select 1 from unnest($1::float8[], $2::float8[]) as p(lat, lng)
                     where p.lat between g.min_lat and g.max_lat and p.lng between g.min_lng and g.max_lng)`,
    [points.map((point) => point.latitude), points.map((point) => point.longitude)],
  );
  return rows.map(geofenceFromRow);
}

/** Each point's placement, as `placementOf` gives it, with the zones read once for them all. */
export async function placementsOf(
  db: Sql,
  points: readonly LatLng[],
  regionOutsideZones: (point: LatLng) => string,
): Promise<Placement[]> {
  if (points.length === 0) return [];
  const zones = await zonesWhoseBoxHoldsAny(db, points);
  return points.map((point) => placementAmong(zones, point, regionOutsideZones));
}

export async function placementOf(
  db: Sql,
  latitude: number,
  longitude: number,
  regionOutsideZones: (point: LatLng) => string,
): Promise<Placement> {
  const point = { latitude, longitude };
  return placementAmong(await zonesWhoseBoxHolds(db, point), point, regionOutsideZones);
}

/** Where a point belongs among `zones` (every zone that may hold it; more do no harm). */
export function placementAmong(
  zones: readonly Geofence[],
  point: LatLng,
  regionOutsideZones: (point: LatLng) => string,
): Placement {
  const zone = zoneAt(zones, point);
  if (!zone) return { regionId: regionOutsideZones(point) };
  return {
    regionId: zone.regionId,
    zone: {
      geofenceId: zone.id,
      riskLevel: zone.riskLevel,
      ...(zone.meta.placeId !== undefined && { placeId: zone.meta.placeId }),
    },
  };
}

export type GeofenceInput = Pick<Geofence, 'id' | 'name' | 'riskLevel' | 'regionId' | 'polygon'> & {
  meta?: Geofence['meta'];
};

/**
 * Creates or replaces a zone by id. Without `meta` a replaced zone keeps its meta (the reference system
 * dropped it, losing the zone's place). Says whether the row was new, atomically (xmax = 0 on insert).
 */
export async function saveGeofence(
  tx: Sql,
  input: GeofenceInput,
  updatedBy: string | null = null,
): Promise<{ geofence: Geofence; created: boolean }> {
  const box = boundingBox(input.polygon);
  const { rows } = await tx.query<GeofenceRow & { created: boolean }>(
    `insert into geofences (id, name, risk_level, region_id, polygon, meta, min_lat, max_lat, min_lng, max_lng, updated_at, version, updated_by)
     values ($1, $2, $3, $4, $5, coalesce($6::jsonb, '{}'::jsonb), $7, $8, $9, $10, now(), 1, $11)
     on conflict (id) do update set name = excluded.name, risk_level = excluded.risk_level, region_id = excluded.region_id,
       polygon = excluded.polygon, meta = coalesce($6::jsonb, geofences.meta), min_lat = excluded.min_lat,
       max_lat = excluded.max_lat, min_lng = excluded.min_lng, max_lng = excluded.max_lng, updated_at = now(),
       version = geofences.version + 1, updated_by = excluded.updated_by
     returning *, (xmax = 0) as created`,
    [
      input.id,
      input.name,
      input.riskLevel,
      input.regionId,
      JSON.stringify(input.polygon),
      input.meta === undefined ? null : JSON.stringify(input.meta),
      box.minLat,
      box.maxLat,
      box.minLng,
      box.maxLng,
      updatedBy,
    ],
  );
  return { geofence: geofenceFromRow(rows[0]), created: rows[0].created };
}

/** Deletes a zone; answers it as it was, or undefined when there was none. */
export async function deleteGeofence(tx: Sql, id: string): Promise<Geofence | undefined> {
  const { rows } = await tx.query<GeofenceRow>('delete from geofences where id = $1 returning *', [id]);
  return rows[0] && geofenceFromRow(rows[0]);
}
