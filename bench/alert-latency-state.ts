// Alert latency at a state's scale (issue 48 point 7): 1,000 stream clients while 100,000 tourists ping every
// 30 s (3,333 pings/s, bench/support/state-pings.ts), on one server (PGlite), and on three servers on one
// PostgreSQL with their positions through NATS JetStream: clients on C, panics posted to A, pings into B. The
// floor is the bare node:http relay of the alerts with the same pings posted to it and answered (every server
// now carries a few positions a second per stream, not every ping). The three servers run once more without
// the pings, for the panic POST's answer time with and without them going into another server.
// Needs DATABASE_URL and nats-server for the three; without them those figures stay null.
// Run: DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npx tsx bench/alert-latency-state.ts (BENCH_QUICK=1)
import { startNatsServer, type NatsServer } from '../tools/nats-server.ts';
import { spawnServerGroup, type ServerGroup } from '../tools/server-group.ts';
import { measureAlerts, reportRun, type AlertRunOptions, type LatencyRun } from './support/alert-run.ts';
import { BENCH_LIMITS, spawnBenchServer, QUICK } from './support/bench-server.ts';
import { printFigures } from './support/figures.ts';
import { spawnFloorServer } from './support/spawn-floor.ts';
import { percentile, ratioOf, round } from './support/stats.ts';

const CLIENTS = 1000;
const ALERTS = QUICK ? 60 : 300;
/** 667 pings every 200 ms: 3,335 a second, each of the 100,000 tourists once every 30 s. */
const STATE_LOAD = { pingsPerBatch: 667, everyMs: 200, tourists: 'state' as const };

const run = (where: Pick<AlertRunOptions, 'streamsUrl' | 'alertsUrl' | 'load'>): Promise<LatencyRun> =>
  measureAlerts({ ...where, clients: CLIENTS, alerts: ALERTS, warmUpAlerts: QUICK ? 5 : 20, graceMs: 2000 });

const p99 = (values: number[]) => round(percentile(values, 0.99));

async function threeServersThroughNats(): Promise<{ loaded: LatencyRun; quiet: LatencyRun } | null> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.log('  three servers: DATABASE_URL not set, not measured');
    return null;
  }
  let nats: NatsServer | undefined;
  let group: ServerGroup | undefined;
  try {
    nats = await startNatsServer();
    group = await spawnServerGroup(3, {
      databaseUrl,
      schema: `bench_state_${process.pid}_${Date.now().toString(36)}`,
      env: { ...BENCH_LIMITS, NATS_URL: nats.url },
    });
    const [a, b, c] = group.servers.map((server) => server.url);
    console.log('  [3/4] three servers through NATS: streams on C, panics to A, 3,333 pings/s into B…');
    const loaded = await run({ streamsUrl: c, alertsUrl: a, load: { url: b, ...STATE_LOAD } });
    reportRun('three, pings', loaded);
    console.log('  [4/4] the same three servers, no pings…');
    const quiet = await run({ streamsUrl: c, alertsUrl: a });
    reportRun('three, quiet', quiet);
    return { loaded, quiet };
  } catch (error) {
    console.log(`  three servers: not measured (${(error as Error).message})`);
    return null;
  } finally {
    await group?.stop();
    await nats?.stop();
  }
}

console.log(
  `Alert latency at a state's scale: ${ALERTS} alerts to ${CLIENTS} stream clients, ` +
    `${(STATE_LOAD.pingsPerBatch * 1000) / STATE_LOAD.everyMs} pings/s of 100,000 tourists${QUICK ? ' (quick)' : ''}`,
);
/** A run against one process taking the streams, the alerts and the pings alike. */
const runAlone = async (name: string, spawned: { url: string; stop(): Promise<unknown> }) => {
  const { url } = spawned;
  const measured = await run({ streamsUrl: url, alertsUrl: url, load: { url, ...STATE_LOAD } }).finally(() =>
    spawned.stop(),
  );
  reportRun(name, measured);
  return measured;
};
console.log('  [1/4] one server (PGlite)…');
const one = await runAlone('one server', await spawnBenchServer());
console.log('  [2/4] floor: bare node:http relay of the alerts, the pings answered…');
const floor = await runAlone('floor', await spawnFloorServer({ relayGps: false }));
const three = await threeServersThroughNats();

const floorP99 = p99(floor.latencies);
const figuresOf = (measured: LatencyRun) => ({
  p50Ms: round(percentile(measured.latencies, 0.5)),
  p99Ms: p99(measured.latencies),
  floorP99Ms: floorP99,
  ratio: ratioOf(p99(measured.latencies), floorP99),
  lost: measured.lost,
  gpsPingsPerSec: Math.round(measured.gps.pingsPerSecond),
});
printFigures({
  alertLatencyState: {
    oneServer: figuresOf(one),
    threeServersNats: three && figuresOf(three.loaded),
    panicPost: three && {
      p99Ms: p99(three.loaded.answerMs),
      withoutPingsP99Ms: p99(three.quiet.answerMs),
      ratio: ratioOf(p99(three.loaded.answerMs), p99(three.quiet.answerMs)),
    },
  },
});
