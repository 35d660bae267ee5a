import type { Incident } from '../../src/api/entities.ts';
import type { TimelineEntry } from '../../src/api/responses.ts';
import type { Sql } from '../db/seam.ts';
import { iso } from './time.ts';

/** The actor of what the server does by itself: escalation, raising an incident from a zone entry or the watch. */
export const SYSTEM_ACTOR = 'system';

/** Stored steps only: `raised` is derived from the incident itself. */
export type StoredTimelineEntry = TimelineEntry & { action: Exclude<TimelineEntry['action'], 'raised'> };

interface TimelineRow {
  at: Date | string;
  actor: string;
  action: StoredTimelineEntry['action'];
  note: string | null;
  assignee: string | null;
  unit: string | null;
}

function entryFromRow(row: TimelineRow): StoredTimelineEntry {
  return {
    at: iso(row.at),
    actor: row.actor,
    action: row.action,
    ...(row.note !== null && { note: row.note }),
    ...(row.assignee !== null && { assignee: row.assignee }),
    ...(row.unit != null && { unit: row.unit }),
  };
}

/** Appends in the caller's transaction, so the act and its history commit together. */
export async function appendTimeline(
  tx: Sql,
  incidentId: string,
  entry: StoredTimelineEntry,
): Promise<StoredTimelineEntry> {
  const { rows } = await tx.query<TimelineRow>(
    `insert into incident_timeline (incident_id, at, actor, action, note, assignee, unit)
     values ($1, $2, $3, $4, $5, $6, $7) returning at, actor, action, note, assignee, unit`,
    [incidentId, entry.at, entry.actor, entry.action, entry.note ?? null, entry.assignee ?? null, entry.unit ?? null],
  );
  return entryFromRow(rows[0]);
}

/** Who raised it: the server for a zone entry, the operator for a test alert, else the tourist or their device. */
function raiserOf(incident: Incident): string {
  if (incident.type === 'geofence' || incident.meta.source === 'watch') return SYSTEM_ACTOR;
  if (incident.meta.test && incident.meta.sentBy) return incident.meta.sentBy;
  return incident.touristId ?? 'device';
}

export function raisedEntry(incident: Incident): TimelineEntry {
  return { at: incident.createdAt, actor: raiserOf(incident), action: 'raised' };
}

/** A read stays bounded however many notes an incident gathers; the oldest steps beyond it are left out. */
export const MAX_TIMELINE_ENTRIES = 1000;

/** Oldest first: `raised`, then the stored steps in the order they were recorded (the newest 1000). */
export async function listTimeline(db: Sql, incident: Incident): Promise<TimelineEntry[]> {
  const { rows } = await db.query<TimelineRow>(
    'select at, actor, action, note, assignee, unit from incident_timeline where incident_id = $1 order by seq desc limit $2',
    [incident.id, MAX_TIMELINE_ENTRIES],
  );
  return [raisedEntry(incident), ...rows.reverse().map(entryFromRow)];
}
