// The operator's screen (issues 12 and 33): how long from a panic's POST to its row painted in the dashboard,
// in Chromium, with the map shown and fitting to each new alert, from the very first panic after the page is
// live (no warm-up: the first panic after a console opens is the one that matters); what the page loads
// before its first table paint; the main thread's long tasks from navigation to the map idle; and a burst of
// panics posted the moment the stream connects. Each part on a fresh browser (Chromium's GPU process keeps
// compiled shaders for as long as it lives). Every time is the page's own clock: the page stamps
// performance.now() and sends the POST itself (fetch), a MutationObserver sees the row, and the next
// animation frame after it is the paint. Floor: the POST to the stream message arriving in the page.
// Run: npx tsx bench/browser-paint.ts (BENCH_QUICK=1: fewer alerts, under 40 s). BENCH_PROFILE=1 adds a
// traced start naming what each long task was; build with `npx vite build --sourcemap hidden` first for
// package names (without the maps it names the chunk).
import { gzipSync } from 'node:zlib';
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildDashboard, dashboardBuildIsStale, distDir } from '../server/build-dashboard.ts';
import { spawnServer } from '../tools/spawn-server.ts';
import {
  burstAtConnect,
  OFFLINE_STYLE_URL,
  postAndWaitForRow,
  round,
  type Sample,
  STAMP_PAGE,
  waitForLiveStream,
} from './browser-support.ts';
import { describeLongTasks, longTasksSoFar, RECORD_LONG_TASKS, waitForMapIdle } from './support/long-tasks.ts';
import { percentile } from './support/stats.ts';
import { attributeLongTasks, formatAttributedTask, TRACE_CATEGORIES } from './support/trace-attribution.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tools/chromium-flags.ts';

const QUICK = process.env.BENCH_QUICK === '1';
const PROFILE = process.env.BENCH_PROFILE === '1';
const ALERTS = QUICK ? 20 : 50;
const BURST = 20;
/**
 * Between two panics. Each new alert moves the map's fit; with software WebGL, as here, the camera jumps
 * there in one frame (src/map/motion.ts), where a GPU's would still be easing when the next arrives.
 */
const SPACING_MS = 300;
const BENGALURU = { latitude: 12.9716, longitude: 77.5946 };

/** The JavaScript the page loaded before its first table paint, gzipped (the server sends it uncompressed). */
async function javascriptBeforeFirstPaint(
  page: Page,
  serverUrl: string,
): Promise<{ files: { name: string; gzipBytes: number }[]; tablePaintedMs: number }> {
  const { urls, tablePaintedMs } = await page.evaluate(() => {
    const w = window as unknown as { benchMarks: Record<string, number> };
    const painted = w.benchMarks.tablePainted!;
    const scripts = performance
      .getEntriesByType('resource')
      .filter((entry) => entry.name.endsWith('.js') && (entry as PerformanceResourceTiming).responseEnd <= painted)
      .map((entry) => entry.name);
    return { urls: scripts, tablePaintedMs: painted };
  });
  const files = await Promise.all(
    urls.map(async (url) => {
      const body = Buffer.from(await (await fetch(new URL(new URL(url).pathname, serverUrl))).arrayBuffer());
      return { name: new URL(url).pathname, gzipBytes: gzipSync(body, { level: 9 }).length };
    }),
  );
  return { files, tablePaintedMs };
}

/** A fresh browser (no shader compiled yet) with one page carrying `scripts` before any of its own. */
async function freshPage(scripts: string[]): Promise<{ browser: Browser; page: Page }> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  for (const script of scripts) await context.addInitScript({ content: script });
  return { browser, page: await context.newPage() };
}

const waitForTablePainted = (page: Page) =>
  page.waitForFunction(
    () => (window as unknown as { benchMarks: { tablePainted?: number } }).benchMarks.tablePainted !== undefined,
  );

