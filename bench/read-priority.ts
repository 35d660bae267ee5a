// Panic latency under heavy reads: a PGlite server (its own process, as `npm start` runs it) holding 45 000
// GPS keys and 20 000 incidents answers POST /panic-alert one after another, first with nothing else to do
// (the floor), then while 20 clients keep /gps/last, /gps/history, /incidents/filter and /incidents/export
// in flight without pause: with the dashboard's parameters, then with each read at its largest.
// Prints `panicUnderReads` for bench/run.ts: p50/p99 with the dashboard's reads in flight beside the floor.
// Run: npx tsx bench/read-priority.ts   (BENCH_QUICK=1: a smaller store and fewer panics)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openDatabase } from '../server/db/open.ts';
import { QUICK, spawnBenchServer } from './support/bench-server.ts';
import { printFigures } from './support/figures.ts';
import { percentile, ratioOf, round } from './support/stats.ts';

const GPS_KEYS = QUICK ? 10_000 : 45_000;
const PINGS_PER_KEY = 2;
const INCIDENTS = QUICK ? 5_000 : 20_000;
const READERS = 20;
const PANICS = QUICK ? 50 : 150;
const WARM_UP_PANICS = 10;

const DASHBOARD_READS = ['/gps/last', '/gps/history', '/incidents/filter', '/incidents/export'];
const LARGEST_READS = [
  '/gps/last?limit=10000&sinceMinutes=0',
  '/gps/history?keys=1000&limit=20',
  '/incidents/filter',
  '/incidents/export',
];

/** Writes the rows straight into the data folder before the server starts: through the API it would take minutes. */
async function seed(dataDir: string): Promise<void> {
  const db = await openDatabase({ dataDir });
  try {
    await db.query(
      `insert into gps_pings (ping_key, tourist_id, device_id, latitude, longitude, at)
       select 'bench-' || k, 'bench-' || k, 'band-' || k, 25.5 + (k % 1000) / 10000.0, 91.8 + (k / 1000) / 1000.0,
              now() - (k % 3600) * interval '1 second' - p * interval '1 minute'
         from generate_series(1, ${GPS_KEYS}) as k, generate_series(0, ${PINGS_PER_KEY - 1}) as p`,
    );
    await db.query(
      `insert into gps_last (ping_key, tourist_id, device_id, latitude, longitude, at)
       select distinct on (ping_key) ping_key, tourist_id, device_id, latitude, longitude, at
         from gps_pings order by ping_key, at desc`,
    );
    await db.query(
      `insert into incidents (id, type, severity, status, latitude, longitude, created_at, region_id, meta)
       select 'bench-inc-' || g, 'safe', 'low', 'resolved', 25.57, 91.88, now() - g * interval '10 seconds', 'default', '{"source":"soft"}'
         from generate_series(1, ${INCIDENTS}) as g`,
    );
    await db.query('analyze');
  } finally {
    await db.close();
  }
}

async function postPanic(url: string, i: number): Promise<number> {
  const started = performance.now();
  const response = await fetch(`${url}/panic-alert`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ latitude: 25.5 + (i % 100) / 1000, longitude: 91.8, touristId: `bench-panic-${i}` }),
  });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`POST /panic-alert answered ${response.status}`);
  return performance.now() - started;
}

async function panicLatencies(url: string): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < PANICS; i++) latencies.push(await postPanic(url, i));
  return latencies;
}

interface ReadLoad {
  stop(): Promise<{ reads: number; failed: number; bytes: number }>;
}

/** `READERS` clients, each sending the next read as soon as its last one is answered. */
function startReads(url: string, paths: string[]): ReadLoad {
  let running = true;
  let reads = 0;
  let failed = 0;
  let bytes = 0;
  const loops = Array.from({ length: READERS }, async (_, reader) => {
    for (let i = reader; running; i++) {
      const response = await fetch(url + paths[i % paths.length]);
      bytes += (await response.arrayBuffer()).byteLength;
      if (response.status === 200) reads++;
      else failed++;
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return { reads, failed, bytes };
    },
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'pad-bench-reads-'));
try {
  const seeding = performance.now();
  await seed(dataDir);
  console.log(
    `PGlite with ${GPS_KEYS} GPS keys (${GPS_KEYS * PINGS_PER_KEY} pings) and ${INCIDENTS} incidents, seeded in ${((performance.now() - seeding) / 1000).toFixed(1)} s`,
  );
  // On the store seeded above (the bench server is on PGlite whatever DATABASE_URL says), limits lifted.
  const server = await spawnBenchServer({ DATA_DIR: dataDir });
  try {
    for (let i = 0; i < WARM_UP_PANICS; i++) await postPanic(server.url, i);
    const report = (
      label: string,
      latencies: number[],
      load?: { reads: number; failed: number; bytes: number },
      seconds?: number,
    ) =>
      console.log(
        `  ${label.padEnd(44)} p50 ${percentile(latencies, 0.5).toFixed(1).padStart(7)} ms   p99 ${percentile(latencies, 0.99).toFixed(1).padStart(7)} ms` +
          (load && seconds
            ? `   (${(load.reads / seconds).toFixed(0)} reads/s, ${(load.bytes / seconds / 1e6).toFixed(1)} MB/s, ${load.failed} failed)`
            : ''),
      );
    console.log(`POST /panic-alert latency over ${PANICS} panics, sent one after another`);
    const floor = await panicLatencies(server.url);
    report('floor: no reads', floor);
    const underReads: number[][] = [];
    for (const [label, paths] of [
      [`${READERS} reads in flight, dashboard parameters`, DASHBOARD_READS],
      [`${READERS} reads in flight, largest parameters`, LARGEST_READS],
    ] as const) {
      const load = startReads(server.url, [...paths]);
      const started = performance.now();
      const latencies = await panicLatencies(server.url);
      const seconds = (performance.now() - started) / 1000;
      report(label, latencies, await load.stop(), seconds);
      underReads.push(latencies);
    }
    console.log(`  reads: ${DASHBOARD_READS.join(', ')}; largest: ${LARGEST_READS.join(', ')}`);
    const [dashboard, largest] = underReads;
    const p99 = round(percentile(dashboard, 0.99));
    const floorP99 = round(percentile(floor, 0.99));
    printFigures({
      panicUnderReads: {
        p50Ms: round(percentile(dashboard, 0.5)),
        p99Ms: p99,
        floorP50Ms: round(percentile(floor, 0.5)),
        floorP99Ms: floorP99,
        ratio: ratioOf(p99, floorP99),
        largestReadsP99Ms: round(percentile(largest, 0.99)),
      },
    });
  } finally {
    await server.stop();
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
