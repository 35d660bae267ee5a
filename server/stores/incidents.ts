import { urgentIncidentSql } from '../../src/domain/urgent-incidents.ts';
import type { Incident } from '../../src/api/entities.ts';
import type { Sql } from '../db/seam.ts';
import { iso } from './time.ts';

export interface IncidentRow {
  id: string;
  type: Incident['type'];
  severity: Incident['severity'];
  status: Incident['status'];
  latitude: number;
  longitude: number;
  created_at: Date | string;
  reported_at: Date | string | null;
  acknowledged_at: Date | string | null;
  resolved_at: Date | string | null;
  region_id: string;
  tourist_id: string | null;
  device_id: string | null;
  meta: Incident['meta'];
  verified: boolean;
  acknowledged_by: string | null;
  resolved_by: string | null;
  assignee: string | null;
  escalated_at: Date | string | null;
  dispatched_at?: Date | string | null;
  on_scene_at?: Date | string | null;
}

export function incidentFromRow(row: IncidentRow): Incident {
  return {
    id: row.id,
    type: row.type,
    severity: row.severity,
    status: row.status,
    latitude: row.latitude,
    longitude: row.longitude,
    createdAt: iso(row.created_at),
    reportedAt: iso(row.reported_at ?? null),
    acknowledgedAt: iso(row.acknowledged_at),
    resolvedAt: iso(row.resolved_at),
    regionId: row.region_id,
    touristId: row.tourist_id,
    deviceId: row.device_id,
    meta: row.meta,
    verified: row.verified,
    acknowledgedBy: row.acknowledged_by ?? null,
    resolvedBy: row.resolved_by ?? null,
    assignee: row.assignee ?? null,
    escalatedAt: iso(row.escalated_at ?? null),
    dispatchedAt: iso(row.dispatched_at ?? null),
    onSceneAt: iso(row.on_scene_at ?? null),
  };
}

