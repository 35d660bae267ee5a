// Every figure of issue 12, its floor and its target: the one list bench/run.ts prints and checks and
// bench/README.md explains. A figure's path is where it sits in the final JSON object.

import { atLeast, atMost, ratioAtMost, type FigureSpec } from './figure-spec.ts';
import { OUTAGE_FIGURES } from './targets-outage.ts';

export type { FigureSpec, Target } from './figure-spec.ts';

const stateLatencyFigures = (group: 'oneServer' | 'threeServersNats', where: string): FigureSpec[] => {
  const at = `alertLatencyState.${group}`;
  return [
    {
      path: `${at}.p99Ms`,
      label: `Alert latency POST → stream, p99, 3,333 pings/s, ${where}`,
      unit: 'ms',
      script: 'alert-latency-state.ts',
      floorPath: `${at}.floorP99Ms`,
      ratioPath: `${at}.ratio`,
      target: ratioAtMost(1.5, `${at}.ratio`, 'floor'),
    },
  ];
};

const fanoutFigures = (clients: number, store?: 'postgres'): FigureSpec[] => {
  const at = `fanout.${store ? `${store}.` : ''}clients${clients}`;
  const throughput: FigureSpec = {
    path: `${at}.msgsPerSec`,
    label: `Fan-out to ${clients.toLocaleString('en')} clients${store ? ', PostgreSQL' : ''}`,
    unit: 'msg/s',
    script: 'fanout.ts',
    floorPath: `${at}.floorMsgsPerSec`,
    ratioPath: `${at}.ratio`,
    target: { text: '≥ 0.8× floor', met: (_value, figures) => (figures(`${at}.ratio`) ?? 0) >= 0.8 },
  };
  // An idle client's memory does not depend on the store.
  if (store) return [throughput];
  return [
    throughput,
    {
      path: `${at}.idleClientKB`,
      label: `Server memory per idle client (${clients.toLocaleString('en')})`,
      unit: 'KB',
      script: 'fanout.ts',
      target: atMost(50, 'KB'),
    },
  ];
};

