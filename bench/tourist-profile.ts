// The tourist profile's read (issue 34 point 10): a PGlite server (its own process, as `npm start` runs it)
// holding one tourist with 1,000 incidents and 100,000 pings, among 1,000 other tourists with pings and
// incidents of their own, answers GET /tourists/{id} one read after another. Beside it, in the same run and
// on the same server, the floor: GET /healthz (a request that reaches the store with `select 1`).
// Prints `touristProfile` for bench/run.ts: p50/p95 of the profile and of the floor.
// Run: npx tsx bench/tourist-profile.ts   (BENCH_QUICK=1: fewer reads)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../server/db/open.ts';
import { QUICK, spawnBenchServer } from './support/bench-server.ts';
import { printFigures } from './support/figures.ts';
import { percentile, ratioOf, round } from './support/stats.ts';

const TOURIST = 'bench-profiled';
const PINGS = 100_000;
const INCIDENTS = 1_000;
const OTHER_TOURISTS = 1_000;
const OTHER_PINGS_EACH = 20;
const READS = QUICK ? 10 : 20;
const WARM_UP_READS = 3;

/** Writes the rows straight into the data folder before the server starts: through the API it would take minutes. */
async function seed(dataDir: string): Promise<void> {
  const db = await openDatabase({ dataDir });
  try {
    await db.query(
      `insert into tourists (id, name, phone, nationality, languages, id_type, id_last4, emergency_contacts, itinerary, profile_updated_at)
       values ($1, 'Asha Rao', '+919876543210', 'IN', '["Hindi","English"]', 'aadhaar', '4321',
               '[{"name":"Ravi Rao","relation":"brother","phone":"+919812345678"}]',
               '[{"place":"Shillong","from":"2026-11-20","to":"2026-11-30"}]', now())`,
      [TOURIST],
    );
    await db.query(`insert into devices (id, tourist_id) values ('bench-phone', $1), ('bench-band', $1)`, [TOURIST]);
    // One ping every 3 s: 100,000 cover about three and a half days, so the last 24 hours hold ~29,000 of them.
    await db.query(
      `insert into gps_pings (ping_key, tourist_id, device_id, latitude, longitude, at)
       select $1, $1, case when g % 2 = 0 then 'bench-phone' else 'bench-band' end,
              25.57 + (g % 500) / 100000.0, 91.88 + (g % 700) / 100000.0, now() - g * interval '3 seconds'
         from generate_series(1, ${PINGS}) as g`,
      [TOURIST],
    );
    await db.query(
      `insert into gps_pings (ping_key, tourist_id, device_id, latitude, longitude, at)
       select 'bench-other-' || k, 'bench-other-' || k, null, 26.1 + k / 100000.0, 91.7, now() - p * interval '1 minute'
         from generate_series(1, ${OTHER_TOURISTS}) as k, generate_series(1, ${OTHER_PINGS_EACH}) as p`,
    );
    await db.query(
      `insert into gps_last (ping_key, tourist_id, device_id, latitude, longitude, at)
       select distinct on (ping_key) ping_key, tourist_id, device_id, latitude, longitude, at from gps_pings order by ping_key, at desc`,
    );
    await db.query(
      `insert into tourists (id, name) select 'bench-other-' || k, 'Other ' || k from generate_series(1, ${OTHER_TOURISTS}) as k`,
    );
    await db.query(
      `insert into incidents (id, type, severity, status, latitude, longitude, created_at, region_id, tourist_id, meta)
       select 'bench-inc-' || g, case when g % 10 = 0 then 'panic' else 'safe' end, 'low', 'resolved', 25.57, 91.88,
              now() - g * interval '5 minutes', 'default', case when g <= ${INCIDENTS} then $1 else 'bench-other-' || (g % ${OTHER_TOURISTS}) end, '{}'
         from generate_series(1, ${INCIDENTS * 10}) as g`,
      [TOURIST],
    );
    await db.query('analyze');
  } finally {
    await db.close();
  }
}

async function timedGet(url: string, expectStatus: number): Promise<number> {
  const started = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (response.status !== expectStatus) throw new Error(`GET ${url} answered ${response.status}`);
  return performance.now() - started;
}

/** The floor and the profile read in turn, so a slow moment of the machine falls on both alike. */
async function timings(floorUrl: string, profileUrl: string): Promise<{ floor: number[]; profile: number[] }> {
  for (let i = 0; i < WARM_UP_READS; i++) await Promise.all([timedGet(floorUrl, 200), timedGet(profileUrl, 200)]);
  const floor: number[] = [];
  const profile: number[] = [];
  for (let i = 0; i < READS; i++) {
    floor.push(await timedGet(floorUrl, 200));
    profile.push(await timedGet(profileUrl, 200));
  }
  return { floor, profile };
}

const dataDir = mkdtempSync(join(tmpdir(), 'pad-bench-profile-'));
try {
  const seeding = performance.now();
  await seed(dataDir);
  console.log(
    `PGlite with a tourist of ${PINGS} pings and ${INCIDENTS} incidents among ${OTHER_TOURISTS} others, seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
  const server = await spawnBenchServer({ DATA_DIR: dataDir });
  try {
    const answer = (await (await fetch(`${server.url}/tourists/${TOURIST}`)).json()) as {
      profile: { trail: unknown[]; alerts: unknown[]; alertCount: number };
    };
    console.log(
      `  profile: ${answer.profile.trail.length} trail points, ${answer.profile.alerts.length} of ${answer.profile.alertCount} alerts`,
    );
    const { floor, profile } = await timings(`${server.url}/healthz`, `${server.url}/tourists/${TOURIST}`);
    const report = (label: string, durations: number[]) =>
      console.log(
        `  ${label.padEnd(36)} p50 ${percentile(durations, 0.5).toFixed(1).padStart(7)} ms   p95 ${percentile(durations, 0.95).toFixed(1).padStart(7)} ms`,
      );
    console.log(`${READS} reads each, one after another`);
    report('floor: GET /healthz', floor);
    report(`GET /tourists/${TOURIST}`, profile);
    const p95 = round(percentile(profile, 0.95));
    const floorP95 = round(percentile(floor, 0.95));
    printFigures({
      touristProfile: {
        p50Ms: round(percentile(profile, 0.5)),
        p95Ms: p95,
        floorP50Ms: round(percentile(floor, 0.5)),
        floorP95Ms: floorP95,
        ratio: ratioOf(p95, floorP95),
      },
    });
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
