import type { Sql } from '../db/seam.ts';
import type { KeyedPing } from '../domain/zone-transitions.ts';
import { watchRowsJson, watchUpsertCte, type WatchLastWrite } from './watch-last.ts';

/** Two-key advisory locks live apart from the single-key ones (migrations, stream ordering). */
const PING_KEY_LOCK_CLASS = 7_300_100;

/** A ping column per array, for `unnest`: arrays of plain values cost PostgreSQL less to read than JSON. */
const asColumns = (pings: readonly KeyedPing[]) => [
  pings.map((p) => p.key),
  pings.map((p) => p.touristId),
  pings.map((p) => p.deviceId),
  pings.map((p) => p.latitude),
  pings.map((p) => p.longitude),
  pings.map((p) => p.at),
];

/**
 * Serialises writers of the same keys until commit, so two requests for one tourist cannot both see it
 * outside a zone and both raise its entry. Locks are taken in one order to rule out deadlocks.
 */
export async function lockPingKeys(tx: Sql, keys: readonly string[]): Promise<void> {
  await tx.query(
    `select pg_advisory_xact_lock($1, h)
       from (select distinct hashtext(k) as h from unnest($2::text[]) as k order by h) as ordered`,
    [PING_KEY_LOCK_CLASS, [...keys]],
  );
}

/**
 * The pings (in arrival order) into the history and, in the same statement, the newest of each key into the
 * last positions: latest time first, then latest arrival, as the zone checks order them. An older ping
 * (offline sync) never replaces a newer position. The watch's last-seen rows (issue 32) go in the same statement.
 */
export async function storePings(
  tx: Sql,
  pings: readonly KeyedPing[],
  watchRows: readonly WatchLastWrite[],
): Promise<void> {
  await tx.query(
    `with ${watchUpsertCte(7)},
     x as (
       select * from unnest($1::text[], $2::text[], $3::text[], $4::float8[], $5::float8[], $6::timestamptz[])
         with ordinality as x(ping_key, tourist_id, device_id, latitude, longitude, at, arrival)
     ),
     history as (
       insert into gps_pings (ping_key, tourist_id, device_id, latitude, longitude, at)
       select ping_key, tourist_id, device_id, latitude, longitude, at from x order by arrival
     )
     insert into gps_last (ping_key, tourist_id, device_id, latitude, longitude, at)
     select distinct on (ping_key) ping_key, tourist_id, device_id, latitude, longitude, at from x
      order by ping_key, at desc, arrival desc
     on conflict (ping_key) do update set tourist_id = excluded.tourist_id, device_id = excluded.device_id,
       latitude = excluded.latitude, longitude = excluded.longitude, at = excluded.at, changed_at = now()
     where gps_last.at < excluded.at`,
    [...asColumns(pings), watchRowsJson(watchRows)],
  );
}