export async function insertIncident(tx: Sql, incident: Incident): Promise<void> {
  await tx.query(
    `insert into incidents (id, type, severity, status, latitude, longitude, created_at, acknowledged_at, resolved_at,
       region_id, tourist_id, device_id, meta, reported_at, verified)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [
      incident.id,
      incident.type,
      incident.severity,
      incident.status,
      incident.latitude,
      incident.longitude,
      incident.createdAt,
      incident.acknowledgedAt,
      incident.resolvedAt,
      incident.regionId,
      incident.touristId,
      incident.deviceId,
      JSON.stringify(incident.meta),
      incident.reportedAt ?? null,
      incident.verified ?? false,
    ],
  );
}

/** Many at once, in one statement (a GPS batch may raise dozens of zone entries). */
export async function insertIncidents(tx: Sql, incidents: readonly Incident[]): Promise<void> {
  if (incidents.length === 0) return;
  await tx.query(
    `insert into incidents (id, type, severity, status, latitude, longitude, created_at, acknowledged_at, resolved_at,
       region_id, tourist_id, device_id, meta, reported_at, verified)
     select id, type, severity, status, latitude, longitude, created_at, acknowledged_at, resolved_at,
       region_id, tourist_id, device_id, coalesce(meta, '{}'::jsonb), reported_at, coalesce(verified, false)
       from jsonb_to_recordset($1::jsonb) as x(id text, type text, severity text, status text, latitude float8,
         longitude float8, created_at timestamptz, acknowledged_at timestamptz, resolved_at timestamptz, region_id text,
         tourist_id text, device_id text, meta jsonb, reported_at timestamptz, verified boolean)`,
    [
      JSON.stringify(
        incidents.map((incident) => ({
          id: incident.id,
          type: incident.type,
          severity: incident.severity,
          status: incident.status,
          latitude: incident.latitude,
          longitude: incident.longitude,
          created_at: incident.createdAt,
          acknowledged_at: incident.acknowledgedAt,
          resolved_at: incident.resolvedAt,
          region_id: incident.regionId,
          tourist_id: incident.touristId,
          device_id: incident.deviceId,
          meta: incident.meta,
          reported_at: incident.reportedAt ?? null,
          verified: incident.verified ?? false,
        })),
      ),
    ],
  );
}

export async function findIncident(db: Sql, id: string, forUpdate = false): Promise<Incident | undefined> {
  const { rows } = await db.query<IncidentRow>(
    `select * from incidents where id = $1${forUpdate ? ' for update' : ''}`,
    [id],
  );
  return rows[0] && incidentFromRow(rows[0]);
}

export async function listIncidents(db: Sql, limit: number): Promise<Incident[]> {
  const { rows } = await db.query<IncidentRow>('select * from incidents order by created_at desc, id desc limit $1', [
    limit,
  ]);
  return rows.map(incidentFromRow);
}

/** Where a page ended: the next page holds the rows strictly older in (created_at, id) order. */
export interface IncidentCursor {
  /** created_at as the store prints it, to the microsecond: a JS Date would drop digits and repeat rows. */
  createdAt: string;
  id: string;
}

export interface IncidentPage {
  incidents: Incident[];
  /** Absent after the last page. */
  next?: IncidentCursor;
}

/** One page of a region and time filter, newest first: long lists are read a page (one short query) at a time. */
export async function filterIncidentsPage(
  db: Sql,
  filter: { regionId?: string; since?: Date },
  after: IncidentCursor | undefined,
  pageSize: number,
): Promise<IncidentPage> {
  const { rows } = await db.query<IncidentRow & { cursor_at: string }>(
    `select *, created_at::text as cursor_at from incidents
     where ($1::text is null or region_id = $1) and ($2::timestamptz is null or created_at >= $2)
       and ($3::timestamptz is null or (created_at <= $3 and (created_at, id) < ($3, $4::text)))
     order by created_at desc, id desc limit $5`,
    [
      filter.regionId ?? null,
      filter.since?.toISOString() ?? null,
      after?.createdAt ?? null,
      after?.id ?? null,
      pageSize,
    ],
  );
  const last = rows.at(-1);
  return {
    incidents: rows.map(incidentFromRow),
    next: last && rows.length === pageSize ? { createdAt: last.cursor_at, id: last.id } : undefined,
  };
}

/** Sets the status and stamps when it was reached and by whom; an earlier stamp is kept. */
export async function updateIncidentStatus(
  tx: Sql,
  id: string,
  status: Incident['status'],
  at: string,
  by: string,
): Promise<Incident> {
  const { rows } = await tx.query<IncidentRow>(
    `update incidents set status = $2,
       acknowledged_at = case when $2 = 'acknowledged' then coalesce(acknowledged_at, $3::timestamptz) else acknowledged_at end,
       acknowledged_by = case when $2 = 'acknowledged' then coalesce(acknowledged_by, $4) else acknowledged_by end,
       resolved_at = case when $2 = 'resolved' then coalesce(resolved_at, $3::timestamptz) else resolved_at end,
       resolved_by = case when $2 = 'resolved' then coalesce(resolved_by, $4) else resolved_by end
     where id = $1 returning *`,
    [id, status, at, by],
  );
  return incidentFromRow(rows[0]);
}

/**
 * Locks the incidents among `ids` that exist, in id order: two bulk requests over overlapping ids wait for
 * each other instead of deadlocking (PostgreSQL locks the rows of `order by … for update` in that order).
 */
export async function lockIncidents(tx: Sql, ids: readonly string[]): Promise<Map<string, Incident>> {
  const { rows } = await tx.query<IncidentRow>(
    'select * from incidents where id in (select jsonb_array_elements_text($1::jsonb)) order by id for update',
    [JSON.stringify(ids)],
  );
  return new Map(rows.map((row) => [row.id, incidentFromRow(row)]));
}

export async function updateIncidentAssignee(tx: Sql, id: string, assignee: string | null): Promise<Incident> {
  const { rows } = await tx.query<IncidentRow>('update incidents set assignee = $2 where id = $1 returning *', [
    id,
    assignee,
  ]);
  return incidentFromRow(rows[0]);
}

/**
 * Marks at most `limit` panics received before `dueBefore` and still open as escalated at `at`, each once:
 * rows another transaction holds are skipped (the next check sees them), and `escalated_at is null` is
 * checked again under the row lock, so two servers on one database never escalate one panic twice.
 */
export async function escalateDueIncidents(tx: Sql, dueBefore: string, at: string, limit: number): Promise<Incident[]> {
  const { rows } = await tx.query<IncidentRow>(
    `update incidents set escalated_at = $2
      where id in (select id from incidents
                    where ${urgentIncidentSql()}
                      and status = 'open' and escalated_at is null and created_at <= $1::timestamptz
                    order by created_at, id limit $3 for update skip locked)
        and status = 'open' and escalated_at is null
      returning *`,
    [dueBefore, at, limit],
  );
  return rows.map(incidentFromRow).sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
}

/** Stamps the first dispatch and the first arrival (an earlier stamp is kept); answers the incident. */
export async function stampIncidentDispatch(
  tx: Sql,
  id: string,
  field: 'dispatched_at' | 'on_scene_at',
  at: string,
): Promise<Incident> {
  const { rows } = await tx.query<IncidentRow>(
    `update incidents set ${field} = coalesce(${field}, $2::timestamptz) where id = $1 returning *`,
    [id, at],
  );
  return incidentFromRow(rows[0]);
}
