// A watch finding becomes an incident (issue 32): built like every incident, stored with its watch key so a
// second one for the same tourist and rule cannot be open at once (a unique index, whatever the servers).
import type { Incident } from '../../src/api/entities.ts';
import type { WatchFinding } from '../../src/domain/watch-rules.ts';
import type { Sql } from '../db/seam.ts';
import { buildIncident, VERIFIED } from '../domain/incidents.ts';
import { incidentFromRow, type IncidentRow } from '../stores/incidents.ts';
import type { WatchLastRow } from '../stores/watch-last.ts';

export function watchIncident(row: WatchLastRow, finding: WatchFinding, at: string): Incident {
  const incident = buildIncident({
    type: finding.rule,
    source: 'watch',
    place: {
      latitude: row.latitude,
      longitude: row.longitude,
      regionId: row.region_id,
      ...(row.zone_id !== null && row.zone_risk !== null && { zone: { geofenceId: row.zone_id, riskLevel: row.zone_risk } }),
    },
    touristId: row.tourist_id,
    deviceId: row.device_id,
    createdAt: at,
    extraMeta: finding.meta,
    // The server raised it from what it received: nobody claims to be the tourist.
    verification: VERIFIED,
  });
  return { ...incident, severity: finding.severity };
}

/** Stores it unless one of this key and rule is open already: answers the stored incident, or null. */
export async function insertWatchIncident(tx: Sql, incident: Incident, watchKey: string): Promise<Incident | null> {
  const { rows } = await tx.query<IncidentRow>(
    `insert into incidents (id, type, severity, status, latitude, longitude, created_at, region_id, tourist_id,
       device_id, meta, verified, watch_key)
     values ($1, $2, $3, 'open', $4, $5, $6, $7, $8, $9, $10, true, $11)
     on conflict (watch_key, type) where watch_key is not null and status <> 'resolved' do nothing
     returning *`,
    [
      incident.id, incident.type, incident.severity, incident.latitude, incident.longitude, incident.createdAt,
      incident.regionId, incident.touristId, incident.deviceId, JSON.stringify(incident.meta), watchKey,
    ],
  );
  return rows[0] ? incidentFromRow(rows[0]) : null;
}
