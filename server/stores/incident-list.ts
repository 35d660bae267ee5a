// The dashboard's list of incidents (/incidents/filter): the whole list, or only what changed since an
// earlier answer. Every answer carries a revision; an answer "since" it holds every incident written
// after it, with the ids of the whole list in order, so that rows that left the list leave it in the page.
import { urgentIncidentSql } from '../../src/domain/urgent-incidents.ts';
import type { Sql } from '../db/seam.ts';
import { INCIDENTS_JSON_BY_IDS } from './incident-json.ts';

export interface IncidentListQuery {
  /** Absent: every region. */
  regionId?: string;
  /** Absent: all time. */
  since?: Date;
  limit: number;
  /** Also every unresolved panic of the region, however old and beyond the limit: no window or cap hides one. */
  withUnresolvedPanics?: boolean;
}

/**
 * Rows per statement of a long list: on PGlite's one connection a panic's write waits for the statement
 * running, never for the whole list (10,000 open panics once took one 80–200 ms statement).
 */
export const INCIDENTS_JSON_CHUNK_ROWS = 1000;

export interface IncidentList {
  /** The JSON array of the incidents, as text (see incident-json.ts). */
  json: string;
  /** Their ids, in the list's order. */
  ids: string[];
  /** Ask for the changes since this next time: the oldest transaction still running when the ids were read. */
  revision: string;
}

/** `ids`: the whole list's, in its order; `json`: only the incidents written since the revision asked for. */
export type IncidentChanges = IncidentList;

/** The list's ids, newest first by receive time, and the revision of the snapshot they were read in. */
async function listedIds(db: Sql, filter: IncidentListQuery): Promise<{ ids: string[]; revision: string }> {
  const { rows } = await db.query<{ ids: string[]; revision: string }>(
    `select coalesce(array_agg(id order by created_at desc, id desc), '{}') as ids,
            pg_snapshot_xmin(pg_current_snapshot())::text as revision
       from incidents
      where ($1::text is null or region_id = $1)
        and (id in (select id from incidents
                     where ($1::text is null or region_id = $1) and ($2::timestamptz is null or created_at >= $2)
                     order by created_at desc, id desc limit $3)
             or ($4 and ${urgentIncidentSql()} and status <> 'resolved'))`,
    [filter.regionId ?? null, filter.since?.toISOString() ?? null, filter.limit, filter.withUnresolvedPanics ?? false],
  );
  return rows[0];
}

/** The JSON of `ids` in that order, a chunk of ids per statement. */
async function jsonOfIds(db: Sql, ids: readonly string[], chunkRows: number): Promise<string> {
  const chunks: string[] = [];
  for (let first = 0; first < ids.length; first += chunkRows) {
    const { rows } = await db.query<{ json: string | null }>(INCIDENTS_JSON_BY_IDS, [
      ids.slice(first, first + chunkRows),
    ]);
    if (rows[0].json) chunks.push(rows[0].json);
  }
  return `[${chunks.join(',')}]`;
}

/**
 * Newest first by receive time: at most `limit`, plus (when asked) every unresolved panic of the region.
 * The ids first, in one short statement, then their JSON a chunk of ids at a time.
 */
export async function filterIncidentsJson(
  db: Sql,
  filter: IncidentListQuery,
  chunkRows = INCIDENTS_JSON_CHUNK_ROWS,
): Promise<IncidentList> {
  const { ids, revision } = await listedIds(db, filter);
  return { json: await jsonOfIds(db, ids, chunkRows), ids, revision };
}

/**
 * The same list as `filterIncidentsJson`, as its ids and the JSON of only those of its incidents written
 * since `revision` (a revision an earlier answer gave). Rows are read after the ids: one written in
 * between is sent as it is now, and again next time, which is harmless.
 */
export async function filterIncidentChanges(
  db: Sql,
  filter: IncidentListQuery,
  changedSince: string,
  chunkRows = INCIDENTS_JSON_CHUNK_ROWS,
): Promise<IncidentChanges> {
  const { ids, revision } = await listedIds(db, filter);
  const { rows } = await db.query<{ id: string }>(
    'select id from incidents where changed_xid >= $1::xid8 and ($2::text is null or region_id = $2)',
    [changedSince, filter.regionId ?? null],
  );
  const written = new Set(rows.map((row) => row.id));
  return {
    ids,
    revision,
    json: await jsonOfIds(
      db,
      ids.filter((id) => written.has(id)),
      chunkRows,
    ),
  };
}
