// Alert latency (issue 12, figure 1): from sending POST /panic-alert to the alert's stream message reaching
// each of 1,000 stream clients, while phones send 2,000 GPS pings/s in batches. The same run against the
// floor, a bare node:http server relaying every POSTed body (alerts and GPS batches) to the same clients, and
// once more against a floor that answers the GPS posts without relaying them: the alert alone on the machine.
// Everything is its own process: the server, the floor, the GPS load, and two processes of raw clients
// that only note when each alert's marker first arrives.
// Run: npx tsx bench/alert-latency.ts   (BENCH_QUICK=1 for fewer alerts)
import { spawnBenchServer, QUICK } from './support/bench-server.ts';
import { printFigures } from './support/figures.ts';
import { startGpsLoad, type GpsLoadResult } from './support/gps-load.ts';
import { postJson, postJsonAnswer } from './support/http-post.ts';
import { spawnFloorServer } from './support/spawn-floor.ts';
import { SseClientPool } from './support/sse-clients.ts';
import { markerOf } from './support/sse-protocol.ts';
import { monotonicMs, percentile, ratioOf, round, sleep } from './support/stats.ts';

const CLIENTS = 1000;
const ALERTS = QUICK ? 60 : 500;
const WARM_UP_ALERTS = QUICK ? 5 : 20;
/** Alerts are sent on a clock, not one after the other's answer: a slow answer does not delay the next. */
const ALERT_EVERY_MS = 40;
const GPS_PINGS_PER_BATCH = 200;
const GPS_BATCH_EVERY_MS = 100;
const DELIVERY_GRACE_MS = QUICK ? 1000 : 2000;

interface LatencyRun {
  /** Every (alert, client) delivery, in ms from sending the POST. */
  latencies: number[];
  /** Per alert, until its last client had it. */
  lastClientLatencies: number[];
  lost: number;
  /** Until the POST was answered (the real server answers once the panic is stored). */
  answerMs: number[];
  refused: number;
  gps: GpsLoadResult;
  /**
   * Per alert, from sending the POST to the receive time the server gave it (the alert's `at`, stamped once
   * the request is read and checked; wall clock, to the ms). NaN for the floor, which stamps nothing.
   */
  receivedMs: number[];
  /** Every (alert, client) delivery, in ms from the alert's receive time. */
  afterReceived: number[];
}

function panicBody(touristId: string, i: number) {
  return { latitude: 25.57 + (i % 50) / 10_000, longitude: 91.88, touristId };
}

/** The server's receive time in a /panic-alert answer, ms since the epoch; NaN when the answer has none. */
function receiveTimeIn(text: string): number {
  try {
    return Date.parse((JSON.parse(text) as { alert?: { at?: string } }).alert?.at ?? '');
  } catch {
    return Number.NaN;
  }
}

async function sendAlerts(
  url: string,
): Promise<{ sentAt: number[]; answerMs: number[]; refused: number; receivedMs: number[] }> {
  const sentAt: number[] = [];
  const answers: Promise<number>[] = [];
  const answerMs: number[] = [];
  const receivedMs: number[] = [];
  const start = monotonicMs();
  for (let i = 0; i < ALERTS; i++) {
    const wait = start + i * ALERT_EVERY_MS - monotonicMs();
    if (wait > 0) await sleep(wait);
    const sent = monotonicMs();
    const sentWallMs = Date.now();
    sentAt.push(sent);
    const answer = postJsonAnswer(`${url}/panic-alert`, panicBody(markerOf(i), i)).then(
      ({ status, text }) => {
        receivedMs[i] = receiveTimeIn(text) - sentWallMs;
        return status;
      },
      () => 0,
    );
    answers.push(answer.finally(() => answerMs.push(monotonicMs() - sent)));
    if ((i + 1) % 100 === 0) console.log(`    ${i + 1}/${ALERTS} alerts sent`);
  }
  const statuses = await Promise.all(answers);
  return {
    sentAt,
    answerMs,
    refused: statuses.filter((status) => status !== 201).length,
    receivedMs: Array.from(sentAt, (_, i) => receivedMs[i] ?? Number.NaN),
  };
}

async function measure(url: string): Promise<LatencyRun> {
  const clients = await SseClientPool.open(url, CLIENTS);
  try {
    const gpsLoad = startGpsLoad(url, GPS_PINGS_PER_BATCH, GPS_BATCH_EVERY_MS);
    await sleep(1000);
    for (let i = 0; i < WARM_UP_ALERTS; i++) await postJson(`${url}/panic-alert`, panicBody(`bench-warm-up-${i}`, i));
    await clients.reset(ALERTS);
    const { sentAt, answerMs, refused, receivedMs } = await sendAlerts(url);
    await sleep(DELIVERY_GRACE_MS);
    const gps = await gpsLoad.stop();
    const arrivals = await clients.arrivals();
    const latencies: number[] = [];
    const afterReceived: number[] = [];
    const lastClientLatencies = sentAt.map(() => 0);
    let lost = 0;
    for (const perClient of arrivals) {
      for (let alert = 0; alert < ALERTS; alert++) {
        if (perClient[alert] === 0) {
          lost++;
          continue;
        }
        const latency = perClient[alert] - sentAt[alert];
        latencies.push(latency);
        if (Number.isFinite(receivedMs[alert])) afterReceived.push(latency - receivedMs[alert]);
        lastClientLatencies[alert] = Math.max(lastClientLatencies[alert], latency);
      }
    }
    return { latencies, lastClientLatencies, lost, answerMs, refused, gps, receivedMs, afterReceived };
  } finally {
    clients.close();
  }
}

function report(label: string, run: LatencyRun): void {
  const ms = (values: number[], q: number) => percentile(values, q).toFixed(1).padStart(6);
  console.log(
    `  ${label.padEnd(14)} p50 ${ms(run.latencies, 0.5)} ms  p99 ${ms(run.latencies, 0.99)} ms  max ${ms(run.latencies, 1)} ms` +
      `\n  ${''.padEnd(14)} POST answered p50 ${ms(run.answerMs, 0.5)} ms  p99 ${ms(run.answerMs, 0.99)} ms` +
      ` | last client p99 ${ms(run.lastClientLatencies, 0.99)} ms | ${run.latencies.length} deliveries, ${run.lost} lost, ` +
      `${run.refused} POSTs refused | GPS ${run.gps.pingsPerSecond.toFixed(0)} pings/s (${run.gps.failedBatches} failed, ${run.gps.skippedBatches} skipped batches)`,
  );
  const received = run.receivedMs.filter(Number.isFinite);
  if (received.length === 0) return;
  console.log(
    `  ${''.padEnd(14)} where it went: send → the server's receive time p50 ${ms(received, 0.5)} ms  p99 ${ms(received, 0.99)} ms;` +
      ` receive time → client p50 ${ms(run.afterReceived, 0.5)} ms  p99 ${ms(run.afterReceived, 0.99)} ms`,
  );
}

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