export const FIGURES: FigureSpec[] = [
  // Issue 34: 20 tourists' 10,000 positions replayed at 10x.
  {
    path: 'replayFrame.p50Ms',
    label: 'Replay, 10,000 positions of 20 tourists at 10×: main-thread JavaScript per frame, p50',
    unit: 'ms',
    script: 'replay-frame.ts',
    floorPath: 'replayFrame.floorP50Ms',
    target: atMost(4, 'ms'),
  },
  {
    path: 'replayFrame.p95Ms',
    label: 'Replay, the same, p95',
    unit: 'ms',
    script: 'replay-frame.ts',
    floorPath: 'replayFrame.floorP95Ms',
    ratioPath: 'replayFrame.ratio',
    target: atMost(4, 'ms'),
  },
  {
    path: 'zones.interactiveMs',
    label: 'Zones view, 2,000 zones of 50 vertices: open → interactive',
    unit: 'ms',
    script: 'browser-zones.ts',
    floorPath: 'zones.floorInteractiveMs',
    target: atMost(1000, 'ms'),
  },
  {
    path: 'zones.dragMsPerMove',
    label: 'Zones view: vertex drag, main-thread JavaScript per pointer move',
    unit: 'ms',
    script: 'browser-zones.ts',
    floorPath: 'zones.floorDragMsPerMove',
    ratioPath: 'zones.dragRatio',
    target: atMost(8, 'ms'),
  },
  {
    path: 'alertLatency.p50Ms',
    label: 'Alert latency POST → stream, p50',
    unit: 'ms',
    script: 'alert-latency.ts',
    floorPath: 'alertLatency.floorP50Ms',
  },
  {
    path: 'alertLatency.p99Ms',
    label: 'Alert latency POST → stream, p99',
    unit: 'ms',
    script: 'alert-latency.ts',
    floorPath: 'alertLatency.floorP99Ms',
    ratioPath: 'alertLatency.ratio',
    target: {
      text: '≤ 50 ms and ≤ 1.5× floor',
      met: (value, at) => value <= 50 && (at('alertLatency.ratio') ?? Infinity) <= 1.5,
    },
  },
  // Issue 48's: alerts at a state's scale, 3,333 pings/s of 100,000 tourists behind them, against the bare relay
  // with the same pings answered; and the panic POST's answer on A with those pings going into B, or none.
  ...stateLatencyFigures('oneServer', 'one server'),
  ...stateLatencyFigures('threeServersNats', 'three servers through NATS (streams on C, panics to A, pings into B)'),
  {
    path: 'alertLatencyState.panicPost.p99Ms',
    label: 'Panic POST answered on A, p99, with 3,333 pings/s into B (floor: no pings)',
    unit: 'ms',
    script: 'alert-latency-state.ts',
    floorPath: 'alertLatencyState.panicPost.withoutPingsP99Ms',
    ratioPath: 'alertLatencyState.panicPost.ratio',
    target: ratioAtMost(1.5, 'alertLatencyState.panicPost.ratio', 'without pings'),
  },
  // Issue 48's: whether the durable stream should leave PostgreSQL for JetStream past some number of servers.
  ...[1, 10, 50].map(
    (servers): FigureSpec => ({
      path: `streamListeners.listeners${servers}.p99Ms`,
      label: `Durable stream on PostgreSQL, 200 commits/s heard by ${servers} server${servers > 1 ? 's' : ''}: commit → read, p99`,
      unit: 'ms',
      script: 'stream-listeners.ts',
      ...(servers > 1 && { floorPath: 'streamListeners.listeners1.p99Ms' }),
    }),
  ),
  {
    path: 'streamListeners.lockedCommitsPerSec',
    label: 'Stream-writing commits under the ordering lock, 10 writers flat out',
    unit: 'commits/s',
    script: 'stream-listeners.ts',
    floorPath: 'streamListeners.unlockedCommitsPerSec',
  },
  // Issue 48's: one city's view with 100,000 tourists in the state; the floor is every ping of the state as the
  // alert stream's gps frames, what a dashboard carried before positions by area (no ratio: lower is better).
  {
    path: 'positionsViewport.kbPerSec',
    label: "Positions by area: a dashboard on Shillong's view, 100,000 tourists in the state at 3,333 pings/s",
    unit: 'KB/s',
    script: 'positions-viewport.ts',
    floorPath: 'positionsViewport.stateKbPerSec',
    target: atMost(50, 'KB/s'),
  },
  ...fanoutFigures(1000),
  ...fanoutFigures(5000),
  ...fanoutFigures(1000, 'postgres'),
  ...fanoutFigures(5000, 'postgres'),
  {
    path: 'ingest.pglite.singlePingsPerSec',
    label: 'Ingest, PGlite, 50 phones, single pings',
    unit: 'pings/s',
    script: 'ingest.ts',
    floorPath: 'ingest.pglite.floorPingsPerSec',
    ratioPath: 'ingest.pglite.singleRatio',
    target: atLeast(2000, 'pings/s'),
  },
  {
    path: 'ingest.pglite.batchPingsPerSec',
    label: 'Ingest, PGlite, batches',
    unit: 'pings/s',
    script: 'ingest.ts',
    floorPath: 'ingest.pglite.floorPingsPerSec',
    ratioPath: 'ingest.pglite.batchRatio',
  },
  {
    path: 'ingest.postgres.singlePingsPerSec',
    label: 'Ingest, PostgreSQL, single pings',
    unit: 'pings/s',
    script: 'ingest.ts',
    floorPath: 'ingest.postgres.floorPingsPerSec',
    ratioPath: 'ingest.postgres.singleRatio',
  },
  {
    path: 'ingest.postgres.batchPingsPerSec',
    label: 'Ingest, PostgreSQL, batches',
    unit: 'pings/s',
    script: 'ingest.ts',
    floorPath: 'ingest.postgres.floorPingsPerSec',
    ratioPath: 'ingest.postgres.batchRatio',
    target: atLeast(20000, 'pings/s'),
  },
  { path: 'ingest.lost', label: 'Ingest, pings lost', unit: 'pings', script: 'ingest.ts', target: atMost(0, 'pings') },
  {
    // Issue 31: a control room's season of zones.
    path: 'zoneIngest.singlePingsPerSec',
    label: 'Ingest, PGlite, 2,000 zones of 50 vertices, single pings',
    unit: 'pings/s',
    script: 'ingest-zones.ts',
    floorPath: 'zoneIngest.floorPingsPerSec',
    ratioPath: 'zoneIngest.ratio',
    target: atLeast(2000, 'pings/s'),
  },
  {
    path: 'browser.postToPaint.p50Ms',
    label: 'POST → row painted in Chromium, p50',
    unit: 'ms',
    script: 'browser-paint.ts',
  },
  {
    path: 'browser.postToPaint.p99Ms',
    label: 'POST → row painted in Chromium, p99',
    unit: 'ms',
    script: 'browser-paint.ts',
    floorPath: 'browser.postToPaint.floorP99Ms',
    ratioPath: 'browser.postToPaint.ratio',
    target: atMost(100, 'ms'),
  },
  {
    // Issue 33: the first panic after a console opens, timed like the rest, beside the warm p50.
    path: 'browser.postToPaint.firstMs',
    label: 'POST → row painted, the first panic after the page is live',
    unit: 'ms',
    script: 'browser-paint.ts',
    floorPath: 'browser.postToPaint.warmP50Ms',
    ratioPath: 'browser.postToPaint.firstRatio',
    target: { text: '≤ 1.5× warm p50', met: (_value, at) => (at('browser.postToPaint.firstRatio') ?? Infinity) <= 1.5 },
  },
  {
    path: 'browser.start.longTaskMaxMs',
    label: 'Longest main-thread task, navigation → map idle (software WebGL)',
    unit: 'ms',
    script: 'browser-paint.ts',
    target: atMost(200, 'ms'),
  },
  {
    path: 'browser.burstAtConnect.lastPostToBarMs',
    label: '20 panics posted as the stream connects: last POST → all in the panic bar',
    unit: 'ms',
    script: 'browser-paint.ts',
    target: atMost(1000, 'ms'),
  },
  {
    path: 'browser.alarmMs.p99Ms',
    label: 'Stream message → bar and tone, p99',
    unit: 'ms',
    script: 'alarm-latency.ts',
    floorPath: 'browser.alarmMs.floorP99Ms',
    ratioPath: 'browser.alarmMs.ratio',
  },
  {
    path: 'browser.table10k.firstPaintMs',
    label: 'Table of 10k incidents, first paint',
    unit: 'ms',
    script: 'browser-scale.ts',
    target: atMost(1000, 'ms'),
  },
  {
    path: 'browser.table10k.newAlert.p99Ms',
    label: 'With 10k incidents, POST → new row painted, p99',
    unit: 'ms',
    script: 'browser-scale.ts',
    floorPath: 'browser.table10k.newAlert.floorP99Ms',
    target: atMost(100, 'ms'),
  },
  {
    path: 'browser.state100k.ms',
    label: '100k moving tourists in view, main thread per second',
    unit: 'ms',
    script: 'browser-devices.ts',
    floorPath: 'browser.state100k.floorMs',
    ratioPath: 'browser.state100k.ratio',
    target: ratioAtMost(1.5, 'browser.state100k.ratio', 'bare deck.gl'),
  },
  {
    path: 'browser.heap100k.mb',
    label: 'Dashboard JavaScript heap at 100k tourists, the most over the run',
    unit: 'MB',
    script: 'browser-devices.ts',
    target: atMost(300, 'MB'),
  },
  {
    path: 'load.firstPaintGzipKB',
    label: 'JavaScript before the first table paint, gzipped',
    unit: 'KB',
    script: 'browser-paint.ts',
    target: atMost(150, 'KB'),
  },
  {
    path: 'load.firstTablePaintMs',
    label: 'Load → first table paint',
    unit: 'ms',
    script: 'browser-paint.ts',
    target: atMost(1000, 'ms'),
  },
  {
    path: 'restart.afterKillMs.median',
    label: 'npm start answering again after SIGKILL, median of 10',
    unit: 'ms',
    script: 'restart.ts',
    floorPath: 'restart.afterKillMs.floorMs',
    ratioPath: 'restart.afterKillMs.ratio',
    target: atMost(1500, 'ms'),
  },
  {
    path: 'restart.panicAfterKillMs.median',
    label: 'A panic accepted after SIGKILL (npm start), median of 10',
    unit: 'ms',
    script: 'restart.ts',
    floorPath: 'restart.panicAfterKillMs.floorMs',
    ratioPath: 'restart.panicAfterKillMs.ratio',
    target: { text: '≤ 2× floor', met: (_value, at) => (at('restart.panicAfterKillMs.ratio') ?? Infinity) <= 2 },
  },
  {
    path: 'restartPhones.lostOrDoubled',
    label: 'Panics lost or doubled: 20 SIGKILLs, 20 phones retrying (some mid-replay)',
    unit: 'panics',
    script: 'restart-phones.ts',
    target: atMost(0, 'panics'),
  },
  {
    path: 'start.firstMs',
    label: 'First start',
    unit: 'ms',
    script: 'restart.ts',
    floorPath: 'start.floorMs',
    target: atMost(5000, 'ms'),
  },
  {
    path: 'panicUnderReads.p99Ms',
    label: 'Panic POST with 20 heavy reads, p99',
    unit: 'ms',
    script: 'read-priority.ts',
    floorPath: 'panicUnderReads.floorP99Ms',
    ratioPath: 'panicUnderReads.ratio',
  },
  {
    path: 'panicWebhooks.slowReceiver.p99Ms',
    label: 'Panic POST p99 with 3 webhooks at a receiver answering after 1 s (floor: none enabled, alternating rounds)',
    unit: 'ms',
    script: 'panic-webhooks.ts',
    floorPath: 'panicWebhooks.slowReceiver.floorP99Ms',
    target: {
      text: '≤ floor + 5 ms',
      met: (_value, at) => (at('panicWebhooks.slowReceiver.addedP99Ms') ?? Infinity) <= 5,
    },
  },
  {
    path: 'watchCheck.passMs',
    label: 'Watch check pass over 100k tracked devices (100 due), median',
    unit: 'ms',
    script: 'watch-check.ts',
    floorPath: 'watchCheck.floorMs',
    ratioPath: 'watchCheck.ratio',
    target: atMost(200, 'ms'),
  },
  {
    path: 'watchCheck.postgres.passMs',
    label: 'Watch check pass over 100k tracked devices (100 due), PostgreSQL, median',
    unit: 'ms',
    script: 'watch-check.ts',
    floorPath: 'watchCheck.postgres.floorMs',
    ratioPath: 'watchCheck.postgres.ratio',
    target: atMost(200, 'ms'),
  },
  {
    path: 'touristProfile.p95Ms',
    label: 'Tourist profile GET /tourists/{id}, 1,000 incidents and 100,000 pings, p95',
    unit: 'ms',
    script: 'tourist-profile.ts',
    floorPath: 'touristProfile.floorP95Ms',
    ratioPath: 'touristProfile.ratio',
    target: atMost(300, 'ms'),
  },
  ...OUTAGE_FIGURES,
];

