// What every zone write does besides the write itself, in its transaction: the audit entry with the zone
// before and after, and the stream's `geofence_update`, which every dashboard and every server's ingest follow.
import type { Geofence } from '../../src/api/entities.ts';
import type { Emit } from '../context.ts';
import type { Sql } from '../db/seam.ts';
import type { ActingOperator } from '../http/acting-operator.ts';
import { HttpError } from '../http/errors.ts';
import { appendAudit } from '../stores/audit.ts';
import { regionIds } from '../stores/regions.ts';
import {
  circleIssues,
  tooFewPointsIssue,
  zoneOutlineIssues,
  type GeometryIssue,
} from '../../src/domain/zone-geometry.ts';

export type ZoneWriteAction = 'geofence.save' | 'geofence.update' | 'geofence.delete' | 'geofence.import';

export async function recordZoneWrite(
  tx: Sql,
  emit: Emit,
  who: ActingOperator,
  action: ZoneWriteAction,
  change: { previous: Geofence | null; saved: Geofence | null },
): Promise<void> {
  const target = (change.saved ?? change.previous)!.id;
  await appendAudit(tx, { ...who, action, target, detail: { previous: change.previous, saved: change.saved } });
  emit(
    change.saved ? { type: 'geofence_update', geofence: change.saved } : { type: 'geofence_update', deletedId: target },
  );
}

/** A zone outline the editor may save (zone-geometry's rules), else 400 naming the field. */
export function requireZoneOutline(polygon: unknown, meta: Record<string, unknown> | undefined): void {
  refuseOutline([...zoneOutlineIssues(polygon, 'polygon'), ...circleIssues(meta?.circle)]);
}

/**
 * API.md's POST /geofences: an outline that encloses an area (at least 3 distinct points), else 400 naming
 * `polygon`. The editor's further limits (crossings, vertices, area) are PUT's and the import's: a client of
 * the contract route that sent a larger zone is not refused now.
 */
export function requireEnclosingOutline(polygon: readonly (readonly [number, number])[]): void {
  const issue = tooFewPointsIssue(polygon);
  if (issue) refuseOutline([issue]);
}

function refuseOutline(issues: GeometryIssue[]): void {
  if (issues.length === 0) return;
  throw new HttpError(
    400,
    `Invalid request body: ${issues[0].message.replace(/\.$/, '')}${issues.length > 1 ? ` (and ${issues.length - 1} more)` : ''}.`,
    issues.map(({ field, message }) => ({ path: field, message })),
  );
}

/**
 * A zone in an unknown region would re-route the panics inside it out of every operator's region filter,
 * so its region must be one `/regions` lists.
 */
export async function requireKnownRegion(db: Sql, regionId: string): Promise<void> {
  const known = await regionIds(db);
  if (known.includes(regionId)) return;
  const message = `regionId must name a known region (GET /regions): one of ${known.join(', ')}`;
  throw new HttpError(400, `Invalid request body: ${message}.`, [{ path: 'regionId', message }]);
}
