// What a replay reads of one tourist within a range (issue 34 point 2): positions oldest first, zone entries
// and exits as the ingest stored them (device events `geofence_enter` / `geofence_exit`), and incidents.
import type { TrackMark, TrackPoint } from '../../src/api/track.ts';
import type { Sql } from '../db/seam.ts';
import { isoInSql } from './time.ts';

/**
 * A tourist is known once registered, or once anything it sent was stored under its id (a phone may ping
 * with a tourist id it never registered).
 */
export async function touristKnown(db: Sql, touristId: string): Promise<boolean> {
  const { rows } = await db.query<{ known: boolean }>(
    `select exists (select 1 from tourists where id = $1)
         or exists (select 1 from gps_pings where ping_key = $1 and tourist_id = $1)
         or exists (select 1 from incidents where tourist_id = $1) as known`,
    [touristId],
  );
  return rows[0]?.known === true;
}

/**
 * Up to `limit` positions from `from` to `to` inclusive, in the order they were recorded (equal times in
 * arrival order), and whether more were there. The times are the phone's, never later than the server
 * received them (server/ingest/pings.ts): a path drawn in the order the phone moved.
 */
export async function readTrackPoints(
  db: Sql,
  touristId: string,
  from: string,
  to: string,
  limit: number,
): Promise<{ points: TrackPoint[]; truncated: boolean }> {
  const { rows } = await db.query<TrackPoint>(
    `select latitude, longitude, ${isoInSql('at')} as at from gps_pings
      where ping_key = $1 and tourist_id = $1 and at >= $2 and at <= $3
      order by at, id limit $4`,
    [touristId, from, to, limit + 1],
  );
  return { points: rows.slice(0, limit), truncated: rows.length > limit };
}

interface ZoneEventRow {
  type: 'geofence_enter' | 'geofence_exit';
  at: string;
  geofence_id: string | null;
  risk_level: string | null;
  name: string | null;
}

interface IncidentMarkRow {
  id: string;
  type: string;
  severity: string;
  at: string;
}

const TYPE_WORDS: Record<string, string> = {
  panic: 'Panic',
  safe: 'Safe',
  low_battery: 'Low battery',
  status: 'Status',
  silent: 'Silent',
  stranded: 'Stranded',
  fall: 'Fall',
  vitals: 'Vitals',
  band_removed: 'Band removed',
};

/** Zone entries and exits and the tourist's incidents (a zone entry's own incident is its entry mark), oldest first. */
export async function readTrackMarks(db: Sql, touristId: string, from: string, to: string): Promise<TrackMark[]> {
  const zones = await db.query<ZoneEventRow>(
    `select e.type, ${isoInSql('e.created_at')} as at, e.payload->>'geofenceId' as geofence_id,
            e.payload->>'riskLevel' as risk_level, g.name
       from events e left join geofences g on g.id = e.payload->>'geofenceId'
      where e.tourist_id = $1 and e.type in ('geofence_enter', 'geofence_exit') and e.created_at >= $2 and e.created_at <= $3
      order by e.created_at, e.position`,
    [touristId, from, to],
  );
  const incidents = await db.query<IncidentMarkRow>(
    `select id, type, severity, ${isoInSql('created_at')} as at from incidents
      where tourist_id = $1 and created_at >= $2 and created_at <= $3 and type <> 'geofence'
      order by created_at, id`,
    [touristId, from, to],
  );
  const marks: TrackMark[] = [
    ...zones.rows.map((row): TrackMark => {
      const zoneName = row.name ?? row.geofence_id ?? undefined;
      const zone = `${zoneName ?? 'a zone'}${row.risk_level ? ` (${row.risk_level})` : ''}`;
      return {
        at: row.at,
        kind: row.type === 'geofence_enter' ? 'zone_enter' : 'zone_exit',
        label: `${row.type === 'geofence_enter' ? 'Entered' : 'Left'} ${zone}`,
        ...(zoneName !== undefined && { zoneName }),
        ...(row.geofence_id !== null && { geofenceId: row.geofence_id }),
        ...(row.risk_level !== null && { riskLevel: row.risk_level }),
      };
    }),
    ...incidents.rows.map(
      (row): TrackMark => ({
        at: row.at,
        kind: 'alert',
        label: `${TYPE_WORDS[row.type] ?? row.type} (${row.severity})`,
        severity: row.severity,
        incidentId: row.id,
        incidentType: row.type,
      }),
    ),
  ];
  return marks.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}
