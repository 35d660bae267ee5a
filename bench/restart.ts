// How long phones wait while the server is down: `npm start` (through npm, as a user runs it) on a fresh
// DATA_DIR until `GET /db-mode` answers 200 (start.firstMs), then ten times: some panics and pings,
// SIGKILL to the whole process group, `npm start` again, time until /db-mode answers (restart.afterKillMs).
// Beside it, a phone sends a panic from the moment `npm start` is run, retrying until it is answered 201
// (restart.panicAfterKillMs). Every acknowledged panic must be there after each restart. The floor is a bare node:http server started
// the same way, through `npm start` (bench/start-floor), so npm's own start-up is on both sides; measured in the same run.
// With DATABASE_URL set, PostgreSQL too (own schema).
// First starts are measured as after `npm install` (its prepare step compiled the server and made the
// empty store to copy), and once without that preparation (start.unpreparedMs), which is put back after.
// Run: npx tsx bench/restart.ts   (BENCH_QUICK=1: 3 restarts; BENCH_WITHOUT_DIST=1: first remove dist/)
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { dashboardBuildIsStale, distDir } from '../server/build-dashboard.ts';
import { dropSchema } from '../tools/drop-schema.ts';
import { freePort } from '../tools/spawn-server.ts';
import {
  killGroup,
  median,
  percentile,
  startAndTime,
  startAndTimePanic,
  stopGroup,
  waitFor200,
} from './restart-process.ts';

const root = fileURLToPath(new URL('../', import.meta.url));
/** Where `npm install` (tools/prepare.ts) leaves the compiled server and the empty store to copy. */
const preparedDir = join(root, '.tmp');
const RESTARTS = process.env.BENCH_QUICK === '1' ? 3 : 10;
const FLOOR_RUNS = 5;
const PANICS_PER_ROUND = 3;
const PINGS_PER_ROUND = 10;

interface Spread {
  median: number;
  p90: number;
  max: number;
  runs: number[];
}

interface StorageFigures {
  firstMs: number;
  afterKillMs: Spread;
  /** From `npm start` after a SIGKILL to a phone's panic (retried from the start on) answered 201. */
  panicAfterKillMs: Spread;
  lostPanics: number;
}

const round = (ms: number) => Math.round(ms);

async function measureFloor(): Promise<number> {
  const times: number[] = [];
  for (let run = 0; run < FLOOR_RUNS; run++) {
    const port = await freePort();
    const started = await startAndTime(
      'npm',
      ['start'],
      { ...process.env, PORT: String(port) },
      `http://127.0.0.1:${port}/`,
      join(root, 'bench/start-floor'),
    );
    times.push(started.answeredMs);
    await killGroup(started.child);
  }
  return median(times.sort((a, b) => a - b));
}

function npmStart(env: NodeJS.ProcessEnv, port: number) {
  return startAndTime('npm', ['start'], env, `http://127.0.0.1:${port}/db-mode`, root);
}

/** `npm start` while a phone sends a panic from the first moment, retrying with its key until it is answered 201. */
function npmStartWithPanic(env: NodeJS.ProcessEnv, port: number, round: number) {
  const touristId = `bench-restart-during-start-${round}`;
  const panic = {
    url: `http://127.0.0.1:${port}/panic-alert`,
    body: { latitude: 25.57, longitude: 91.89, touristId },
    key: `${touristId}-k`,
  };
  return startAndTimePanic('npm', ['start'], env, `http://127.0.0.1:${port}/db-mode`, panic, root);
}

const spread = (runs: number[]): Spread => {
  const sorted = [...runs].sort((a, b) => a - b);
  return {
    median: round(median(sorted)),
    p90: round(percentile(sorted, 0.9)),
    max: round(sorted.at(-1)!),
    runs: runs.map(round),
  };
};

