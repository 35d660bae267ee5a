// Alert latency (issue 12, figure 1): from sending POST /panic-alert to the alert's stream message reaching
// each of 1,000 stream clients, while phones send 2,000 GPS pings/s in batches. The same run against the
// floor, a bare node:http server relaying every POSTed body (alerts and GPS batches) to the same clients, and
// once more against a floor that answers the GPS posts without relaying them: the alert alone on the machine.
// Everything is its own process: the server, the floor, the GPS load, and two processes of raw clients
// that only note when each alert's marker first arrives.
// Run: npx tsx bench/alert-latency.ts   (BENCH_QUICK=1 for fewer alerts)
import { ALERT_EVERY_MS, measureAlerts, reportRun as report, type LatencyRun } from './support/alert-run.ts';
import { spawnBenchServer, QUICK } from './support/bench-server.ts';
import { printFigures } from './support/figures.ts';
import { spawnFloorServer } from './support/spawn-floor.ts';
import { percentile, ratioOf, round } from './support/stats.ts';

const CLIENTS = 1000;
const ALERTS = QUICK ? 60 : 500;
const WARM_UP_ALERTS = QUICK ? 5 : 20;
const GPS_PINGS_PER_BATCH = 200;
const GPS_BATCH_EVERY_MS = 100;
const DELIVERY_GRACE_MS = QUICK ? 1000 : 2000;

const measure = (url: string): Promise<LatencyRun> =>
  measureAlerts({
    streamsUrl: url,
    alertsUrl: url,
    clients: CLIENTS,
    alerts: ALERTS,
    warmUpAlerts: WARM_UP_ALERTS,
    graceMs: DELIVERY_GRACE_MS,
    load: { url, pingsPerBatch: GPS_PINGS_PER_BATCH, everyMs: GPS_BATCH_EVERY_MS },
  });

console.log(
  `Alert latency: ${ALERTS} alerts (one every ${ALERT_EVERY_MS} ms) to ${CLIENTS} stream clients, ` +
    `background ${(GPS_PINGS_PER_BATCH * 1000) / GPS_BATCH_EVERY_MS} GPS pings/s${QUICK ? ' (quick)' : ''}`,
);
console.log('  [1/3] real server (PGlite)…');
const server = await spawnBenchServer();
const real = await measure(server.url).finally(() => server.stop());
report('server', real);
const measureFloor = async (relayGps: boolean) => {
  const floorServer = await spawnFloorServer({ relayGps });
  return measure(floorServer.url).finally(() => floorServer.stop());
};
console.log('  [2/3] floor: bare node:http relay of the alerts and the GPS…');
const floor = await measureFloor(true);
report('floor', floor);
console.log('  [3/3] floor without the GPS relay…');
const floorWithoutGps = await measureFloor(false);
report('floor, no GPS', floorWithoutGps);

const p99 = round(percentile(real.latencies, 0.99));
const realReceived = real.receivedMs.filter(Number.isFinite);
const floorP99 = round(percentile(floor.latencies, 0.99));
console.log(`  p99 ${p99} ms = ${ratioOf(p99, floorP99)}× the floor's ${floorP99} ms (target ≤ 50 ms and ≤ 1.5×)`);
printFigures({
  alertLatency: {
    p50Ms: round(percentile(real.latencies, 0.5)),
    p99Ms: p99,
    floorP50Ms: round(percentile(floor.latencies, 0.5)),
    floorP99Ms: floorP99,
    ratio: ratioOf(p99, floorP99),
    floorWithoutGpsP99Ms: round(percentile(floorWithoutGps.latencies, 0.99)),
    lastClientP99Ms: round(percentile(real.lastClientLatencies, 0.99)),
    receivedP50Ms: round(percentile(realReceived, 0.5)),
    receivedP99Ms: round(percentile(realReceived, 0.99)),
    afterReceivedP99Ms: round(percentile(real.afterReceived, 0.99)),
    lost: real.lost,
    gpsPingsPerSec: Math.round(real.gps.pingsPerSecond),
  },
});
