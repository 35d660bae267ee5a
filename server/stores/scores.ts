import { DEFAULT_REGION_ID } from '../../src/domain/default-region.ts';
import type { Sql } from '../db/seam.ts';
import type { ScoredIncident } from '../domain/scores.ts';

/** `regionId` undefined: every region (see regionScope). */
export async function countRegionIncidentsSince(db: Sql, regionId: string | undefined, since: Date): Promise<number> {
  const { rows } = await db.query<{ count: number | string }>(
    'select count(*) as count from incidents where ($1::text is null or region_id = $1) and created_at >= $2',
    [regionId ?? null, since.toISOString()],
  );
  return Number(rows[0].count);
}

/** Incidents of a region (undefined: every region) and, when given, of one place, raised since `since`. */
export async function listIncidentsForCredit(
  db: Sql,
  regionId: string | undefined,
  placeId: string | undefined,
  since: Date,
): Promise<ScoredIncident[]> {
  const { rows } = await db.query<Pick<ScoredIncident, 'type' | 'severity' | 'status'> & { created_at: Date | string }>(
    `select type, severity, status, created_at from incidents
     where ($1::text is null or region_id = $1) and created_at >= $2 and ($3::text is null or meta->>'placeId' = $3)`,
    [regionId ?? null, since.toISOString(), placeId ?? null],
  );
  return rows.map((row) => ({
    type: row.type,
    severity: row.severity,
    status: row.status,
    createdAt: new Date(row.created_at),
  }));
}

/** The region's time zone; for 'all' or a region not in the table, the `default` region's (the deployment's home). */
export async function regionTimeZone(db: Sql, regionId: string): Promise<string | undefined> {
  const { rows } = await db.query<{ time_zone: string }>(
    'select time_zone from regions where id in ($1, $2) order by (id = $1) desc limit 1',
    [regionId, DEFAULT_REGION_ID],
  );
  return rows[0]?.time_zone;
}