/** The bench scripts in the order bench/run.ts runs them, each with the time it may take (full, quick). */
export const SCRIPTS: { file: string; budgetSeconds: number; quickBudgetSeconds: number }[] = [
  { file: 'alert-latency.ts', budgetSeconds: 150, quickBudgetSeconds: 35 },
  // Issue 48's: alerts with 100,000 tourists pinging, on one server and on three through NATS.
  { file: 'alert-latency-state.ts', budgetSeconds: 150, quickBudgetSeconds: 45 },
  // Issue 48's: the durable stream heard by 1, 10 and 50 servers' listeners (PostgreSQL only).
  { file: 'stream-listeners.ts', budgetSeconds: 75, quickBudgetSeconds: 30 },
  // Issue 48's: 100,000 tourists stored, then a city's view read for 30 s.
  { file: 'positions-viewport.ts', budgetSeconds: 90, quickBudgetSeconds: 45 },
  { file: 'fanout.ts', budgetSeconds: 240, quickBudgetSeconds: 45 },
  { file: 'ingest.ts', budgetSeconds: 90, quickBudgetSeconds: 30 },
  { file: 'ingest-zones.ts', budgetSeconds: 90, quickBudgetSeconds: 35 },
  { file: 'restart.ts', budgetSeconds: 120, quickBudgetSeconds: 40 },
  // Issue 33's: 20 crashes with 20 phones sending panics and retrying with their keys.
  { file: 'restart-phones.ts', budgetSeconds: 150, quickBudgetSeconds: 45 },
  { file: 'alarm-latency.ts', budgetSeconds: 60, quickBudgetSeconds: 25 },
  // Three fresh browsers since issue 33: the start, the panics from the first after the page is live, a burst.
  { file: 'browser-paint.ts', budgetSeconds: 90, quickBudgetSeconds: 45 },
  { file: 'browser-scale.ts', budgetSeconds: 100, quickBudgetSeconds: 40 },
  // Issue 48's: the console with 100,000 tourists moving in view, beside a bare deck.gl page; its heap.
  { file: 'browser-devices.ts', budgetSeconds: 240, quickBudgetSeconds: 90 },
  // Issue 31's Zones view: 2,000 zones, first open and a vertex drag, beside a bare deck.gl page.
  { file: 'browser-zones.ts', budgetSeconds: 240, quickBudgetSeconds: 100 },
  // Issue 34's replay: the panel playing 20 tourists at 10x, beside a bare TripsLayer page.
  { file: 'replay-frame.ts', budgetSeconds: 150, quickBudgetSeconds: 60 },
  // Issue 9's figure, not issue 12's: last, so a quick run spends its time on the others.
  { file: 'read-priority.ts', budgetSeconds: 120, quickBudgetSeconds: 25 },
  // Issue 32's.
  { file: 'watch-check.ts', budgetSeconds: 90, quickBudgetSeconds: 30 },
  // Issue 34's: one tourist's profile among 100,000 of their pings.
  { file: 'tourist-profile.ts', budgetSeconds: 60, quickBudgetSeconds: 30 },
  // Issue 34's: webhooks add at most 5 ms to the panic's p99.
  { file: 'panic-webhooks.ts', budgetSeconds: 90, quickBudgetSeconds: 40 },
  // Issue 47's: PostgreSQL cut under a running server (needs DATABASE_URL); the 120 s cut only with BENCH_OUTAGE_LONG=1.
  {
    file: 'store-outage.ts',
    budgetSeconds: process.env.BENCH_OUTAGE_LONG === '1' ? 260 : 110,
    quickBudgetSeconds: 50,
  },
];
