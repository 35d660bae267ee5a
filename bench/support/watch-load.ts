// The watch at work behind a benchmark (issue 32, point 6: ingest "with the watch on"): 100,000 tracked
// devices in watch_last, reporting and last seen 40 min ago, of which one in 1,000 comes due every 15 s
// (as in bench/watch-check.ts) for the next DUE_FOR_S seconds, each raising a silent incident when the
// server's running check (WATCH_CHECK_MS) decides it. Seeded before the server starts, in its store.
import type { Database } from '../../server/db/seam.ts';

export const TRACKED_DEVICES = 100_000;
/** One in 1,000 of the tracked devices per 15 s interval. */
const DUE_PER_SECOND = TRACKED_DEVICES / 1000 / 15;
/** Longer than a run: due rows keep coming while the pings are measured. */
const DUE_FOR_S = 300;
const PREFIX = 'bench-watch-';

export async function seedTrackedDevices(db: Database): Promise<void> {
  const dueRows = Math.round(DUE_PER_SECOND * DUE_FOR_S);
  await db.query(
    `insert into watch_last (ping_key, tourist_id, device_id, region_id, seen_at, recent_seen, latitude, longitude,
       still_since, still_lat, still_lng, due_at)
     select '${PREFIX}' || k, '${PREFIX}' || k, null, 'default', now() - interval '40 minutes',
            array[now() - interval '40 minutes', now() - interval '41 minutes', now() - interval '42 minutes'],
            20 + (k % 1000) / 1000.0, 78 + (k / 1000) / 1000.0, now() - interval '40 minutes', 20, 78,
            case when k <= ${dueRows} then now() + k * interval '${(1 / DUE_PER_SECOND).toFixed(4)} seconds'
                 else now() + interval '1 hour' + (k % 3600) * interval '1 second' end
       from generate_series(1, ${TRACKED_DEVICES}) as k`,
  );
  await db.query('analyze watch_last');
}

/** Silent incidents the running check raised for the tracked devices: proof it worked during the run. */
export async function watchIncidentsRaised(db: Database): Promise<number> {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from incidents where watch_key like '${PREFIX}%'`,
  );
  return Number(rows[0].n);
}
