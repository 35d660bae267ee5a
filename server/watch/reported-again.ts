// "Reported again" (issue 32): the tourist of an open silent or stranded incident sent something. The
// incident stays open (resolving is an operator's act); its timeline and its row say when and where.
import type { Emit } from '../context.ts';
import type { Sql } from '../db/seam.ts';
import { incidentFromRow, type IncidentRow } from '../stores/incidents.ts';
import { appendTimeline } from '../stores/incident-timeline.ts';

export interface ReportedAgain {
  at: string;
  latitude: number | null;
  longitude: number | null;
  /** What was received: a GPS ping, a soft alert, a device event. */
  what: string;
}

/** The open watch incidents of these ping keys (ids), for callers that did not read them already. */
export async function openWatchIncidentsOf(tx: Sql, keys: readonly string[]): Promise<string[]> {
  if (keys.length === 0) return [];
  const { rows } = await tx.query<{ id: string }>(`select id from incidents where watch_key = any($1::text[]) and status <> 'resolved'`, [[...keys]]);
  return rows.map((row) => row.id);
}

export async function markReportedAgain(tx: Sql, emit: Emit, incidentIds: readonly string[], report: ReportedAgain, actor: string): Promise<void> {
  if (incidentIds.length === 0) return;
  const { rows } = await tx.query<IncidentRow>(
    `update incidents set meta = meta || jsonb_build_object('reportedAgainAt', $2::text)
      where id = any($1::text[]) and status <> 'resolved' returning *`,
    [[...incidentIds], report.at],
  );
  const where = report.latitude === null || report.longitude === null ? 'no position' : `at ${report.latitude.toFixed(5)}, ${report.longitude.toFixed(5)}`;
  for (const row of rows) {
    const incident = incidentFromRow(row);
    const entry = await appendTimeline(tx, incident.id, { at: report.at, actor, action: 'reported_again', note: `${report.what} received ${report.at}, ${where}` });
    emit({ type: 'incident_update', incident, entry });
  }
}

/**
 * A soft alert from the tourist (issue 32): remembered as the last one (a low battery, then silence, is
 * raised one severity higher) and, with the same statement, the open watch incidents it reports again on.
 */
export async function noteSoftAlert(tx: Sql, emit: Emit, pingKey: string, type: string, report: Omit<ReportedAgain, 'what'>): Promise<void> {
  const { rows } = await tx.query<{ id: string }>(
    `with remembered as (update watch_last set last_soft_alert = $2 where ping_key = $1)
     select id from incidents where watch_key = $1 and status <> 'resolved'`,
    [pingKey, type],
  );
  await markReportedAgain(tx, emit, rows.map((row) => row.id), { ...report, what: `Soft alert (${type})` }, pingKey);
}
