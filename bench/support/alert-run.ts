// One alert-latency run: raw stream clients on one server, panics posted on a clock to another (or the same),
// GPS pings into a third (or the same, or none), and for each (alert, client) when the alert first arrived.
// Shared by alert-latency.ts (one server, issue 12) and alert-latency-state.ts (a state, issue 48).
import { startGpsLoad, type GpsLoadResult } from './gps-load.ts';
import { postJson, postJsonAnswer } from './http-post.ts';
import { SseClientPool } from './sse-clients.ts';
import { markerOf } from './sse-protocol.ts';
import { monotonicMs, percentile, sleep } from './stats.ts';

/** Alerts are sent on a clock, not one after the other's answer: a slow answer does not delay the next. */
export const ALERT_EVERY_MS = 40;

export interface AlertRunOptions {
  /** Where the clients hold `/panic-alerts/stream`. */
  streamsUrl: string;
  /** Where the panics are posted. */
  alertsUrl: string;
  clients: number;
  alerts: number;
  warmUpAlerts: number;
  /** After the last alert, how long to wait for its deliveries. */
  graceMs: number;
  /** The background: `pingsPerBatch` pings to `url` every `everyMs`, of the state's tourists with `state`. */
  load?: { url: string; pingsPerBatch: number; everyMs: number; tourists?: 'state' };
}

export interface LatencyRun {
  /** Every (alert, client) delivery, in ms from sending the POST. */
  latencies: number[];
  /** Per alert, until its last client had it. */
  lastClientLatencies: number[];
  lost: number;
  /** Until the POST was answered (the real server answers once the panic is stored). */
  answerMs: number[];
  refused: number;
  /** The background achieved; zeros without one. */
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
  alerts: number,
): Promise<{ sentAt: number[]; answerMs: number[]; refused: number; receivedMs: number[] }> {
  const sentAt: number[] = [];
  const answers: Promise<number>[] = [];
  const answerMs: number[] = [];
  const receivedMs: number[] = [];
  const start = monotonicMs();
  for (let i = 0; i < alerts; i++) {
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
    if ((i + 1) % 100 === 0) console.log(`    ${i + 1}/${alerts} alerts sent`);
  }
  const statuses = await Promise.all(answers);
  return {
    sentAt,
    answerMs,
    refused: statuses.filter((status) => status !== 201).length,
    receivedMs: Array.from(sentAt, (_, i) => receivedMs[i] ?? Number.NaN),
  };
}

const NO_LOAD: GpsLoadResult = { pingsPerSecond: 0, failedBatches: 0, skippedBatches: 0 };

export async function measureAlerts(options: AlertRunOptions): Promise<LatencyRun> {
  const { alerts, load } = options;
  const clients = await SseClientPool.open(options.streamsUrl, options.clients);
  try {
    const gpsLoad = load && startGpsLoad(load.url, load.pingsPerBatch, load.everyMs, load.tourists);
    await sleep(1000);
    for (let i = 0; i < options.warmUpAlerts; i++) {
      await postJson(`${options.alertsUrl}/panic-alert`, panicBody(`bench-warm-up-${i}`, i));
    }
    await clients.reset(alerts);
    const { sentAt, answerMs, refused, receivedMs } = await sendAlerts(options.alertsUrl, alerts);
    await sleep(options.graceMs);
    const gps = gpsLoad ? await gpsLoad.stop() : NO_LOAD;
    const arrivals = await clients.arrivals();
    const latencies: number[] = [];
    const afterReceived: number[] = [];
    const lastClientLatencies = sentAt.map(() => 0);
    let lost = 0;
    for (const perClient of arrivals) {
      for (let alert = 0; alert < alerts; alert++) {
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

export function reportRun(label: string, run: LatencyRun): void {
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
