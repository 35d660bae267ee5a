import type { Geofence } from '../../src/api/entities.ts';
import type { Sql } from '../db/seam.ts';
import type { PresenceChange } from '../domain/zone-transitions.ts';
import { geofenceFromRow } from './geofences.ts';

type GeofenceRow = Parameters<typeof geofenceFromRow>[0];

/** Zone ids each key is inside now. */
export async function presenceOf(tx: Sql, keys: readonly string[]): Promise<Map<string, Set<string>>> {
  const { rows } = await tx.query<{ ping_key: string; geofence_id: string }>(
    'select ping_key, geofence_id from zone_presence where ping_key = any($1::text[])',
    [[...keys]],
  );
  const presence = new Map<string, Set<string>>();
  for (const row of rows) {
    const zones = presence.get(row.ping_key) ?? new Set<string>();
    presence.set(row.ping_key, zones.add(row.geofence_id));
  }
  return presence;
}

/**
 * In one query: the red and yellow zones whose bounding box holds at least one of the points, and the
 * zones in `alsoIds` (where keys are inside now, needed to report their exit wherever the point is).
 */
export async function zonesForPoints(
  tx: Sql,
  points: readonly { latitude: number; longitude: number }[],
  alsoIds: readonly string[],
): Promise<Geofence[]> {
  const { rows } = await tx.query<GeofenceRow>(
    `select g.* from geofences g
      where g.id = any($2::text[])
         or (g.risk_level in ('red', 'yellow') and exists (
              select 1 from jsonb_to_recordset($1::jsonb) as p(latitude float8, longitude float8)
               where p.latitude between g.min_lat and g.max_lat and p.longitude between g.min_lng and g.max_lng))`,
    [JSON.stringify(points.map((p) => ({ latitude: p.latitude, longitude: p.longitude }))), [...alsoIds]],
  );
  return rows.map(geofenceFromRow);
}

export async function applyPresenceChange(tx: Sql, change: PresenceChange): Promise<void> {
  if (change.left.length > 0) {
    await tx.query(
      `delete from zone_presence z using jsonb_to_recordset($1::jsonb) as x(key text, "geofenceId" text)
        where z.ping_key = x.key and z.geofence_id = x."geofenceId"`,
      [JSON.stringify(change.left)],
    );
  }
  if (change.entered.length > 0) {
    await tx.query(
      `insert into zone_presence (ping_key, geofence_id, entered_at)
       select key, "geofenceId", at from jsonb_to_recordset($1::jsonb) as x(key text, "geofenceId" text, at timestamptz)
       on conflict (ping_key, geofence_id) do update set entered_at = excluded.entered_at`,
      [JSON.stringify(change.entered)],
    );
  }
}
