import type { Sql } from '../db/seam.ts';
import type { PresenceChange } from '../domain/zone-transitions.ts';

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
