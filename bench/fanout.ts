// Stream fan-out (issue 12, figure 2): how fast the server delivers a burst of durable events (zone entries:
// positions left the stream's history in issue 48) to 1,000 and to 5,000 stream clients, beside the floor (a bare node:http server writing the same frames with raw `res.write`),
// and what an idle client costs the server in memory. The server, the floor and the clients each run in
// their own processes; the clients are raw sockets that count frames without parsing them. Server and floor
// take turns, three bursts each, and each figure is the median: the machine drifts between bursts. The server
// stores each batch on PGlite, and in a full run with DATABASE_URL set, once more on PostgreSQL.
// Run: npx tsx bench/fanout.ts   (BENCH_QUICK=1 for fewer events)
import { dropSchema } from '../tools/drop-schema.ts';
import type { SpawnedServer } from '../tools/spawn-server.ts';
import { spawnBenchServer, QUICK } from './support/bench-server.ts';
import { printFigures } from './support/figures.ts';
import { ENTRY_ZONE, entryPings, postJson } from './support/http-post.ts';
import { pidsNamed, totalCpuMs } from './support/process-cpu.ts';
import { settledRssKiB } from './support/process-memory.ts';
import { spawnFloorServer, type FloorServer } from './support/spawn-floor.ts';
import { SseClientPool, type FramesReached } from './support/sse-clients.ts';
import { monotonicMs, ratioOf, round, sleep } from './support/stats.ts';

const RUNS = [
  { clients: 1000, events: QUICK ? 2000 : 10_000 },
  { clients: 5000, events: QUICK ? 1000 : 4000 },
];
const ROUNDS = 3;
/** Each ping a zone entry: two events. */
const PINGS_PER_BATCH = 500;
const EVENTS_PER_PING = 2;
/** Entries are of keys never seen: every burst numbers its pings on from the last. */
let nextPing = 0;
const WARM_UP_CLIENTS = 100;
/**
 * One burst to every client of each, not counted: a server just started spends its first bursts compiling
 * (V8 tiers PGlite's WebAssembly and the hot JavaScript up as they get hot), about twice the CPU of later
 * bursts, while the floor has almost nothing to compile. A server runs for days; this is its cost then.
 */
const WARM_UP_EVENTS = QUICK ? 2000 : 6000;
const DELIVERY_TIMEOUT_MS = 60_000;

interface Delivery {
  msgsPerSec: number;
  ms: number;
  /** Until the server had answered every batch. */
  postedMs: number;
  complete: number;
  /** Streams the server closed during the burst (clients it dropped as slow), and before it, opened again. */
  closed: number;
  reopened: number;
  bytesPerClient: number;
  /** CPU time per 1,000 events of the processes serving the streams (PostgreSQL's included), and of all the client processes. */
  cpuMsPer1000: number | null;
  clientsCpuMsPer1000: number | null;
}

interface Target {
  url: string;
  /** The processes doing the server's work, read at the start of each burst. */
  servingPids: () => number[];
}

/** CPU time per 1,000 events between two readings (null when /proc could not tell). */
function per1000(before: number | null, after: number | null, events: number): number | null {
  return before === null || after === null ? null : ((after - before) * 1000) / events;
}

/**
 * Posts `events` pings in batches, one after another, and times until every client has every frame; notes
 * the CPU time the burst cost the serving process and the clients (the machine's cores are what they share).
 */
async function deliver(target: Target, pools: SseClientPool[], events: number): Promise<Delivery> {
  const { url } = target;
  const reopened = (await Promise.all(pools.map((pool) => pool.reset()))).reduce((sum, n) => sum + n, 0);
  const clientPids = pools.flatMap((pool) => pool.pids);
  const servingPids = target.servingPids();
  const cpuBefore = { serving: totalCpuMs(servingPids), clients: totalCpuMs(clientPids) };
  const started = monotonicMs();
  const reached = Promise.all(pools.map((pool) => pool.awaitFrames(events, DELIVERY_TIMEOUT_MS))).then(combined);
  for (let left = events / EVENTS_PER_PING; left > 0; left -= PINGS_PER_BATCH) {
    const count = Math.min(PINGS_PER_BATCH, left);
    const status = await postJson(`${url}/gps/batch`, { pings: entryPings(nextPing, count) });
    nextPing += count;
    if (status !== 201) throw new Error(`/gps/batch answered ${status}`);
  }
  const postedMs = monotonicMs() - started;
  const result = await reached;
  const ms = result.lastDoneAt - started;
  const cpuAfter = { serving: totalCpuMs(servingPids), clients: totalCpuMs(clientPids) };
  return {
    cpuMsPer1000: per1000(cpuBefore.serving, cpuAfter.serving, events),
    clientsCpuMsPer1000: per1000(cpuBefore.clients, cpuAfter.clients, events),
    msgsPerSec: result.done === result.clients ? (events * result.clients) / (ms / 1000) : 0,
    ms,
    postedMs,
    complete: result.done,
    closed: result.closed,
    reopened,
    bytesPerClient: result.bytesPerClient,
  };
}

