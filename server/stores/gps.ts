import type { GpsHistory, GpsPing } from '../../src/api/entities.ts';
import type { Sql } from '../db/seam.ts';
import type { KeyedPing } from '../domain/zone-transitions.ts';
import { iso } from './time.ts';

interface PingRow {
  ping_key: string;
  tourist_id: string | null;
  device_id: string | null;
  latitude: number;
  longitude: number;
  at: Date | string;
}

/** Two-key advisory locks live apart from the single-key ones (migrations, stream ordering). */
const PING_KEY_LOCK_CLASS = 7_300_100;

function pingFromRow(row: PingRow): GpsPing {
  return { touristId: row.tourist_id, deviceId: row.device_id, latitude: row.latitude, longitude: row.longitude, at: iso(row.at) };
}

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
 * (offline sync) never replaces a newer position.
 */
export async function storePings(tx: Sql, pings: readonly KeyedPing[]): Promise<void> {
  await tx.query(
    `with x as (
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
       latitude = excluded.latitude, longitude = excluded.longitude, at = excluded.at
     where gps_last.at < excluded.at`,
    asColumns(pings),
  );
}

/** A filter on one key as its own statement text: the unfiltered reads keep their plans. */
function onlyKey(key: string | undefined, param: number): { sql: string; params: string[] } {
  return key === undefined ? { sql: '', params: [] } : { sql: `and ping_key = $${param}`, params: [key] };
}

export interface LastPositionsFilter {
  /** Absent: every key, however long ago it was last seen. */
  since?: Date;
  limit: number;
  /** Only this key (a device token reads its own tourist's position only). */
  key?: string;
}

/** The newest `limit` last positions, newest first. */
export async function listLastPositions(db: Sql, filter: LastPositionsFilter): Promise<GpsPing[]> {
  const key = onlyKey(filter.key, 3);
  const { rows } = await db.query<PingRow>(
    `select * from gps_last where ($1::timestamptz is null or at >= $1) ${key.sql} order by at desc, ping_key limit $2`,
    [filter.since?.toISOString() ?? null, filter.limit, ...key.params],
  );
  return rows.map(pingFromRow);
}

export interface HistoryFilter {
  since: Date;
  /** Trails of the keys seen most recently, at most this many. */
  keys: number;
  /** Newest points per key. */
  perKey: number;
  /** Only this key's trail (a device token reads its own tourist's trail only). */
  key?: string;
}

/** Per key, its `perKey` newest points since `since`, oldest first; keys in key order. */
export async function gpsHistory(db: Sql, filter: HistoryFilter): Promise<GpsHistory> {
  const key = onlyKey(filter.key, 4);
  const { rows } = await db.query<{ ping_key: string; latitude: number; longitude: number; at: Date | string }>(
    `select newest.ping_key, trail.latitude, trail.longitude, trail.at
       from (select ping_key from gps_last where at >= $1 ${key.sql} order by at desc, ping_key limit $2) as newest
       cross join lateral (
             select latitude, longitude, at, id from gps_pings
              where gps_pings.ping_key = newest.ping_key and gps_pings.at >= $1
              order by at desc, id desc limit $3) as trail
      order by newest.ping_key, trail.at, trail.id`,
    [filter.since.toISOString(), filter.keys, filter.perKey, ...key.params],
  );
  // A Map, then own properties: a key such as "__proto__" is a tourist id like any other.
  const trails = new Map<string, GpsHistory[string]>();
  for (const row of rows) {
    const trail = trails.get(row.ping_key) ?? [];
    if (trail.length === 0) trails.set(row.ping_key, trail);
    trail.push({ latitude: row.latitude, longitude: row.longitude, at: iso(row.at) });
  }
  return Object.fromEntries(trails);
}
