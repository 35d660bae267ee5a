// The operator's screen (issue 12): how long from a panic's POST to its row painted in the dashboard, in
// Chromium, with the map shown and fitting to each new alert; and what the page loads before its first table
// paint. The real server serves the built dashboard. Every time is the page's own clock: the page stamps
// performance.now() and sends the POST itself (fetch), a MutationObserver sees the row, and the next
// animation frame after it is the paint. Floor: the POST to the stream message arriving in the page (no row
// can be painted sooner).
// Run: npx tsx bench/browser-paint.ts (BENCH_QUICK=1: fewer alerts, under 30 s)
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import { buildDashboard, dashboardBuildIsStale, distDir } from '../server/build-dashboard.ts';
import { spawnServer } from '../tools/spawn-server.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH, OFFLINE_STYLE_URL, postAndWaitForRow, round, type Sample, STAMP_PAGE, waitForLiveStream, waitForMap } from './browser-support.ts';
import { percentile } from './support/stats.ts';

const QUICK = process.env.BENCH_QUICK === '1';
const ALERTS = QUICK ? 20 : 50;
const WARM_UP_ALERTS = 3;
/**
 * Between two panics. Each new alert moves the map's fit; with software WebGL, as here, the camera jumps
 * there in one frame (src/map/camera-motion.ts), where a GPU's would still be easing when the next arrives.
 */
const SPACING_MS = 300;
const BENGALURU = { latitude: 12.9716, longitude: 77.5946 };

/** The JavaScript the page loaded before its first table paint, gzipped (the server sends it uncompressed). */
async function javascriptBeforeFirstPaint(page: Page, serverUrl: string): Promise<{ files: { name: string; gzipBytes: number }[]; tablePaintedMs: number }> {
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

for (let attempt = 0; attempt < 3 && dashboardBuildIsStale(distDir); attempt++) await buildDashboard();
const server = await spawnServer({ SERVE_DASHBOARD: '1', MAP_STYLE_URL: OFFLINE_STYLE_URL, RATE_LIMIT_PER_MINUTE: '0', DATABASE_URL: '' });
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript({ content: STAMP_PAGE });
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await waitForLiveStream(page);
  await page.waitForFunction(() => (window as unknown as { benchMarks: { tablePainted?: number } }).benchMarks.tablePainted !== undefined);
  const load = await javascriptBeforeFirstPaint(page, server.url);
  const gzipKB = load.files.reduce((sum, file) => sum + file.gzipBytes, 0) / 1024;
  console.log(`First load (no incidents): first table paint ${load.tablePaintedMs.toFixed(0)} ms after navigation start`);
  for (const file of load.files) console.log(`  ${file.name.padEnd(48)} ${(file.gzipBytes / 1024).toFixed(1).padStart(7)} KB gzipped`);
  console.log(`  JavaScript before the first table paint: ${gzipKB.toFixed(1)} KB gzipped (level 9; the server does not compress)`);

  await waitForMap(page);
  const samples: Sample[] = [];
  for (let i = 0; i < WARM_UP_ALERTS + ALERTS; i++) {
    const sample = await postAndWaitForRow(page, BENGALURU.latitude + i / 1000, BENGALURU.longitude + (i % 7) / 100);
    if (i >= WARM_UP_ALERTS) samples.push(sample);
    await page.waitForTimeout(SPACING_MS);
  }
  const paint = samples.map((s) => s.paintMs);
  const floor = samples.map((s) => s.floorMs);
  const postToPaint = {
    p50Ms: round(percentile(paint, 0.5)),
    p99Ms: round(percentile(paint, 0.99)),
    floorP99Ms: round(percentile(floor, 0.99)),
    ratio: 0,
  };
  postToPaint.ratio = round(postToPaint.p99Ms / postToPaint.floorP99Ms);
  console.log(`POST → row painted, ${ALERTS} panics ${SPACING_MS} ms apart, map shown and fitting to each (Chromium, software WebGL: the camera jumps)`);
  console.log(`  row painted (next frame)   p50 ${postToPaint.p50Ms.toFixed(1).padStart(6)} ms   p99 ${postToPaint.p99Ms.toFixed(1).padStart(6)} ms`);
  console.log(`  floor: message in the page p50 ${percentile(floor, 0.5).toFixed(1).padStart(6)} ms   p99 ${postToPaint.floorP99Ms.toFixed(1).padStart(6)} ms`);
  const figures = {
    browser: { postToPaint },
    load: { firstPaintGzipKB: round(gzipKB), firstTablePaintMs: round(load.tablePaintedMs) },
  };
  console.log(`BENCH_FIGURES ${JSON.stringify(figures)}`);
} finally {
  await browser.close();
  await server.stop();
}
