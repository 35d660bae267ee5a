// GPS reads as the API's JSON, built by the database (no row decoded and serialised again here, see
// incident-json.ts) a chunk per statement: on PGlite's one connection a panic's write waits for one chunk,
// never for a whole answer of thousands of positions or points.
import type { Sql } from '../db/seam.ts';
import { isoInSql } from './time.ts';

/** Positions per statement of `/gps/last`. */
export const LAST_POSITIONS_CHUNK_ROWS = 1000;
/** Trail points per statement of `/gps/history` (whole trails: keys × points per key). */
export const HISTORY_CHUNK_POINTS = 2000;

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

export interface HistoryFilter {
  since: Date;
  /** Trails of the keys seen most recently, at most this many. */
  keys: number;
  /** Newest points per key. */
  perKey: number;
  /** Only this key's trail (a device token reads its own tourist's trail only). */
  key?: string;
}

/**
 * The newest `limit` last positions, newest first (time, then key), as a JSON array, `chunkRows` per
 * statement. Each chunk starts after the last one's (time, key): an index range, not a rescan.
 */
export async function lastPositionsJson(
  db: Sql,
  filter: LastPositionsFilter,
  chunkRows = LAST_POSITIONS_CHUNK_ROWS,
): Promise<string> {
  const key = onlyKey(filter.key, 5);
  const chunks: string[] = [];
  let cursor: { at: string | null; key: string | null } = { at: null, key: null };
  for (let left = filter.limit; left > 0; ) {
    const size = Math.min(chunkRows, left);
    const { rows } = await db.query<{
      json: string | null;
      count: number;
      cursor_at: string | null;
      cursor_key: string | null;
    }>(
      `select string_agg(json, ',' order by at desc, ping_key) as json, count(*)::int as count,
              (array_agg(at::text order by at, ping_key desc))[1] as cursor_at,
              (array_agg(ping_key order by at, ping_key desc))[1] as cursor_key
         from (select at, ping_key,
                      json_build_object('touristId', tourist_id, 'deviceId', device_id, 'latitude', latitude,
                                        'longitude', longitude, 'at', ${isoInSql('at')})::text as json
                 from gps_last
                where ($1::timestamptz is null or at >= $1) ${key.sql}
                  and ($2::timestamptz is null or (at <= $2 and (at < $2 or ping_key > $3)))
                order by at desc, ping_key limit $4) as chunk`,
      [filter.since?.toISOString() ?? null, cursor.at, cursor.key, size, ...key.params],
    );
    const chunk = rows[0];
    if (chunk.json) chunks.push(chunk.json);
    if (chunk.count < size) break;
    left -= chunk.count;
    cursor = { at: chunk.cursor_at, key: chunk.cursor_key };
  }
  return `[${chunks.join(',')}]`;
}

/**
 * Per key, its `perKey` newest points since `since`, oldest first, as a JSON object; keys in key order. The
 * keys seen most recently come first, in one short statement; then their trails, whole, a chunk of keys at a time.
 */
export async function gpsHistoryJson(
  db: Sql,
  filter: HistoryFilter,
  chunkPoints = HISTORY_CHUNK_POINTS,
): Promise<string> {
  const key = onlyKey(filter.key, 3);
  const { rows } = await db.query<{ keys: string[] }>(
    `select coalesce(array_agg(ping_key order by ping_key), '{}') as keys
       from (select ping_key from gps_last where at >= $1 ${key.sql} order by at desc, ping_key limit $2) as newest`,
    [filter.since.toISOString(), filter.keys, ...key.params],
  );
  const keys = rows[0].keys;
  const keysPerChunk = Math.max(1, Math.floor(chunkPoints / filter.perKey));
  const members: string[] = [];
  for (let first = 0; first < keys.length; first += keysPerChunk) {
    const { rows: chunk } = await db.query<{ json: string | null }>(
      `select string_agg(to_json(wanted.ping_key)::text || ':' || trail.json, ',' order by wanted.ord) as json
         from unnest($1::text[]) with ordinality as wanted(ping_key, ord)
         cross join lateral (
               select json_agg(json_build_object('latitude', latitude, 'longitude', longitude, 'at', ${isoInSql('at')}) order by at, id)::text as json
                 from (select latitude, longitude, at, id from gps_pings
                        where gps_pings.ping_key = wanted.ping_key and gps_pings.at >= $2
                        order by at desc, id desc limit $3) as newest_points) as trail
        where trail.json is not null`,
      [keys.slice(first, first + keysPerChunk), filter.since.toISOString(), filter.perKey],
    );
    if (chunk[0].json) members.push(chunk[0].json);
  }
  return `{${members.join(',')}}`;
}
