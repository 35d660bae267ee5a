// What the incident report reads beyond the incident's own stores: the tourist's registered name and the
// trail of positions around the incident.
import type { Sql } from '../db/seam.ts';
import { isoInSql } from './time.ts';

export async function touristName(db: Sql, id: string): Promise<string | null> {
  const { rows } = await db.query<{ name: string | null }>('select name from tourists where id = $1', [id]);
  return rows[0]?.name ?? null;
}

/** The newest `limit` positions of `key` between `from` and `to`, oldest first. */
export async function trailBetween(
  db: Sql,
  key: string,
  from: Date,
  to: Date,
  limit: number,
): Promise<{ latitude: number; longitude: number; at: string }[]> {
  const { rows } = await db.query<{ latitude: number; longitude: number; at: string }>(
    `select latitude, longitude, at from (
       select latitude, longitude, ${isoInSql('at')} as at, at as sort_at, id from gps_pings
        where ping_key = $1 and at >= $2 and at <= $3
        order by at desc, id desc limit $4) as newest
      order by sort_at, id`,
    [key, from.toISOString(), to.toISOString(), limit],
  );
  return rows.map((row) => ({ latitude: Number(row.latitude), longitude: Number(row.longitude), at: row.at }));
}
