// A watch finding becomes an incident (issue 32): built like every incident, stored with its watch key so a
// second one for the same tourist and rule cannot be open at once (a unique index, whatever the servers).
import type { Incident } from '../../src/api/entities.ts';
import type { WatchFinding } from '../../src/domain/watch-rules.ts';
import type { Emit } from '../context.ts';
import type { Sql } from '../db/seam.ts';
import { buildIncident, VERIFIED } from '../domain/incidents.ts';
import { appendAudit } from '../stores/audit.ts';
import { SYSTEM_ACTOR } from '../stores/incident-timeline.ts';
import { incidentFromRow, type IncidentRow } from '../stores/incidents.ts';
import type { WatchLastRow } from '../stores/watch-last.ts';
import { enqueueWebhookEvents, incidentEvent } from '../webhooks/outbox.ts';

export function watchIncident(row: WatchLastRow, finding: WatchFinding, at: string): Incident {
  const incident = buildIncident({
    type: finding.rule,
    source: 'watch',
    place: {
      latitude: row.latitude,
      longitude: row.longitude,
      regionId: row.region_id,
      ...(row.zone_id !== null &&
        row.zone_risk !== null && { zone: { geofenceId: row.zone_id, riskLevel: row.zone_risk } }),
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

/**
 * Stores them in one statement, each unless one of its key and rule is open already (on PostgreSQL, another
 * server's insert of the same pair waits, then does nothing), with the outbox rows of those stored: answers them.
 */
export async function insertWatchIncidents(
  tx: Sql,
  raised: readonly { incident: Incident; watchKey: string }[],
): Promise<Incident[]> {
  if (raised.length === 0) return [];
  const { rows } = await tx.query<IncidentRow>(
    `insert into incidents (id, type, severity, status, latitude, longitude, created_at, region_id, tourist_id,
       device_id, meta, verified, watch_key)
     select id, type, severity, 'open', latitude, longitude, created_at, region_id, tourist_id, device_id, meta, coalesce(verified, true), watch_key
       from jsonb_to_recordset($1::jsonb) as x(id text, type text, severity text, latitude float8, longitude float8,
         created_at timestamptz, region_id text, tourist_id text, device_id text, meta jsonb, verified boolean, watch_key text)
     on conflict (watch_key, type) where watch_key is not null and status <> 'resolved' do nothing
     returning *`,
    [
      JSON.stringify(
        raised.map(({ incident, watchKey }) => ({
          id: incident.id,
          type: incident.type,
          severity: incident.severity,
          latitude: incident.latitude,
          longitude: incident.longitude,
          created_at: incident.createdAt,
          region_id: incident.regionId,
          tourist_id: incident.touristId,
          device_id: incident.deviceId,
          meta: incident.meta,
          verified: incident.verified ?? true,
          watch_key: watchKey,
        })),
      ),
    ],
  );
  const stored = rows.map(incidentFromRow);
  await enqueueWebhookEvents(
    tx,
    stored.map((incident) => incidentEvent('watch.created', incident)),
  );
  return stored;
}

/**
 * What the system raised, on the audit trail (one entry per batch naming each incident and its figures: the chain's
 * lock is taken once) and on the stream, in the transaction that stored them.
 */
export async function announceWatchIncidents(tx: Sql, emit: Emit, stored: readonly Incident[]): Promise<void> {
  if (stored.length === 0) return;
  const detail = {
    incidents: stored.map((incident) => ({
      id: incident.id,
      touristId: incident.touristId,
      deviceId: incident.deviceId,
      ...incident.meta,
    })),
  };
  await appendAudit(tx, {
    actor: SYSTEM_ACTOR,
    role: null,
    address: null,
    action: 'incident.watch_raise',
    target: stored.length === 1 ? stored[0].id : null,
    detail,
  });
  emit(...stored.map((incident) => ({ type: 'incident_update' as const, incident })));
}