function combined(parts: FramesReached[]): FramesReached {
  const clients = parts.reduce((sum, part) => sum + part.clients, 0);
  return {
    done: parts.reduce((sum, part) => sum + part.done, 0),
    clients,
    lastDoneAt: Math.max(...parts.map((part) => part.lastDoneAt)),
    fewestFrames: Math.min(...parts.map((part) => part.fewestFrames)),
    bytesPerClient: parts.reduce((sum, part) => sum + part.bytesPerClient * part.clients, 0) / clients,
    closed: parts.reduce((sum, part) => sum + part.closed, 0),
  };
}

const cpuText = (ms: number | null) => (ms === null ? '?' : ms.toFixed(0));

/** Streams the server closed as slow, which a benchmark client opens again before the next burst, as EventSource would. */
function dropped(d: Delivery): string {
  const parts = [
    d.closed > 0 && `${d.closed} streams closed by the server`,
    d.reopened > 0 && `${d.reopened} reopened before the burst`,
  ];
  const said = parts.filter(Boolean);
  return said.length > 0 ? ` (${said.join('; ')})` : '';
}

function describe(label: string, d: Delivery, clients: number): string {
  return (
    `  ${label.padEnd(7)} ${Math.round(d.msgsPerSec).toLocaleString('en').padStart(11)} msg/s  ` +
    `(all delivered in ${d.ms.toFixed(0)} ms, batches answered in ${d.postedMs.toFixed(0)} ms, ` +
    `${d.complete}/${clients} clients complete${dropped(d)}, ` +
    `${(d.bytesPerClient / 1024).toFixed(0)} KiB each; ` +
    `CPU per 1,000 events: ${cpuText(d.cpuMsPer1000)} ms, its clients ${cpuText(d.clientsCpuMsPer1000)} ms)`
  );
}

/**
 * The ratio the machine's CPU alone would allow, were every core busy throughout both bursts: the floor's
 * CPU per event (its own and its clients') over the server's. Null when /proc could not tell.
 */
function cpuBoundRatio(real: Delivery, floor: Delivery): number | null {
  const costs = [real.cpuMsPer1000, real.clientsCpuMsPer1000, floor.cpuMsPer1000, floor.clientsCpuMsPer1000];
  if (costs.some((cost) => cost === null)) return null;
  const [realCpu, realClients, floorCpu, floorClients] = costs as number[];
  return round((floorCpu + floorClients) / (realCpu + realClients), 2);
}

/**
 * Memory first, on the server before any burst has grown its heap: each count's clients connect on top of
 * the last (1,000, then 4,000 more), its figure the RSS growth over the server before any of them (a few
 * clients came and went first, so first-use allocations are out), per client, read after a full GC.
 */
async function connectServerClients(server: SpawnedServer): Promise<{ pools: SseClientPool[]; idle: number[] }> {
  const pid = server.process.pid!;
  (await SseClientPool.open(server.url, WARM_UP_CLIENTS)).close();
  await sleep(1000); // the warm-up clients are gone before the baseline
  const before = await settledRssKiB(pid);
  const pools: SseClientPool[] = [];
  const idle: number[] = [];
  for (const run of RUNS) {
    pools.push(await SseClientPool.open(server.url, run.clients - connectedTo(pools)));
    idle.push((((await settledRssKiB(pid)) - before) * 1.024) / run.clients);
    console.log(`    ${run.clients.toLocaleString('en')} idle clients: ${idle[idle.length - 1].toFixed(1)} KB each`);
  }
  return { pools, idle };
}

function connectedTo(pools: readonly SseClientPool[]): number {
  return pools.reduce((sum, pool) => sum + pool.size, 0);
}

async function connectFloorClients(floorServer: FloorServer): Promise<SseClientPool[]> {
  const pools: SseClientPool[] = [];
  for (const run of RUNS) pools.push(await SseClientPool.open(floorServer.url, run.clients - connectedTo(pools)));
  return pools;
}

function median(deliveries: Delivery[]): Delivery {
  return [...deliveries].sort((a, b) => a.msgsPerSec - b.msgsPerSec)[Math.floor(deliveries.length / 2)];
}

/** Bursts to the largest crowd first, server and floor in turns; its extra clients are closed before the next. */
async function deliverInTurns(
  targets: { server: Target; floor: Target },
  pools: { server: SseClientPool[]; floor: SseClientPool[] },
) {
  const results: { real: Delivery; floor: Delivery }[] = [];
  for (let i = RUNS.length - 1; i >= 0; i--) {
    const { clients, events } = RUNS[i];
    const real: Delivery[] = [];
    const floor: Delivery[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      console.log(
        `    ${clients.toLocaleString('en')} clients × ${events.toLocaleString('en')} events, round ${round}/${ROUNDS}…`,
      );
      real.push(await deliver(targets.server, pools.server.slice(0, i + 1), events));
      floor.push(await deliver(targets.floor, pools.floor.slice(0, i + 1), events));
    }
    results[i] = { real: median(real), floor: median(floor) };
    pools.server[i].close();
    pools.floor[i].close();
    await sleep(1000); // the servers notice the closed clients before the next burst
  }
  return results;
}

