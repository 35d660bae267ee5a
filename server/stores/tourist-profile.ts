// One tourist's profile as GET /tourists/{id} answers it. Every read is bounded by an index of migration 021
// or an older one: the alert history is the newest PROFILE_ALERTS_LIMIT with a count, the trail the last
// 24 hours thinned to one point per 5 minutes (readTrail), so a tourist with years of pings costs what one with a day does.
import type { Incident } from '../../src/api/entities.ts';
import { PROFILE_ALERTS_LIMIT, PROFILE_TRAIL_RECENT, type TouristProfile } from '../../src/api/tourist-profile.ts';
import type { Sql } from '../db/seam.ts';
import { INCIDENTS_JSON_BY_IDS } from './incident-json.ts';
import { iso } from './time.ts';
import { serverClock } from '../domain/server-clock.ts';

const TRAIL_WINDOW_MS = 24 * 60 * 60 * 1000;
const TRAIL_SLOT_MINUTES = 5;
const MAX_DEVICES = 50;
const MAX_BINDINGS = 20;

type Time = Date | string;

interface TouristRow {
  id: string;
  name: string | null;
  created_at: Time;
  phone: string | null;
  nationality: string | null;
  languages: string[];
  id_type: TouristProfile['idType'];
  id_last4: string | null;
  emergency_contacts: TouristProfile['emergencyContacts'];
  itinerary: TouristProfile['itinerary'];
  itinerary_note: string | null;
  emergency_phones: string[];
}

interface PointRow {
  latitude: number;
  longitude: number;
  at: Time;
}

const point = (row: PointRow) => ({ latitude: row.latitude, longitude: row.longitude, at: iso(row.at) });

async function readBindings(db: Sql, id: string): Promise<TouristProfile['verification']> {
  const { rows } = await db.query<{ did_id: string; bound_by: string; bound_at: Time; unbound_at: Time | null }>(
    `select did_id, bound_by, bound_at, unbound_at from did_bindings where tourist_id = $1
      order by (unbound_at is null) desc, bound_at desc limit $2`,
    [id, MAX_BINDINGS],
  );
  const bindings = rows.map((row) => ({
    didId: row.did_id,
    boundBy: row.bound_by,
    boundAt: iso(row.bound_at),
    unboundAt: iso(row.unbound_at),
  }));
  return { verified: bindings.some((binding) => binding.unboundAt === null), bindings };
}

/** Each device's newest position, whether it reported under its own id or under its tourist's. */
async function readDevices(db: Sql, id: string): Promise<TouristProfile['devices']> {
  const { rows } = await db.query<{
    id: string;
    ble_address: string | null;
    created_at: Time;
    latitude: number | null;
    longitude: number | null;
    at: Time | null;
  }>(
    `select d.id, d.ble_address, d.created_at, last.latitude, last.longitude, last.at
       from devices d
       left join lateral (
         select latitude, longitude, at from (
           (select latitude, longitude, at from gps_last where device_id = d.id)
           union all (select latitude, longitude, at from gps_last where ping_key = d.id)
         ) reports order by at desc limit 1
       ) last on true
      where d.tourist_id = $1 order by d.created_at, d.id limit $2`,
    [id, MAX_DEVICES],
  );
  return rows.map((row) => ({
    id: row.id,
    bleAddress: row.ble_address,
    pairedAt: iso(row.created_at),
    lastReport: row.at === null ? null : point({ latitude: row.latitude!, longitude: row.longitude!, at: row.at }),
  }));
}

async function readPosition(db: Sql, id: string): Promise<TouristProfile['position']> {
  const { rows } = await db.query<PointRow & { region_id: string | null }>(
    `select g.latitude, g.longitude, g.at, w.region_id
       from gps_last g left join watch_last w on w.ping_key = g.ping_key
      where g.ping_key = $1`,
    [id],
  );
  return rows.length === 0 ? null : { ...point(rows[0]), regionId: rows[0].region_id };
}

async function readZones(db: Sql, id: string): Promise<TouristProfile['zones']> {
  const { rows } = await db.query<{ id: string; name: string | null; risk_level: string; entered_at: Time }>(
    `select g.id, g.name, g.risk_level, p.entered_at
       from zone_presence p join geofences g on g.id = p.geofence_id
      where p.ping_key = $1 order by p.entered_at desc`,
    [id],
  );
  return rows.map((row) => ({ id: row.id, name: row.name, riskLevel: row.risk_level, enteredAt: iso(row.entered_at) }));
}

async function readWatchPause(db: Sql, id: string, now: Date): Promise<TouristProfile['watchPause']> {
  const { rows } = await db.query<{ until: Time; reason: string; paused_by: string; created_at: Time }>(
    'select until, reason, paused_by, created_at from watch_pauses where tourist_id = $1 and until > $2',
    [id, now.toISOString()],
  );
  return rows.length === 0
    ? null
    : { until: iso(rows[0].until), reason: rows[0].reason, pausedBy: rows[0].paused_by, at: iso(rows[0].created_at) };
}