async function post(url: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<any> {
  const response = await fetch(url + path, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  if (response.status >= 300) throw new Error(`${path} answered ${response.status}: ${await response.text()}`);
  return response.json();
}

/** A few panics (answered 201) and pings; answers the acknowledged incidents' ids. */
async function putSomeData(url: string, round: number): Promise<string[]> {
  const ids: string[] = [];
  for (let i = 0; i < PANICS_PER_ROUND; i++) {
    const touristId = `bench-restart-${round}-${i}`;
    const answer = await post(
      url,
      '/panic-alert',
      { latitude: 25.57 + i / 1000, longitude: 91.89, touristId },
      { 'Idempotency-Key': `${touristId}-k` },
    );
    ids.push(answer.incident.id);
  }
  for (let i = 0; i < PINGS_PER_ROUND; i++) {
    await post(url, '/gps/update', {
      touristId: `bench-restart-${round}-${i % PANICS_PER_ROUND}`,
      deviceId: `bench-device-${i}`,
      latitude: 25.57,
      longitude: 91.89 + i / 1000,
    });
  }
  return ids;
}

async function missingIncidents(url: string, ids: string[]): Promise<number> {
  const response = await fetch(`${url}/incidents?limit=500`);
  const present = new Set(
    ((await response.json()) as { incidents: { id: string }[] }).incidents.map((incident) => incident.id),
  );
  return ids.filter((id) => !present.has(id)).length;
}

/** First start, then RESTARTS times: data in, SIGKILL to the group, start again. */
async function measureStorage(label: string, storageEnv: Record<string, string>): Promise<StorageFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pad-bench-restart-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...process.env, ...storageEnv, PORT: String(port), DATA_DIR: dataDir };
  try {
    let server = await npmStart(env, port);
    const firstMs = server.answeredMs;
    console.log(`${label}: first start (fresh DATA_DIR, as after npm install) answered after ${round(firstMs)} ms`);
    const acknowledged: string[] = [];
    const runs: number[] = [];
    const panicRuns: number[] = [];
    let lostPanics = 0;
    for (let restart = 1; restart <= RESTARTS; restart++) {
      acknowledged.push(...(await putSomeData(url, restart)));
      await killGroup(server.child);
      const started = await npmStartWithPanic(env, port, restart);
      server = started;
      acknowledged.push(started.panicIncidentId);
      runs.push(started.answeredMs);
      panicRuns.push(started.panicMs);
      const lost = await missingIncidents(url, acknowledged);
      lostPanics += lost;
      console.log(
        `${label}: restart ${restart}/${RESTARTS} after SIGKILL: a panic accepted after ${round(started.panicMs)} ms, the whole API after ` +
          `${round(started.answeredMs)} ms (${acknowledged.length} acknowledged panics, ${lost} missing)`,
      );
    }
    await stopGroup(server.child);
    return { firstMs: round(firstMs), afterKillMs: spread(runs), panicAfterKillMs: spread(panicRuns), lostPanics };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `npm run prepare`, as `npm install` runs it; answers how long it took. */
function prepare(): number {
  const started = performance.now();
  const run = spawnSync('npm', ['run', 'prepare'], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`npm run prepare failed:\n${run.stdout}${run.stderr}`);
  return round(performance.now() - started);
}

/** A first start on a fresh DATA_DIR without what `npm install` prepares (then prepared again). */
async function measureUnpreparedStart(): Promise<number> {
  for (const name of readdirSync(preparedDir)) {
    if (name === 'server-bundle' || name.startsWith('pglite-template-'))
      rmSync(join(preparedDir, name), { recursive: true, force: true });
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'pad-bench-restart-'));
  const port = await freePort();
  try {
    const server = await npmStart({ ...process.env, DATABASE_URL: '', PORT: String(port), DATA_DIR: dataDir }, port);
    await stopGroup(server.child);
    return round(server.answeredMs);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
    prepare();
  }
}

/** A first start with dist/ missing or stale: the API answers, the dashboard page once vite is done. */
async function measureStartWithoutDist(): Promise<{ answeredMs: number; dashboardMs: number }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'pad-bench-restart-'));
  const port = await freePort();
  const env = { ...process.env, DATABASE_URL: '', PORT: String(port), DATA_DIR: dataDir };
  try {
    const server = await npmStart(env, port);
    const startedAt = performance.now() - server.answeredMs;
    await waitFor200(`http://127.0.0.1:${port}/`, server.child, server.output);
    // A stale dist/ is served while the new one is built: done once it is fresh.
    while (dashboardBuildIsStale(distDir)) await new Promise((resolve) => setTimeout(resolve, 50));
    const dashboardMs = performance.now() - startedAt;
    await stopGroup(server.child);
    return { answeredMs: round(server.answeredMs), dashboardMs: round(dashboardMs) };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function withSchema<T>(databaseUrl: string, work: (schema: string) => Promise<T>): Promise<T> {
  const schema = `bench_restart_${process.pid}`;
  try {
    return await work(schema);
  } finally {
    await dropSchema(databaseUrl, schema);
  }
}

const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
console.log(`load average at start: ${load()}`);
const floorMs = round(await measureFloor());
console.log(
  `floor: a bare node:http server started through \`npm start\` answers after ${floorMs} ms (median of ${FLOOR_RUNS})`,
);

if (process.env.BENCH_WITHOUT_DIST === '1') rmSync(distDir, { recursive: true, force: true });
let withoutDist: { answeredMs: number; dashboardMs: number } | undefined;
if (dashboardBuildIsStale(distDir)) {
  withoutDist = await measureStartWithoutDist();
  console.log(
    `first start with dist/ missing or stale: the API answered after ${withoutDist.answeredMs} ms, the dashboard was built and served after ${withoutDist.dashboardMs} ms (vite build in the background)`,
  );
}
console.log('dist/ is fresh: the figures below include no dashboard build');

const prepareMs = prepare();
console.log(`npm install's prepare step (compile the server, make the empty store) took ${prepareMs} ms`);
const pglite = await measureStorage('PGlite', { DATABASE_URL: '' });
let postgres: StorageFigures | undefined;
const databaseUrl = process.env.DATABASE_URL;
if (databaseUrl) {
  postgres = await withSchema(databaseUrl, (schema) =>
    measureStorage('PostgreSQL', { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema }),
  );
}

const ratioTo = (spread: Spread) => ({ ...spread, floorMs, ratio: Number((spread.median / floorMs).toFixed(1)) });
const figuresOf = (storage: StorageFigures) => ({
  restart: {
    afterKillMs: ratioTo(storage.afterKillMs),
    panicAfterKillMs: ratioTo(storage.panicAfterKillMs),
    lostPanics: storage.lostPanics,
  },
  start: { firstMs: storage.firstMs, floorMs },
});
const pgliteFigures = figuresOf(pglite);
for (const [label, storage] of [
  ['PGlite', pglite],
  ['PostgreSQL', postgres],
] as const) {
  if (!storage) continue;
  const { median: mid, p90, max } = storage.afterKillMs;
  const panic = storage.panicAfterKillMs;
  console.log(
    `${label}: first start ${storage.firstMs} ms; restart after SIGKILL median ${mid} / p90 ${p90} / max ${max} ms over ${storage.afterKillMs.runs.length} ` +
      `(floor ${floorMs} ms, ${(mid / floorMs).toFixed(1)}×); panic accepted after SIGKILL median ${panic.median} / p90 ${panic.p90} / max ${panic.max} ms ` +
      `(${(panic.median / floorMs).toFixed(1)}× the floor); acknowledged panics lost: ${storage.lostPanics}`,
  );
}
const unpreparedMs = await measureUnpreparedStart();
console.log(
  `PGlite: a first start without npm install's preparation (compiles the server, runs initdb and every migration) answered after ${unpreparedMs} ms`,
);
console.log(`load average at end: ${load()}`);
// The machine's load goes beside the restart figures: the issue's `load` group is the page's weight.
const figures = {
  ...pgliteFigures,
  restart: { ...pgliteFigures.restart, loadAverageAtEnd: loadavg()[0] },
  start: { ...pgliteFigures.start, unpreparedMs, prepareMs },
  ...(postgres ? { postgres: figuresOf(postgres) } : {}),
  ...(withoutDist ? { startWithoutDist: withoutDist } : {}),
};
console.log(`BENCH_FIGURES ${JSON.stringify(figures)}`);
process.exit(pglite.lostPanics + (postgres?.lostPanics ?? 0) > 0 ? 1 : 0);
