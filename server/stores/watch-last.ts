// What the server last saw of each tourist or device (watch_last, migration 016): written by the GPS group
// commit, read and rescheduled by the watch's check job.
import { pingsInHourBefore, type LastSeen } from '../../src/domain/watch-rules.ts';
import type { Sql } from '../db/seam.ts';
import { iso } from './time.ts';

/** A row as the database (or its row_to_json) gives it. */
export interface WatchLastRow {
  ping_key: string;
  tourist_id: string | null;
  device_id: string | null;
  region_id: string;
  seen_at: Date | string;
  recent_seen: (Date | string)[];
  latitude: number;
  longitude: number;
  zone_id: string | null;
  zone_risk: 'red' | 'yellow' | null;
  still_since: Date | string;
  still_lat: number;
  still_lng: number;
  last_soft_alert: string | null;
  silent_raised_for: Date | string | null;
  stranded_raised_for: Date | string | null;
  due_at: Date | string | null;
}

/** What the ingest writes for a key after a group of pings (the raised markers and soft alert are kept). */
export interface WatchLastWrite {
  ping_key: string;
  tourist_id: string | null;
  device_id: string | null;
  region_id: string;
  seen_at: string;
  recent_seen: string[];
  latitude: number;
  longitude: number;
  zone_id: string | null;
  zone_risk: 'red' | 'yellow' | null;
  still_since: string;
  still_lat: number;
  still_lng: number;
  due_at: string | null;
}

export function lastSeenOf(
  row: Pick<
    WatchLastRow,
    | 'seen_at'
    | 'recent_seen'
    | 'latitude'
    | 'longitude'
    | 'zone_id'
    | 'zone_risk'
    | 'still_since'
    | 'last_soft_alert'
    | 'silent_raised_for'
    | 'stranded_raised_for'
  >,
): LastSeen {
  const seenAt = iso(row.seen_at);
  return {
    seenAt,
    latitude: row.latitude,
    longitude: row.longitude,
    zoneId: row.zone_id,
    zoneRisk: row.zone_risk,
    pingsInLastHour: pingsInHourBefore(
      row.recent_seen.map((at) => iso(at)),
      seenAt,
    ),
    lastSoftAlert: row.last_soft_alert,
    stillSince: iso(row.still_since),
    silentRaisedFor: iso(row.silent_raised_for),
    strandedRaisedFor: iso(row.stranded_raised_for),
  };
}

/**
 * A CTE for the pings' statement (server/stores/gps.ts): the keys' new last-seen rows from `$param` (JSON),
 * upserted in the same statement as the pings, so the watch costs the GPS path no round trip.
 */
export const watchUpsertCte = (param: number) => `watch as (
       insert into watch_last (ping_key, tourist_id, device_id, region_id, seen_at, recent_seen, latitude, longitude,
         zone_id, zone_risk, still_since, still_lat, still_lng, due_at)
       select ping_key, tourist_id, device_id, region_id, seen_at, recent_seen, latitude, longitude,
         zone_id, zone_risk, still_since, still_lat, still_lng, due_at
         from jsonb_to_recordset($${param}::jsonb) as w(ping_key text, tourist_id text, device_id text, region_id text,
           seen_at timestamptz, recent_seen timestamptz[], latitude float8, longitude float8, zone_id text, zone_risk text,
           still_since timestamptz, still_lat float8, still_lng float8, due_at timestamptz)
       on conflict (ping_key) do update set tourist_id = excluded.tourist_id, device_id = excluded.device_id,
         region_id = excluded.region_id, seen_at = excluded.seen_at, recent_seen = excluded.recent_seen,
         latitude = excluded.latitude, longitude = excluded.longitude, zone_id = excluded.zone_id,
         zone_risk = excluded.zone_risk, still_since = excluded.still_since, still_lat = excluded.still_lat,
         still_lng = excluded.still_lng, due_at = excluded.due_at
     )`;

/** JSON for watchUpsertCte: Postgres reads a JSON array into timestamptz[] only from its text form. */
export const watchRowsJson = (rows: readonly WatchLastWrite[]) =>
  JSON.stringify(rows.map((row) => ({ ...row, recent_seen: `{${row.recent_seen.map((at) => `"${at}"`).join(',')}}` })));

export type DueRow = WatchLastRow & { paused_until: Date | string | null };

/** The query a check pass runs: due rows oldest first, those another server holds skipped. */
export const DUE_ROWS_SQL = `select w.*, p.until as paused_until
   from watch_last w left join watch_pauses p on p.tourist_id = w.ping_key
  where w.due_at is not null and w.due_at <= $1::timestamptz
  order by w.due_at
  limit $2
  for update of w skip locked`;

export async function lockDueRows(tx: Sql, now: string, limit: number): Promise<DueRow[]> {
  const { rows } = await tx.query<DueRow>(DUE_ROWS_SQL, [now, limit]);
  return rows;
}

export interface CheckedRow {
  pingKey: string;
  silentRaisedFor: string | null;
  strandedRaisedFor: string | null;
  dueAt: string | null;
}

/** What a check decided for each row: which silence or stay was raised, and when to look again. */
export async function rescheduleRows(tx: Sql, rows: readonly CheckedRow[]): Promise<void> {
  if (rows.length === 0) return;
  await tx.query(
    `update watch_last w set silent_raised_for = x.silent_raised_for, stranded_raised_for = x.stranded_raised_for, due_at = x.due_at
       from jsonb_to_recordset($1::jsonb) as x(ping_key text, silent_raised_for timestamptz, stranded_raised_for timestamptz, due_at timestamptz)
      where w.ping_key = x.ping_key`,
    [
      JSON.stringify(
        rows.map((row) => ({
          ping_key: row.pingKey,
          silent_raised_for: row.silentRaisedFor,
          stranded_raised_for: row.strandedRaisedFor,
          due_at: row.dueAt,
        })),
      ),
    ],
  );
}

/** A pause (or its end) makes the key's rows due now: the next check decides again with the pause applied. */
export async function recheckKey(tx: Sql, pingKey: string, at: string): Promise<void> {
  await tx.query('update watch_last set due_at = $2 where ping_key = $1', [pingKey, at]);
}

/** New settings of a region: its rows are decided again by the next checks, with the new limits. */
export async function recheckRegion(tx: Sql, regionId: string, at: string): Promise<void> {
  await tx.query('update watch_last set due_at = $2 where region_id = $1', [regionId, at]);
}
