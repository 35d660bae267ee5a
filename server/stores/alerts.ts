import type { Alert } from '../../src/api/entities.ts';
import type { ListedAlert } from '../../src/api/responses.ts';
import type { Sql } from '../db/seam.ts';
import { iso } from './time.ts';

export interface AlertRow {
  id: string;
  incident_id: string;
  latitude: number;
  longitude: number;
  at: Date | string;
  reported_at?: Date | string | null;
  region_id: string;
  tourist_id: string | null;
  device_id: string | null;
  geofence_id: string | null;
  risk_level: Alert['riskLevel'] | null;
  place_id: string | null;
  verified: boolean;
}

export function alertFromRow(row: AlertRow): Alert {
  return {
    id: row.id,
    incidentId: row.incident_id,
    latitude: row.latitude,
    longitude: row.longitude,
    at: iso(row.at),
    reportedAt: iso(row.reported_at ?? null),
    regionId: row.region_id,
    touristId: row.tourist_id,
    deviceId: row.device_id,
    ...(row.geofence_id !== null && { geofenceId: row.geofence_id }),
    ...(row.risk_level !== null && { riskLevel: row.risk_level }),
    ...(row.place_id !== null && { placeId: row.place_id }),
    verified: row.verified,
  };
}

const ALERT_COLUMNS =
  'id, incident_id, latitude, longitude, at, region_id, tourist_id, device_id, geofence_id, risk_level, place_id, reported_at, verified';
const ALERT_COLUMN_COUNT = ALERT_COLUMNS.split(',').length;
/** Rows a statement takes: a parameter a column each, well under PostgreSQL's 65,535. */
const ALERTS_PER_STATEMENT = 1000;

const alertValues = (alert: Alert): unknown[] => [
  alert.id,
  alert.incidentId,
  alert.latitude,
  alert.longitude,
  alert.at,
  alert.regionId,
  alert.touristId ?? null,
  alert.deviceId ?? null,
  alert.geofenceId ?? null,
  alert.riskLevel ?? null,
  alert.placeId ?? null,
  // A panic journaled before the field existed was not verified.
  alert.reportedAt ?? null,
  alert.verified ?? false,
];

export async function insertAlert(tx: Sql, alert: Alert): Promise<void> {
  await insertAlerts(tx, [alert]);
}

/** Many at once (a journal's panics put back together), a thousand rows a statement. */
export async function insertAlerts(tx: Sql, alerts: readonly Alert[]): Promise<void> {
  for (let from = 0; from < alerts.length; from += ALERTS_PER_STATEMENT) {
    const params = alerts.slice(from, from + ALERTS_PER_STATEMENT).flatMap(alertValues);
    const rows = [];
    for (let i = 0; i < params.length; i += ALERT_COLUMN_COUNT)
      rows.push(`(${Array.from({ length: ALERT_COLUMN_COUNT }, (_, column) => `$${i + column + 1}`).join(', ')})`);
    await tx.query(`insert into alerts (${ALERT_COLUMNS}) values ${rows.join(', ')}`, params);
  }
}

type ListedAlertRow = AlertRow & { type: ListedAlert['type']; status: ListedAlert['status'] };

/** As the phone app's alert history shows a place: in a table cell, to about 10 m. */
const locationText = (latitude: number, longitude: number) => `${latitude.toFixed(4)}, ${longitude.toFixed(4)}`;

function listedAlertFromRow(row: ListedAlertRow): ListedAlert {
  const alert = alertFromRow(row);
  return {
    ...alert,
    type: row.type,
    status: row.status,
    timestamp: alert.at,
    location: locationText(alert.latitude, alert.longitude),
  };
}

/** The newest alerts with their incident's type and status; of one tourist when `touristId` is given. */
export async function listAlerts(db: Sql, limit: number, touristId?: string): Promise<ListedAlert[]> {
  const ofTourist = touristId === undefined ? '' : 'where a.tourist_id = $2';
  const { rows } = await db.query<ListedAlertRow>(
    `select a.*, i.type, i.status from alerts a join incidents i on i.id = a.incident_id ${ofTourist}
      order by a.at desc, a.id desc limit $1`,
    touristId === undefined ? [limit] : [limit, touristId],
  );
  return rows.map(listedAlertFromRow);
}

/**
 * The newest alerts, plus the alert of every unresolved panic however old (no cap hides one), and the
 * stream position they reflect, read in one statement so they agree: an alert and its stream event are
 * committed together. Newest first by receive time.
 */
export async function recentAlertsForSnapshot(db: Sql, limit: number): Promise<{ seq: number; alerts: Alert[] }> {
  const { rows } = await db.query<{ seq: number | null; alerts: AlertRow[] | null }>(
    `select (select max(seq) from stream_events) as seq,
            (select json_agg(a order by a.at desc, a.id desc) from (
               (select * from alerts order by at desc, id desc limit $1)
               union
               (select alerts.* from alerts join incidents on incidents.id = alerts.incident_id
                 where incidents.type = 'panic' and incidents.status <> 'resolved')
             ) a) as alerts`,
    [limit],
  );
  return { seq: rows[0].seq ?? 0, alerts: (rows[0].alerts ?? []).map(alertFromRow) };
}