async function readAlerts(db: Sql, id: string): Promise<{ alerts: Incident[]; alertCount: number }> {
  const [ids, count] = await Promise.all([
    db.query<{ id: string }>(
      'select id from incidents where tourist_id = $1 order by created_at desc, id desc limit $2',
      [id, PROFILE_ALERTS_LIMIT],
    ),
    db.query<{ count: number }>('select count(*)::int as count from incidents where tourist_id = $1', [id]),
  ]);
  if (ids.rows.length === 0) return { alerts: [], alertCount: count.rows[0].count };
  const { rows } = await db.query<{ json: string | null }>(INCIDENTS_JSON_BY_IDS, [ids.rows.map((row) => row.id)]);
  return { alerts: JSON.parse(`[${rows[0].json ?? ''}]`) as Incident[], alertCount: count.rows[0].count };
}

/**
 * The last 24 hours as a line: the newest PROFILE_TRAIL_RECENT points as sent, and before them the newest point
 * of each 5 minutes of the day, oldest first. Each 5 minutes is one probe of the (ping_key, at) index, so a
 * phone pinging every second costs what one pinging every 5 minutes does: 100,000 pings took 20 ms read whole
 * (newest 2,000) on PGlite, 6 ms this way.
 */
async function readTrail(db: Sql, id: string, now: Date): Promise<TouristProfile['trail']> {
  const { rows } = await db.query<PointRow>(
    `select latitude, longitude, at from (
       (select latitude, longitude, at from gps_pings where ping_key = $1 and at > $2 and at <= $3 order by at desc limit $4)
       union
       (select sampled.latitude, sampled.longitude, sampled.at
          from generate_series(1, $5::int) as slot,
          lateral (select latitude, longitude, at from gps_pings
                    where ping_key = $1 and at > $2::timestamptz + (slot - 1) * interval '${TRAIL_SLOT_MINUTES} minutes'
                      and at <= least($3::timestamptz, $2::timestamptz + slot * interval '${TRAIL_SLOT_MINUTES} minutes')
                    order by at desc limit 1) as sampled)
     ) as trail order by at`,
    [
      id,
      new Date(now.getTime() - TRAIL_WINDOW_MS).toISOString(),
      now.toISOString(),
      PROFILE_TRAIL_RECENT,
      TRAIL_WINDOW_MS / 60_000 / TRAIL_SLOT_MINUTES,
    ],
  );
  return rows.map(point);
}

/** Any ping ever kept under the id (older than the trail's day too). */
async function everPinged(db: Sql, id: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from gps_pings where ping_key = $1 limit 1', [id]);
  return rows.length > 0;
}

/** What a tourist who never registered is known by: the registration's fields empty. */
const unregistered = (id: string): TouristRow => ({
  id,
  name: null,
  created_at: '',
  phone: null,
  nationality: null,
  languages: [],
  id_type: null,
  id_last4: null,
  emergency_contacts: [],
  itinerary: [],
  itinerary_note: null,
  emergency_phones: [],
});

/**
 * The tourist's profile; for an id that never registered but has devices, pings or incidents (the demo's
 * simulated tourists), what is known of it with `registered: false`; undefined when the id was never seen
 * anywhere (or was erased).
 */
export async function readTouristProfile(
  db: Sql,
  id: string,
  now = serverClock.now(),
): Promise<TouristProfile | undefined> {
  const { rows } = await db.query<TouristRow>(
    `select id, name, created_at, phone, nationality, languages, id_type, id_last4, emergency_contacts, itinerary, itinerary_note, emergency_phones
       from tourists where id = $1`,
    [id],
  );
  const registered = rows.length > 0;
  const row = rows[0] ?? unregistered(id);
  // The embedded store runs one query at a time anyway; on PostgreSQL each read takes its own connection.
  const [verification, devices, position, zones, watchPause, history, trail] = await Promise.all([
    readBindings(db, id),
    readDevices(db, id),
    readPosition(db, id),
    readZones(db, id),
    readWatchPause(db, id, now),
    readAlerts(db, id),
    readTrail(db, id, now),
  ]);
  const seen =
    registered ||
    devices.length > 0 ||
    position !== null ||
    history.alertCount > 0 ||
    trail.length > 0 ||
    (await everPinged(db, id));
  if (!seen) return undefined;
  return {
    id: row.id,
    name: row.name,
    registered,
    registeredAt: registered ? iso(row.created_at) : null,
    phone: row.phone,
    nationality: row.nationality,
    languages: row.languages,
    idType: row.id_type,
    idLast4: row.id_last4,
    emergencyContacts: row.emergency_contacts,
    itinerary: row.itinerary,
    itineraryNote: row.itinerary_note,
    emergencyPhones: row.emergency_phones,
    verification,
    devices,
    position,
    zones,
    watchPause,
    ...history,
    trail,
  };
}
