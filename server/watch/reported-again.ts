// "Reported again" (issue 32): the tourist of an open watch incident sent something. The incident stays
// open (resolving is an operator's act); its timeline and its row say when and where. Once per incident:
// the first report after it was raised; `meta.reportedAgainAt` marks it, so later pings and events skip it
// in the statement that reads them (a phone pings every few seconds; the timeline is the operator's).
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

export async function markReportedAgain(
  tx: Sql,
  emit: Emit,
  incidentIds: readonly string[],
  report: ReportedAgain,
  actor: string,
): Promise<void> {
  if (incidentIds.length === 0) return;
  const { rows } = await tx.query<IncidentRow>(
    `update incidents set meta = meta || jsonb_build_object('reportedAgainAt', $2::text)
      where id = any($1::text[]) and status <> 'resolved' and meta->>'reportedAgainAt' is null returning *`,
    [[...incidentIds], report.at],
  );
  const where =
    report.latitude === null || report.longitude === null
      ? 'no position'
      : `at ${report.latitude.toFixed(5)}, ${report.longitude.toFixed(5)}`;
  for (const row of rows) {
    const incident = incidentFromRow(row);
    const entry = await appendTimeline(tx, incident.id, {
      at: report.at,
      actor,
      action: 'reported_again',
      note: `${report.what} received ${report.at}, ${where}`,
    });
    emit({ type: 'incident_update', incident, entry });
  }
}

/**
 * A soft alert from the tourist (issue 32): remembered as the last one (a low battery, then silence, is
 * raised one severity higher) and, with the same statement, the open watch incidents not yet reported again.
 */
export async function noteSoftAlert(
  tx: Sql,
  emit: Emit,
  pingKey: string,
  type: string,
  report: Omit<ReportedAgain, 'what'>,
): Promise<void> {
  const { rows } = await tx.query<{ id: string }>(
    `with remembered as (update watch_last set last_soft_alert = $2 where ping_key = $1)
     select id from incidents where watch_key = $1 and status <> 'resolved' and meta->>'reportedAgainAt' is null`,
    [pingKey, type],
  );
  await markReportedAgain(
    tx,
    emit,
    rows.map((row) => row.id),
    { ...report, what: `Soft alert (${type})` },
    pingKey,
  );
}
