// A region's watch settings and the pauses of one tourist's watch (issue 32, migration 016).
import type { WatchPause, WatchSettings } from '../../src/api/watch.ts';
import type { Sql } from '../db/seam.ts';
import { withDefaults } from '../watch/watch-config.ts';
import { iso } from './time.ts';

export async function regionExists(db: Sql, regionId: string): Promise<boolean> {
  const { rows } = await db.query('select 1 from regions where id = $1', [regionId]);
  return rows.length > 0;
}

/** The region's settings: the documented defaults for every value not saved. */
export async function readWatchSettings(db: Sql, regionId: string, forUpdate = false): Promise<WatchSettings> {
  const { rows } = await db.query<{ settings: unknown }>(
    `select settings from watch_settings where region_id = $1${forUpdate ? ' for update' : ''}`,
    [regionId],
  );
  return withDefaults(rows[0]?.settings);
}

export async function saveWatchSettings(tx: Sql, regionId: string, settings: WatchSettings, at: string): Promise<void> {
  await tx.query(
    `insert into watch_settings (region_id, settings, updated_at) values ($1, $2, $3)
     on conflict (region_id) do update set settings = excluded.settings, updated_at = excluded.updated_at`,
    [regionId, JSON.stringify(settings), at],
  );
}

interface PauseRow {
  tourist_id: string;
  until: Date | string;
  reason: string;
  paused_by: string;
  created_at: Date | string;
}

const pauseFromRow = (row: PauseRow): WatchPause => ({
  touristId: row.tourist_id,
  until: iso(row.until),
  reason: row.reason,
  by: row.paused_by,
  createdAt: iso(row.created_at),
});

/** One pause per tourist: a new one replaces the last. */
export async function savePause(tx: Sql, pause: WatchPause): Promise<WatchPause> {
  const { rows } = await tx.query<PauseRow>(
    `insert into watch_pauses (tourist_id, until, reason, paused_by, created_at) values ($1, $2, $3, $4, $5)
     on conflict (tourist_id) do update set until = excluded.until, reason = excluded.reason,
       paused_by = excluded.paused_by, created_at = excluded.created_at
     returning *`,
    [pause.touristId, pause.until, pause.reason, pause.by, pause.createdAt],
  );
  return pauseFromRow(rows[0]);
}

/** The tourist's pause still running at `now` (an ended one stays stored until replaced or lifted). */
export async function readPause(db: Sql, touristId: string, now: string): Promise<WatchPause | null> {
  const { rows } = await db.query<PauseRow>(
    'select * from watch_pauses where tourist_id = $1 and until > $2::timestamptz',
    [touristId, now],
  );
  return rows[0] ? pauseFromRow(rows[0]) : null;
}

/** The pause removed, if there was one still running at `now`. */
export async function deletePause(tx: Sql, touristId: string, now: string): Promise<WatchPause | null> {
  const { rows } = await tx.query<PauseRow>('delete from watch_pauses where tourist_id = $1 returning *', [touristId]);
  const removed = rows[0];
  return removed && Date.parse(iso(removed.until)) > Date.parse(now) ? pauseFromRow(removed) : null;
}
