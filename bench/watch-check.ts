// The watch's check pass (issue 32) over 100,000 tracked devices, on PGlite and, when DATABASE_URL is set, on
// PostgreSQL (a fresh schema, dropped afterwards), as issue 32 asks ≤ 200 ms on both: the pass (lock the due rows,
// decide each, raise their incidents with timeline, audit and stream, reschedule) beside a floor measured in
// the same run, a plain indexed select of the same due rows. DUE rows are due per pass: about what 100,000
// devices yield in one 15 s interval when 1 in 1,000 goes silent.
// Prints `watchCheck` for bench/run.ts. Run: npx tsx bench/watch-check.ts   (BENCH_QUICK=1: fewer passes)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startServer } from '../server/start/start-server.ts';
import { configFromEnv } from '../server/config.ts';
import { runWatchCheck } from '../server/jobs/watch-check.ts';
import { dropSchema } from '../tools/drop-schema.ts';
import { QUICK } from './support/bench-server.ts';
import { printFigures } from './support/figures.ts';
import { percentile, ratioOf, round } from './support/stats.ts';

const TRACKED = 100_000;
const DUE = 100;
const PASSES = QUICK ? 5 : 20;

type PassFigures = {
  passMs: number | null;
  floorMs: number | null;
  ratio: number | null;
};

async function measure(mode: 'pglite' | 'postgres'): Promise<PassFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pad-bench-watch-'));
  const databaseUrl = mode === 'postgres' ? process.env.DATABASE_URL! : '';
  const schema = mode === 'postgres' ? `bench_watch_${process.pid}_${Date.now().toString(36)}` : 'public';
  const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema };
  const config = {
    ...configFromEnv(env),
    port: 0,
    logLevel: 'warn',
    serveDashboard: false,
    watchCheckMs: 0,
    escalateAfterS: 0,
    retentionIntervalMs: 0,
  };
  const server = await startServer(config, { port: 0, host: '127.0.0.1' });
  const { db } = server.ctx;
  try {
    // Every device reporting (3 pings in the hour), last seen 40 min ago; all but DUE looked at later.
    await db.query(
      `insert into watch_last (ping_key, tourist_id, device_id, region_id, seen_at, recent_seen, latitude, longitude,
         still_since, still_lat, still_lng, due_at)
       select 'bench-' || k, 'bench-' || k, null, 'default', now() - interval '40 minutes',
              array[now() - interval '40 minutes', now() - interval '41 minutes', now() - interval '42 minutes'],
              20 + (k % 1000) / 1000.0, 78 + (k / 1000) / 1000.0, now() - interval '40 minutes', 20, 78,
              now() + (k % 3600) * interval '1 second' + interval '1 minute'
         from generate_series(1, ${TRACKED}) as k`,
    );
    await db.query('analyze watch_last');
    const passMs: number[] = [];
    const floorMs: number[] = [];
    for (let pass = 0; pass < PASSES; pass++) {
      await db.query('delete from incidents where watch_key is not null');
      await db.query(
        `update watch_last set due_at = now() - interval '1 second', silent_raised_for = null
          where ping_key in (select 'bench-' || k from generate_series(${pass * DUE + 1}, ${(pass + 1) * DUE}) as k)`,
      );
      const now = new Date();
      let started = performance.now();
      const { rows } = await db.query(
        'select * from watch_last where due_at is not null and due_at <= $1 order by due_at',
        [now.toISOString()],
      );
      floorMs.push(performance.now() - started);
      if (rows.length !== DUE) throw new Error(`expected ${DUE} due rows, found ${rows.length}`);
      started = performance.now();
      const { raised } = await runWatchCheck(server.ctx, now);
      passMs.push(performance.now() - started);
      if (raised.length !== DUE) throw new Error(`expected ${DUE} incidents raised, got ${raised.length}`);
    }
    const median = round(percentile(passMs, 0.5));
    const floor = round(percentile(floorMs, 0.5));
    console.log(
      `${mode}: check pass over ${TRACKED} devices, ${DUE} due: median ${median} ms (floor ${floor} ms), ${PASSES} passes`,
    );
    return { passMs: median, floorMs: floor, ratio: ratioOf(median, floor) };
  } finally {
    await server.close();
    if (mode === 'postgres') await dropSchema(databaseUrl, schema);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const pglite = await measure('pglite');
const postgres = process.env.DATABASE_URL ? await measure('postgres') : null;
printFigures({ watchCheck: { ...pglite, trackedDevices: TRACKED, dueRows: DUE, postgres } });
