// Everything held about one tourist, exported or erased (issue 34 point 1). Incidents stay for the region's
// statistics (type, severity, time, position, handling) under an anonymous id; what names or reaches the
// person (profile, devices, pings, last positions, device events, Digital ID links) goes.
import { randomUUID } from 'node:crypto';
import type { AuditEntry } from '../../src/api/audit.ts';
import type { Incident } from '../../src/api/entities.ts';
import type { Sql } from '../db/seam.ts';
import { entryFromRow, type AuditRow } from './audit.ts';
import { INCIDENTS_JSON_BY_IDS } from './incident-json.ts';
import { iso } from './time.ts';
import { serverClock } from '../domain/server-clock.ts';

export interface TouristExport {
  touristId: string;
  exportedAt: string;
  tourist: Record<string, unknown>;
  devices: Record<string, unknown>[];
  pings: { latitude: number; longitude: number; at: string; deviceId: string | null }[];
  lastPositions: Record<string, unknown>[];
  incidents: Incident[];
  alerts: Record<string, unknown>[];
  deviceEvents: Record<string, unknown>[];
  didBindings: Record<string, unknown>[];
  didUses: Record<string, unknown>[];
  watchPause: Record<string, unknown> | null;
  auditEntries: AuditEntry[];
}

/** The keys a tourist's location data is stored under: the tourist's own id and each paired device's. */
async function pingKeysOf(db: Sql, id: string): Promise<string[]> {
  const { rows } = await db.query<{ id: string }>('select id from devices where tourist_id = $1', [id]);
  return [id, ...rows.map((row) => row.id)];
}

const rowsOf = async (db: Sql, sql: string, params: unknown[]) =>
  (await db.query<Record<string, unknown>>(sql, params)).rows;

/** Every row held about the tourist, or undefined for an unknown (or erased) id. */
export async function exportTourist(db: Sql, id: string, now = serverClock.now()): Promise<TouristExport | undefined> {
  const [tourist] = await rowsOf(db, 'select * from tourists where id = $1', [id]);
  if (!tourist) return undefined;
  const keys = await pingKeysOf(db, id);
  const pings = await db.query<{ latitude: number; longitude: number; at: Date | string; device_id: string | null }>(
    'select latitude, longitude, at, device_id from gps_pings where ping_key = any($1::text[]) order by at',
    [keys],
  );
  const incidentIds = await db.query<{ id: string }>(
    'select id from incidents where tourist_id = $1 order by created_at, id',
    [id],
  );
  const incidentsJson =
    incidentIds.rows.length === 0
      ? null
      : (await db.query<{ json: string | null }>(INCIDENTS_JSON_BY_IDS, [incidentIds.rows.map((row) => row.id)]))
          .rows[0].json;
  const audit = await db.query<AuditRow>('select * from audit_log where target = $1 order by seq', [id]);
  const [watchPause] = await rowsOf(
    db,
    'select until, reason, paused_by, created_at from watch_pauses where tourist_id = $1',
    [id],
  );
  return {
    touristId: id,
    exportedAt: now.toISOString(),
    tourist,
    devices: await rowsOf(db, 'select * from devices where tourist_id = $1 order by created_at, id', [id]),
    pings: pings.rows.map((row) => ({
      latitude: row.latitude,
      longitude: row.longitude,
      at: iso(row.at),
      deviceId: row.device_id,
    })),
    lastPositions: await rowsOf(db, 'select * from gps_last where ping_key = any($1::text[])', [keys]),
    incidents: JSON.parse(`[${incidentsJson ?? ''}]`) as Incident[],
    alerts: await rowsOf(db, 'select * from alerts where tourist_id = $1 order by at', [id]),
    deviceEvents: await rowsOf(
      db,
      'select * from events where tourist_id = $1 or device_id = any($2::text[]) order by created_at',
      [id, keys],
    ),
    didBindings: await rowsOf(
      db,
      'select did_id, bound_by, bound_at, unbound_by, unbound_at from did_bindings where tourist_id = $1 order by bound_at',
      [id],
    ),
    didUses: await rowsOf(db, 'select did_id, first_at, last_at, uses from did_uses where tourist_id = $1', [id]),
    watchPause: watchPause ?? null,
    auditEntries: audit.rows.map(entryFromRow),
  };
}

export interface ErasedTourist {
  anonymousId: string;
  /** The tourist's id and its devices' ids, under which pings and trails were kept. */
  pingKeys: string[];
  incidents: number;
  pings: number;
  devices: number;
}

const count = async (tx: Sql, sql: string, params: unknown[]) =>
  (await tx.query<{ n: number }>(`with gone as (${sql} returning 1) select count(*)::int as n from gone`, params))
    .rows[0].n;

/**
 * Erases the tourist in the caller's transaction, or answers undefined for an unknown id. The anonymous id is
 * random, so nothing held leads back from it to the person; it is the same on all of the tourist's incidents.
 */
export async function eraseTourist(
  tx: Sql,
  id: string,
  erasedBy: string,
  now = serverClock.now(),
): Promise<ErasedTourist | undefined> {
  const { rows } = await tx.query('select 1 from tourists where id = $1 for update', [id]);
  if (rows.length === 0) return undefined;
  const anonymousId = `erased-${randomUUID()}`;
  const keys = await pingKeysOf(tx, id);
  // An incident's meta may hold the id as a value: only whole JSON strings equal to it are replaced, so the
  // text stays valid JSON whatever the id (an id "t" must not touch the t of `true`).
  const quotedId = JSON.stringify(id);
  const incidents = await count(
    tx,
    `update incidents set tourist_id = $2, device_id = null,
        watch_key = case when watch_key = any($3::text[]) then $2 else watch_key end,
        meta = replace(meta::text, $4, '"' || $2 || '"')::jsonb
      where tourist_id = $1 or device_id = any($3::text[])`,
    [id, anonymousId, keys, quotedId],
  );
  await tx.query(
    'update alerts set tourist_id = $2, device_id = null where tourist_id = $1 or device_id = any($3::text[])',
    [id, anonymousId, keys],
  );
  const pings = await count(tx, 'delete from gps_pings where ping_key = any($1::text[])', [keys]);
  for (const table of ['gps_last', 'watch_last', 'zone_presence'])
    await tx.query(`delete from ${table} where ping_key = any($1::text[])`, [keys]);
  await tx.query('delete from events where tourist_id = $1 or device_id = any($2::text[])', [id, keys]);
  await tx.query('delete from watch_pauses where tourist_id = $1', [id]);
  await tx.query('delete from did_uses where tourist_id = $1', [id]);
  // Bindings are ended (every server's binding cache reads the change) and kept under the anonymous id:
  // who vouched for a Digital ID stays on record, not for whom.
  await tx.query(
    `update did_bindings set tourist_id = $2,
        unbound_by = coalesce(unbound_by, $3), unbound_at = coalesce(unbound_at, $4), changed = nextval('did_binding_changes')
      where tourist_id = $1`,
    [id, anonymousId, erasedBy, now.toISOString()],
  );
  const devices = await count(tx, 'delete from devices where tourist_id = $1', [id]);
  await tx.query('delete from tourists where id = $1', [id]);
  return { anonymousId, pingKeys: keys, incidents, pings, devices };
}