for (let attempt = 0; attempt < 3 && dashboardBuildIsStale(distDir); attempt++) await buildDashboard();
const server = await spawnServer({
  SERVE_DASHBOARD: '1',
  MAP_STYLE_URL: OFFLINE_STYLE_URL,
  RATE_LIMIT_PER_MINUTE: '0',
  DATABASE_URL: '',
});
try {
  // 1. The console's start, nothing else happening: first table paint, and long tasks until the map is idle.
  const start = await freshPage([STAMP_PAGE, RECORD_LONG_TASKS]);
  let mapIdleMs: number;
  let liveMs: number;
  let longTasks: Awaited<ReturnType<typeof longTasksSoFar>>;
  let load: Awaited<ReturnType<typeof javascriptBeforeFirstPaint>>;
  try {
    await start.page.goto(`${server.url}/`);
    await waitForLiveStream(start.page);
    await waitForTablePainted(start.page);
    load = await javascriptBeforeFirstPaint(start.page, server.url);
    mapIdleMs = await waitForMapIdle(start.page);
    liveMs = await start.page.evaluate(() => (window as unknown as { streamLiveMs: number }).streamLiveMs);
    longTasks = (await longTasksSoFar(start.page)).filter((task) => task.startMs < mapIdleMs);
  } finally {
    await start.browser.close();
  }
  const gzipKB = load.files.reduce((sum, file) => sum + file.gzipBytes, 0) / 1024;
  console.log(
    `First load (no incidents): first table paint ${load.tablePaintedMs.toFixed(0)} ms after navigation start`,
  );
  for (const file of load.files)
    console.log(`  ${file.name.padEnd(48)} ${(file.gzipBytes / 1024).toFixed(1).padStart(7)} KB gzipped`);
  console.log(
    `  JavaScript before the first table paint: ${gzipKB.toFixed(1)} KB gzipped (level 9; the server does not compress)`,
  );
  const longest = Math.max(0, ...longTasks.map((task) => task.durationMs));
  console.log(
    `Long tasks from navigation to the map idle (${mapIdleMs.toFixed(0)} ms; stream live at ${liveMs.toFixed(0)} ms): ${longTasks.length}, longest ${longest.toFixed(0)} ms`,
  );
  console.log(`  ${describeLongTasks(longTasks) || 'none'}`);

  if (PROFILE) {
    const traced = await freshPage([STAMP_PAGE, RECORD_LONG_TASKS]);
    try {
      await traced.browser.startTracing(traced.page, { categories: TRACE_CATEGORIES });
      await traced.page.goto(`${server.url}/`);
      await waitForLiveStream(traced.page);
      await waitForMapIdle(traced.page);
      const trace = (await traced.browser.stopTracing()).toString('utf8');
      console.log('The same start traced (V8 sampling on, so each task runs a little longer), tasks of 50 ms or more:');
      for (const task of attributeLongTasks(trace, distDir)) console.log(`  ${formatAttributedTask(task)}`);
    } finally {
      await traced.browser.close();
    }
  }

  // 2. Panics from the first one after the page is live, while the map is still starting.
  const live = await freshPage([STAMP_PAGE, RECORD_LONG_TASKS]);
  const samples: Sample[] = [];
  let firstWaitedFor = '';
  let longestDuring = '';
  let longestDuringPanicsMs = 0;
  try {
    if (PROFILE) await live.browser.startTracing(live.page, { categories: TRACE_CATEGORIES });
    await live.page.goto(`${server.url}/`);
    await waitForLiveStream(live.page);
    await waitForTablePainted(live.page);
    for (let i = 0; i < ALERTS; i++) {
      samples.push(
        await postAndWaitForRow(live.page, BENGALURU.latitude + i / 1000, BENGALURU.longitude + (i % 7) / 100),
      );
      if (PROFILE && i === 0) {
        const trace = (await live.browser.stopTracing()).toString('utf8');
        console.log(
          `Traced: the first panic (posted ${samples[0]!.postedAtMs.toFixed(0)} ms after navigation, row painted ${samples[0]!.paintMs.toFixed(0)} ms later) and tasks of 50 ms or more:`,
        );
        for (const task of attributeLongTasks(trace, distDir)) console.log(`  ${formatAttributedTask(task)}`);
        const { postedAtMs, paintMs } = samples[0]!;
        console.log('  and every task of 5 ms or more from its POST to its row painted:');
        for (const task of attributeLongTasks(trace, distDir, 5).filter(
          (t) => t.startMs + t.durationMs >= postedAtMs && t.startMs <= postedAtMs + paintMs,
        )) {
          console.log(`  ${formatAttributedTask(task)}`);
        }
      }
      await live.page.waitForTimeout(SPACING_MS);
    }
    const first = samples[0]!;
    const during = (await longTasksSoFar(live.page)).filter(
      (t) => t.startMs + t.durationMs > first.postedAtMs && t.startMs < first.postedAtMs + first.paintMs,
    );
    firstWaitedFor = `posted ${first.postedAtMs.toFixed(0)} ms after navigation; long tasks meanwhile: ${describeLongTasks(during) || 'none'}`;
    const all = await longTasksSoFar(live.page);
    const worst = all
      .filter((t) => t.startMs + t.durationMs > first.postedAtMs)
      .sort((a, b) => b.durationMs - a.durationMs)[0];
    longestDuringPanicsMs = worst?.durationMs ?? 0;
    longestDuring = worst
      ? `${describeLongTasks([worst])} (page time; the first panic was posted at ${first.postedAtMs.toFixed(0)})`
      : 'none';
  } finally {
    await live.browser.close();
  }
  const paint = samples.map((s) => s.paintMs);
  const floor = samples.map((s) => s.floorMs);
  const warmP50 = percentile(paint.slice(1), 0.5);
  // The page's own part: its stream message in the page → the row painted (the first POST also meets a new
  // server's first write, which the floor shows).
  const inPage = samples.map((s) => s.paintMs - s.floorMs);
  const warmInPageP50 = percentile(inPage.slice(1), 0.5);
  const postToPaint = {
    p50Ms: round(percentile(paint, 0.5)),
    p99Ms: round(percentile(paint, 0.99)),
    floorP99Ms: round(percentile(floor, 0.99)),
    ratio: round(percentile(paint, 0.99) / percentile(floor, 0.99)),
    firstMs: round(paint[0]!),
    firstFloorMs: round(floor[0]!),
    warmP50Ms: round(warmP50),
    firstRatio: Math.round((paint[0]! / warmP50) * 100) / 100,
    longestTaskMs: round(longestDuringPanicsMs),
    firstInPageMs: round(inPage[0]!),
    warmInPageP50Ms: round(warmInPageP50),
    firstInPageRatio: Math.round((inPage[0]! / warmInPageP50) * 100) / 100,
  };
  console.log(
    `POST → row painted, ${ALERTS} panics ${SPACING_MS} ms apart from the first after the page is live, map fitting to each (software WebGL)`,
  );
  console.log(
    `  first panic                ${postToPaint.firstMs.toFixed(1).padStart(6)} ms (its message in the page after ${postToPaint.firstFloorMs.toFixed(1)} ms), ${postToPaint.firstRatio}× the warm p50`,
  );
  console.log(`    ${firstWaitedFor}`);
  console.log(
    `    in the page (message → row painted): ${postToPaint.firstInPageMs} ms, ${postToPaint.firstInPageRatio}× the rest's p50 of ${postToPaint.warmInPageP50Ms} ms`,
  );
  console.log(`  the rest (warm)            p50 ${postToPaint.warmP50Ms.toFixed(1).padStart(6)} ms`);
  console.log(
    `  all ${ALERTS}                     p50 ${postToPaint.p50Ms.toFixed(1).padStart(6)} ms   p99 ${postToPaint.p99Ms.toFixed(1).padStart(6)} ms`,
  );
  console.log(`  longest task of the page from the first POST on: ${longestDuring}`);
  console.log(
    `  floor: message in the page p50 ${percentile(floor, 0.5).toFixed(1).padStart(6)} ms   p99 ${postToPaint.floorP99Ms.toFixed(1).padStart(6)} ms`,
  );

  // 3. A burst posted the moment the stream connects, on a fresh page.
  const burst = await freshPage([burstAtConnect(BURST, ALERTS)]);
  let stamps: { firstPostMs: number; lastPostMs: number; barPaintedMs: number };
  try {
    await burst.page.goto(`${server.url}/`);
    await burst.page.waitForFunction(
      () => (window as unknown as { benchBurst: { barPaintedMs?: number } }).benchBurst.barPaintedMs !== undefined,
      undefined,
      {
        timeout: 30_000,
      },
    );
    stamps = await burst.page.evaluate(() => (window as unknown as { benchBurst: typeof stamps }).benchBurst);
  } finally {
    await burst.browser.close();
  }
  const burstFigures = {
    lastPostToBarMs: round(stamps.barPaintedMs - stamps.lastPostMs),
    firstPostToBarMs: round(stamps.barPaintedMs - stamps.firstPostMs),
  };
  console.log(
    `${BURST} panics posted the moment the stream connected: all in the panic bar ${burstFigures.lastPostToBarMs} ms after the last POST`,
  );

  const figures = {
    browser: {
      postToPaint,
      start: { longTasks: longTasks.length, longTaskMaxMs: round(longest), mapIdleMs: round(mapIdleMs) },
      burstAtConnect: burstFigures,
    },
    load: { firstPaintGzipKB: round(gzipKB), firstTablePaintMs: round(load.tablePaintedMs) },
  };
  console.log(`BENCH_FIGURES ${JSON.stringify(figures)}`);
} finally {
  await server.stop();
}
