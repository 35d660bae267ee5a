// The console at scale (issue 12): 10,000 open panics in the selected region (every unresolved panic is in
// /incidents/filter whatever the caps), then the first table paint of a fresh page and one more panic sent
// from the page once the console is live and settled, POST → its row painted, beside the floor POST → its
// stream message in the page.
// Run: npx tsx bench/browser-scale.ts (BENCH_QUICK=1: 2,000 incidents, under 30 s)
import { chromium } from 'playwright-core';
import { buildDashboard, dashboardBuildIsStale, distDir } from '../server/build-dashboard.ts';
import { spawnServer } from '../tools/spawn-server.ts';
import {
  OFFLINE_STYLE_URL,
  postAndWaitForRow,
  round,
  type Sample,
  STAMP_PAGE,
  waitForIdleBrowser,
  waitForLiveStream,
  waitForMap,
  waitForQuietPage,
} from './browser-support.ts';
import { percentile } from './support/stats.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tools/chromium-flags.ts';

const QUICK = process.env.BENCH_QUICK === '1';
const INCIDENTS = QUICK ? 2_000 : 10_000;
const NEW_ALERTS = QUICK ? 5 : 10;
const SEED_CONCURRENCY = 16;
const GUWAHATI = { latitude: 26.1445, longitude: 91.7362 };

async function seedPanics(url: string, count: number): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const i = next++;
      const response = await fetch(`${url}/panic-alert`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          latitude: GUWAHATI.latitude + (i % 100) / 1000,
          longitude: GUWAHATI.longitude + Math.floor(i / 100) / 1000,
        }),
      });
      if (response.status !== 201) throw new Error(`panic ${i} answered ${response.status}`);
    }
  };
  await Promise.all(Array.from({ length: SEED_CONCURRENCY }, worker));
}

for (let attempt = 0; attempt < 3 && dashboardBuildIsStale(distDir); attempt++) await buildDashboard();
const server = await spawnServer({
  SERVE_DASHBOARD: '1',
  MAP_STYLE_URL: OFFLINE_STYLE_URL,
  RATE_LIMIT_PER_MINUTE: '0',
  DATABASE_URL: '',
  ESCALATE_AFTER_S: '0',
});
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const seedStart = performance.now();
  await seedPanics(server.url, INCIDENTS);
  console.log(`Seeded ${INCIDENTS} open panics in ${((performance.now() - seedStart) / 1000).toFixed(1)} s`);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript({ content: STAMP_PAGE });
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.waitForFunction(
    () => (window as unknown as { benchMarks: { tablePainted?: number } }).benchMarks.tablePainted !== undefined,
    undefined,
    { timeout: 60_000 },
  );
  const firstPaintMs = round(
    await page.evaluate(() => (window as unknown as { benchMarks: { tablePainted: number } }).benchMarks.tablePainted),
  );
  const rendered = await page.locator('table[aria-label="Alerts"] tbody tr:not([aria-hidden])').count();
  console.log(
    `${INCIDENTS} incidents: first table paint ${firstPaintMs} ms after navigation start (${rendered} rows rendered)`,
  );
  await waitForLiveStream(page);
  await waitForMap(page);
  if (!(await waitForQuietPage(page)))
    console.log('  (the page never went a second without a long task: timing the panics regardless)');
  const settledMs = await waitForIdleBrowser();
  console.log(
    `  Chromium (software WebGL) went quiet ${settledMs === null ? 'not within 30 s, or /proc could not tell' : `${(settledMs / 1000).toFixed(1)} s after the page`}`,
  );
  const samples: Sample[] = [];
  const idleWaits: (number | null)[] = [];
  for (let i = 0; i < NEW_ALERTS; i++) {
    samples.push(await postAndWaitForRow(page, GUWAHATI.latitude - 0.5 - i / 1000, GUWAHATI.longitude));
    await page.waitForTimeout(300);
    idleWaits.push(await waitForIdleBrowser());
  }
  console.log(
    `  after each panic, Chromium went quiet again in (s): ${idleWaits.map((ms) => (ms === null ? '?' : (ms / 1000).toFixed(1))).join(', ')}`,
  );
  console.log(
    `  each panic, message in the page / row painted (ms): ${samples.map((s) => `${Math.round(s.floorMs)}/${Math.round(s.paintMs)}`).join(', ')}`,
  );
  const paint = samples.map((s) => s.paintMs);
  const floor = samples.map((s) => s.floorMs);
  const newAlert = {
    p50Ms: round(percentile(paint, 0.5)),
    p99Ms: round(percentile(paint, 0.99)),
    floorP99Ms: round(percentile(floor, 0.99)),
  };
  console.log(
    `  one more panic, POST → row painted: p50 ${newAlert.p50Ms} ms, p99 ${newAlert.p99Ms} ms (floor p99 ${newAlert.floorP99Ms} ms)`,
  );
  const figures = { browser: { table10k: { firstPaintMs, incidents: INCIDENTS, newAlert } } };
  console.log(`BENCH_FIGURES ${JSON.stringify(figures)}`);
} finally {
  await browser.close();
  await server.stop();
}
