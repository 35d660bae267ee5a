// The console at 100,000 moving tourists (issue 48 point 7): the 100,000 of bench/support/state-pings.ts in
// view, each pinging every 30 s (3,333 pings/s) through the real server, the dashboard opened as a fresh
// store opens it (the whole state in view, so its positions come as counts per H3 cell).
// - `browser.state100k`: main-thread ms per second of the dashboard at work, beside the floor: the very
//   position messages the dashboard was sent (its GET /positions/stream subscription's and its alert stream's
//   `gps` frames, the same URLs read by the bench in the same seconds), replayed at their pace to a bare
//   deck.gl page (bench/deck-floor). Chromium's own TaskDuration (CDP Performance metrics) over WINDOW_S after
//   the subscription's snapshot, rounds alternating, the median.
// - `browser.heap100k`: the dashboard's JavaScript heap after a collection (CDP Runtime.getHeapUsage), from
//   the first round on, every HEAP_SAMPLE_S for BENCH_HEAP_MINUTES (2 by default; the target is over 30).
// Run: npx tsx bench/browser-devices.ts (BENCH_QUICK=1: one round, half a minute of heap; BENCH_CPU_PROFILE=<file>:
// the dashboard's first round profiled into it)
import { writeFileSync } from 'node:fs';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { buildDashboard, dashboardBuildIsStale, distDir } from '../server/build-dashboard.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tools/chromium-flags.ts';
import { OFFLINE_STYLE_URL, onEveryStreamMessage, waitForLiveStream, waitForMap } from './browser-support.ts';
import { QUICK, spawnBenchServer } from './support/bench-server.ts';
import {
  buildDeckFloorPage,
  recordStream,
  startReplayServer,
  type ReplayServer,
  type TimedMessage,
} from './support/deck-floor.ts';
import { printFigures } from './support/figures.ts';
import { startGpsLoad } from './support/gps-load.ts';
import { seedStateTourists, STATE_TOURISTS } from './support/state-pings.ts';
import { percentile, round, sleep } from './support/stats.ts';

const ROUNDS = QUICK ? 1 : 3;
const WINDOW_S = QUICK ? 5 : 10;
const HEAP_MINUTES = Number(process.env.BENCH_HEAP_MINUTES ?? (QUICK ? 0.5 : 2));
const HEAP_SAMPLE_S = QUICK ? 10 : 20;
const VIEWPORT = { width: 1440, height: 900 };
/** Where to write a CPU profile of the dashboard's first round (BENCH_CPU_PROFILE), to see where its time goes. */
const PROFILE_TO = process.env.BENCH_CPU_PROFILE;

/** Counts, in the page, the messages of its positions subscription (and marks the alert stream live). */
const COUNT_POSITIONS = onEveryStreamMessage(
  "if (this.url.includes('/positions/stream')) window.positionsMessages = (window.positionsMessages ?? 0) + 1;",
);

interface OpenedPage {
  page: Page;
  /** Main-thread seconds so far (Chromium's TaskDuration). */
  taskSeconds(): Promise<number>;
  /** The JavaScript heap in use after a full collection, MB. */
  heapMb(): Promise<number>;
  /** Runs `during` under the V8 profiler and answers the profile (a .cpuprofile's JSON). */
  profile(during: () => Promise<void>): Promise<object>;
}

async function openPage(context: BrowserContext, url: string): Promise<OpenedPage> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(url);
  return {
    page,
    async taskSeconds() {
      const { metrics } = await cdp.send('Performance.getMetrics');
      return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0;
    },
    async heapMb() {
      await cdp.send('HeapProfiler.collectGarbage');
      const { usedSize } = await cdp.send('Runtime.getHeapUsage');
      return usedSize / 2 ** 20;
    },
    async profile(during) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.start');
      await during();
      return (await cdp.send('Profiler.stop')).profile;
    },
  };
}

const nextFrames = (page: Page) =>
  page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));

/**
 * The dashboard's main-thread ms over WINDOW_S, and the position messages it was sent in them, read alike: its
 * subscription's, and its alert stream's `gps` frames.
 */
async function dashboardRound(dashboard: OpenedPage, urls: { positions: string; alerts: string }, profileTo?: string) {
  const recording = recordStream(urls.positions);
  const gps = recordStream(urls.alerts, (payload) => payload.startsWith('{"type":"gps"'));
  await Promise.all([recording.opened, gps.opened]);
  const before = await dashboard.taskSeconds();
  if (profileTo) writeFileSync(profileTo, JSON.stringify(await dashboard.profile(() => sleep(WINDOW_S * 1000))));
  else await sleep(WINDOW_S * 1000);
  const after = await dashboard.taskSeconds();
  const [positions, frames] = [recording.stop(), gps.stop()];
  return {
    ms: (after - before) * 1000,
    snapshot: positions[0]!,
    rest: [...positions.slice(1), ...frames].sort(byTime),
  };
}

const byTime = (a: TimedMessage, b: TimedMessage) => a.atMs - b.atMs;