function figuresOf(clientCount: number, real: Delivery, floor: Delivery, idleClientKB: number) {
  console.log(`${clientCount.toLocaleString('en')} clients (median of ${ROUNDS} bursts each):`);
  console.log(describe('server', real, clientCount));
  console.log(describe('floor', floor, clientCount));
  const msgsPerSec = real.msgsPerSec > 0 ? Math.round(real.msgsPerSec) : null;
  const floorMsgsPerSec = floor.msgsPerSec > 0 ? Math.round(floor.msgsPerSec) : null;
  if (msgsPerSec === null)
    console.log(`  server: not every client got every frame within ${DELIVERY_TIMEOUT_MS / 1000} s, no rate`);
  console.log(
    `  ratio ${ratioOf(msgsPerSec, floorMsgsPerSec)} (target ≥ 0.8); server memory per idle client ${idleClientKB.toFixed(1)} KB (target ≤ 50)`,
  );
  const cpuBound = cpuBoundRatio(real, floor);
  if (cpuBound !== null)
    console.log(
      `  the CPU alone, every core busy, would allow ${cpuBound}× (the floor's CPU per event, its clients' included, over the server's)`,
    );
  return {
    msgsPerSec,
    floorMsgsPerSec,
    ratio: ratioOf(msgsPerSec, floorMsgsPerSec),
    idleClientKB: round(idleClientKB),
    serverCpuMsPer1000: round(real.cpuMsPer1000),
    floorCpuMsPer1000: round(floor.cpuMsPer1000),
    clientsCpuMsPer1000: round(real.clientsCpuMsPer1000),
    cpuBoundRatio: cpuBound,
  };
}

/**
 * The server on one store (PGlite unless `serverEnv` says otherwise) against a floor of its own: clients,
 * memory, a warm-up burst each, then the bursts in turns. Answers the figures of each client count.
 */
async function measureOn(serverEnv: Record<string, string>, storePids: () => number[] = () => []) {
  // One server and one floor serve every client count: a start costs more than a run on a busy machine.
  console.log('  [1/2] server and floor, clients…');
  const server = await spawnBenchServer(serverEnv);
  const floorServer = await spawnFloorServer({ entries: true });
  const pools: { server: SseClientPool[]; floor: SseClientPool[] } = { server: [], floor: [] };
  let results: { real: Delivery; floor: Delivery }[];
  let idle: number[];
  try {
    if ((await postJson(`${server.url}/geofences`, ENTRY_ZONE)) !== 201) throw new Error('the zone was not stored');
    ({ pools: pools.server, idle } = await connectServerClients(server));
    pools.floor = await connectFloorClients(floorServer);
    const targets = {
      server: { url: server.url, servingPids: () => [server.process.pid!, ...storePids()] },
      floor: { url: floorServer.url, servingPids: () => [floorServer.process.pid!] },
    };
    console.log(
      `  [2/2] a warm-up burst each (${WARM_UP_EVENTS.toLocaleString('en')} events, not counted), then bursts in turns…`,
    );
    await deliver(targets.server, pools.server, WARM_UP_EVENTS);
    await deliver(targets.floor, pools.floor, WARM_UP_EVENTS);
    results = await deliverInTurns(targets, pools);
  } finally {
    for (const pool of [...pools.server, ...pools.floor]) pool.close();
    await Promise.all([server.stop(), floorServer.stop()]);
  }
  return Object.fromEntries(
    RUNS.map((run, i) => [`clients${run.clients}`, figuresOf(run.clients, results[i].real, results[i].floor, idle[i])]),
  );
}

/**
 * PostgreSQL stores each batch in its own processes, PGlite on the server's one thread: beside the PGlite
 * figures (the embedded default), the same bursts on PostgreSQL when DATABASE_URL is set, in a schema of
 * their own. Full runs only: a quick run has no time for a second server's crowd.
 */
async function measureOnPostgres() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl || QUICK) {
    console.log(`PostgreSQL: ${databaseUrl ? 'full runs only' : 'DATABASE_URL not set'}, not measured`);
    return null;
  }
  const schema = `bench_fanout_${process.pid}_${Date.now().toString(36)}`;
  console.log(
    "Stream fan-out on PostgreSQL: the same bursts, the batches stored by PostgreSQL, whose CPU counts as the server's",
  );
  try {
    // PostgreSQL's processes count as the server's: storing the batches is its work (a backend started or
    // ended during a burst leaves its CPU out, or the figure unknown).
    return await measureOn({ DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema }, () => pidsNamed('postgres'));
  } finally {
    await dropSchema(databaseUrl, schema);
  }
}

console.log(
  `Stream fan-out of zone entries (2 events each) in batches of ${PINGS_PER_BATCH}, real server (PGlite) vs raw res.write${QUICK ? ' (quick)' : ''}`,
);
const onPglite = await measureOn({});
printFigures({ fanout: { ...onPglite, postgres: await measureOnPostgres() } });