/** The floor's main-thread ms over WINDOW_S of the same messages, after their snapshot is drawn. */
async function floorRound(floor: OpenedPage, replay: ReplayServer, snapshot: TimedMessage, updates: TimedMessage[]) {
  const counted = await floor.page.evaluate(() => (window as unknown as { messages: number }).messages);
  await replay.send([snapshot]);
  await floor.page.waitForFunction((n) => (window as unknown as { messages: number }).messages > n, counted);
  await nextFrames(floor.page);
  await sleep(1000);
  const before = await floor.taskSeconds();
  const started = performance.now();
  await replay.send(updates, snapshot.atMs);
  await sleep(Math.max(0, WINDOW_S * 1000 - (performance.now() - started)));
  return ((await floor.taskSeconds()) - before) * 1000;
}

for (let attempt = 0; attempt < 3 && dashboardBuildIsStale(distDir); attempt++) await buildDashboard();
const floorDir = await buildDeckFloorPage();
const server = await spawnBenchServer({
  SERVE_DASHBOARD: '1',
  MAP_STYLE_URL: OFFLINE_STYLE_URL,
  ESCALATE_AFTER_S: '0',
  LOG_LEVEL: 'warn',
});
const replay = await startReplayServer(floorDir);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
let load: ReturnType<typeof startGpsLoad> | undefined;
try {
  const seedSeconds = await seedStateTourists(server.url);
  load = startGpsLoad(server.url, 667, 200, 'state');
  const context = await browser.newContext({ viewport: VIEWPORT });
  await context.addInitScript({ content: COUNT_POSITIONS });
  const subscribed = new Promise<string>((resolve) =>
    context.on('request', (request) => {
      if (new URL(request.url()).pathname === '/positions/stream') resolve(request.url());
    }),
  );
  const dashboard = await openPage(context, `${server.url}/`);
  await waitForLiveStream(dashboard.page);
  await waitForMap(dashboard.page);
  const urls = { positions: await subscribed, alerts: `${server.url}/panic-alerts/stream` };
  await dashboard.page.waitForFunction(
    () => ((window as unknown as { positionsMessages: number }).positionsMessages ?? 0) > 1,
    undefined,
    { timeout: 60_000 },
  );
  const area = new URL(urls.positions).searchParams;
  console.log(
    `${STATE_TOURISTS.toLocaleString('en')} tourists seeded in ${seedSeconds.toFixed(1)} s; the dashboard subscribed to ` +
      `region ${area.get('regionId') ?? 'all'}, zoom ${area.get('zoom')}`,
  );
  const floorContext = await browser.newContext({ viewport: VIEWPORT });
  const floor = await openPage(floorContext, `${replay.url}/`);
  await floor.page.locator('canvas').first().waitFor({ timeout: 30_000 });
  await replay.connected();

  const heap: { minute: number; mb: number }[] = [];
  const heapStarted = performance.now();
  const sampleHeap = async () =>
    heap.push({ minute: (performance.now() - heapStarted) / 60_000, mb: await dashboard.heapMb() });
  await sampleHeap();
  const pageMs: number[] = [];
  const floorMs: number[] = [];
  let kind = '';
  for (let i = 1; i <= ROUNDS; i++) {
    const { ms, snapshot, rest } = await dashboardRound(dashboard, urls, i === 1 ? PROFILE_TO : undefined);
    kind = JSON.parse(snapshot.payload).type as string;
    const floorRoundMs = await floorRound(floor, replay, snapshot, rest);
    pageMs.push(ms / WINDOW_S);
    floorMs.push(floorRoundMs / WINDOW_S);
    console.log(
      `  round ${i}: ${kind} and ${rest.length} messages in ${WINDOW_S} s; main thread per second: dashboard ` +
        `${Math.round(ms / WINDOW_S)} ms, bare deck.gl ${Math.round(floorRoundMs / WINDOW_S)} ms`,
    );
  }
  await floorContext.close();
  while ((performance.now() - heapStarted) / 60_000 < HEAP_MINUTES) {
    await sleep(HEAP_SAMPLE_S * 1000);
    await sampleHeap();
  }
  const achieved = await load.stop();
  load = undefined;
  const [first, last] = [heap[0]!, heap.at(-1)!];
  const minutes = last.minute - first.minute;
  const state100k = {
    ms: round(percentile(pageMs, 0.5)),
    floorMs: round(percentile(floorMs, 0.5)),
    ratio: Math.round((percentile(pageMs, 0.5) / percentile(floorMs, 0.5)) * 100) / 100,
    drawnAs: kind === 'cells_snapshot' ? 'cells' : 'points',
    pingsPerSecond: Math.round(achieved.pingsPerSecond),
  };
  const heap100k = {
    mb: round(Math.max(...heap.map((sample) => sample.mb))),
    startMb: round(first.mb),
    endMb: round(last.mb),
    minutes: round(minutes),
    mbPerMinute: minutes > 0 ? round((last.mb - first.mb) / minutes) : null,
  };
  console.log(
    `${STATE_TOURISTS.toLocaleString('en')} tourists in view (${state100k.drawnAs}), ${state100k.pingsPerSecond} pings/s: ` +
      `${state100k.ms} ms of main thread a second (bare deck.gl ${state100k.floorMs} ms, ${state100k.ratio}×); heap ` +
      `${heap100k.startMb} → ${heap100k.endMb} MB over ${heap100k.minutes} min (most ${heap100k.mb} MB)`,
  );
  printFigures({ browser: { state100k, heap100k } });
} finally {
  await load?.stop().catch(() => undefined);
  await browser.close();
  await replay.close();
  await server.stop();
}
