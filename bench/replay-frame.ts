// Replay (issue 34 point 10, `replayFrame`): main-thread JavaScript per animation frame while 20 tourists'
// 10,000 positions play at 10×, in the replay panel (src/views/replay/ReplayPanel.tsx: the statechart's clock,
// the controls, the deck.gl layers over MapLibre) beside the floor: the same tracks in a bare deck.gl TripsLayer
// page (bench/replay-floor), same Chromium, flags and software WebGL. The tracks are the real server's answer
// to GET /tracks; the panel gets it from the bench, standing alone on a page (bench/replay-harness). Each page
// plays, then a few seconds of it are traced; per frame, the time its script events cover (support/frame-script.ts).
// Run: npx tsx bench/replay-frame.ts (BENCH_QUICK=1: one round; BENCH_TRACE_DIR=dir: unminified, with each
// page's trace and CPU profile written there; BENCH_NO_PROFILE=1 with it: the trace only, without the profiler's cost)
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { chromium, type Browser, type Page } from 'playwright-core';
import { build } from 'vite';
import { spawnServer } from '../tools/spawn-server.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tools/chromium-flags.ts';
import { OFFLINE_STYLE_URL, round, waitForQuietPage } from './browser-support.ts';
import { startReplayServer } from './support/deck-floor.ts';
import { scriptMsPerFrame } from './support/frame-script.ts';
import { percentile } from './support/stats.ts';

const QUICK = process.env.BENCH_QUICK === '1';
const ROUNDS = QUICK ? 1 : 3;
const TOURISTS = 20;
const POINTS_EACH = 500;
// Software WebGL draws 2 to 5 frames a second here: 8 s a round, for enough frames to read a p95.
const PLAY_MS = QUICK ? 2500 : 8000;
const SPEED = '10×';
const SHILLONG = { latitude: 25.5788, longitude: 91.8933 };
const HARNESS_SOURCE = fileURLToPath(new URL('./replay-harness/', import.meta.url));
const HARNESS_BUILD = fileURLToPath(new URL('../.tmp/bench-replay-harness/', import.meta.url));
const FLOOR_SOURCE = fileURLToPath(new URL('./replay-floor/', import.meta.url));
const FLOOR_BUILD = fileURLToPath(new URL('../.tmp/bench-replay-floor/', import.meta.url));

/** A tourist's walk: a position every 5 s, wandering about 6 m a step, with a rest now and then. */
function walkOf(tourist: number, startMs: number) {
  let latitude = SHILLONG.latitude + (tourist % 5) * 0.004;
  let longitude = SHILLONG.longitude + Math.floor(tourist / 5) * 0.004;
  let heading = tourist;
  return Array.from({ length: POINTS_EACH }, (_, i) => {
    const resting = i % 150 > 100;
    if (!resting) {
      heading += Math.sin(i * 0.3 + tourist) * 0.4;
      latitude += Math.cos(heading) * 0.00005;
      longitude += Math.sin(heading) * 0.00005;
    }
    return {
      touristId: `bench-replay-${tourist}`,
      latitude,
      longitude,
      at: new Date(startMs + i * 5000).toISOString(),
    };
  });
}

/** The real server's answer for the group, as the panel would read it. */
async function groupAnswer(): Promise<{ text: string; request: { touristIds: string[]; from: string; to: string } }> {
  const server = await spawnServer({
    SERVE_DASHBOARD: '0',
    RATE_LIMIT_PER_MINUTE: '0',
    READ_RATE_LIMIT_PER_MINUTE: '0',
    DATABASE_URL: '',
    ESCALATE_AFTER_S: '0',
    WATCH_CHECK_MS: '0',
    AUTH: 'off',
  });
  try {
    const startMs = Date.now() - POINTS_EACH * 5000 - 60_000;
    const touristIds: string[] = [];
    for (let tourist = 0; tourist < TOURISTS; tourist++) {
      const pings = walkOf(tourist, startMs);
      touristIds.push(pings[0]!.touristId);
      const answer = await fetch(`${server.url}/gps/batch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pings }),
      });
      if (answer.status >= 300)
        throw new Error(`POST /gps/batch answered ${answer.status}: ${(await answer.text()).slice(0, 300)}`);
    }
    const request = { touristIds, from: new Date(startMs - 60_000).toISOString(), to: new Date().toISOString() };
    const response = await fetch(
      `${server.url}/tracks?touristIds=${touristIds.join(',')}&from=${encodeURIComponent(request.from)}&to=${encodeURIComponent(request.to)}`,
    );
    const text = await response.text();
    if (response.status !== 200) throw new Error(`GET /tracks answered ${response.status}: ${text.slice(0, 300)}`);
    const points = (JSON.parse(text) as { tracks: { points: unknown[] }[] }).tracks.reduce(
      (n, track) => n + track.points.length,
      0,
    );
    if (points !== TOURISTS * POINTS_EACH)
      throw new Error(`GET /tracks answered ${points} positions, not ${TOURISTS * POINTS_EACH}`);
    return { text, request };
  } finally {
    await server.stop();
  }
}

async function tracedFrames(browser: Browser, page: Page, play: () => Promise<void>): Promise<number[]> {
  await waitForQuietPage(page, 500, 60_000);
  // Playing already, so that the trace holds frames of playback only, not the bench's own click on Play (the
  // page's accessibility tree searched by Playwright's injected script).
  await play();
  await page.waitForTimeout(300);
  const profiler =
    process.env.BENCH_TRACE_DIR && !process.env.BENCH_NO_PROFILE ? await page.context().newCDPSession(page) : undefined;
  await profiler?.send('Profiler.enable');
  await profiler?.send('Profiler.setSamplingInterval', { interval: 100 });
  await profiler?.send('Profiler.start');
  await browser.startTracing(page, {
    categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'toplevel'],
  });
  await page.waitForTimeout(PLAY_MS);
  const trace = (await browser.stopTracing()).toString('utf8');
  const profile = await profiler?.send('Profiler.stop');
  if (profile)
    writeFileSync(
      `${process.env.BENCH_TRACE_DIR}/replay-frame-${Date.now()}.cpuprofile`,
      JSON.stringify(profile.profile),
    );
  if (process.env.BENCH_TRACE_DIR)
    writeFileSync(`${process.env.BENCH_TRACE_DIR}/replay-frame-${Date.now()}.json`, trace);
  return scriptMsPerFrame(trace);
}

const { text: answer, request } = await groupAnswer();
await build({
  root: HARNESS_SOURCE,
  configFile: false,
  plugins: [react()],
  logLevel: 'warn',
  build: {
    outDir: HARNESS_BUILD,
    emptyOutDir: true,
    chunkSizeWarningLimit: 8000,
    minify: !process.env.BENCH_TRACE_DIR,
  },
});
await build({
  root: FLOOR_SOURCE,
  configFile: false,
  logLevel: 'warn',
  build: { outDir: FLOOR_BUILD, emptyOutDir: true, chunkSizeWarningLimit: 4000, target: 'es2022' },
});
writeFileSync(`${FLOOR_BUILD}/tracks.json`, answer);
const harnessServer = await startReplayServer(HARNESS_BUILD);
const floorServer = await startReplayServer(FLOOR_BUILD);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const panelFrames: number[] = [];
  const floorFrames: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.route('**/tracks?*', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: answer }),
    );
    await context.route('**/app-config.json', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ ok: true, map: { styleUrl: OFFLINE_STYLE_URL } }),
      }),
    );
    const page = await context.newPage();
    page.on('pageerror', (error) => console.log(`  page error: ${error.message}`));
    await page.goto(`${harnessServer.url}/#request=${encodeURIComponent(JSON.stringify(request))}`);
    await page.getByTestId('replay-map').locator('canvas').first().waitFor({ timeout: 60_000 });
    await page.waitForFunction(
      () => document.querySelector('[data-testid="replay-map"]')?.getAttribute('data-positions') !== null,
      undefined,
      { timeout: 60_000 },
    );
    await page.getByRole('combobox', { name: 'Speed' }).click();
    await page.getByRole('option', { name: SPEED, exact: true }).click();
    const panel = await tracedFrames(browser, page, () =>
      page.getByRole('button', { name: 'Play', exact: true }).click(),
    );
    const clockS = Number(await page.getByRole('group', { name: 'Replay timeline' }).getAttribute('data-clock-s'));
    if (!(clockS > 0)) throw new Error('the replay did not play: its clock stayed at 0');
    await context.close();

    const floorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const floor = await floorContext.newPage();
    await floor.goto(`${floorServer.url}/`);
    await floor.waitForFunction(() => (window as unknown as { floorDrawn?: boolean }).floorDrawn === true, undefined, {
      timeout: 60_000,
    });
    const bare = await tracedFrames(browser, floor, () =>
      floor.evaluate((speed) => (window as unknown as { play: (s: number) => void }).play(speed), 10),
    );
    await floorContext.close();
    panelFrames.push(...panel);
    floorFrames.push(...bare);
    if (process.env.BENCH_TRACE_DIR)
      console.log(
        `  per frame, panel: ${panel.map((ms) => ms.toFixed(1)).join(' ')}; bare: ${bare.map((ms) => ms.toFixed(1)).join(' ')}`,
      );
    console.log(
      `  round ${r + 1}: panel ${panel.length} frames, p50 ${percentile(panel, 0.5).toFixed(2)} / p95 ${percentile(panel, 0.95).toFixed(2)} ms (clock at ${clockS.toFixed(0)} s); bare TripsLayer ${bare.length} frames, p50 ${percentile(bare, 0.5).toFixed(2)} / p95 ${percentile(bare, 0.95).toFixed(2)} ms`,
    );
  }
  if (panelFrames.length === 0 || floorFrames.length === 0) throw new Error('no animation frame was traced');
  const replayFrame = {
    p50Ms: round(percentile(panelFrames, 0.5)),
    p95Ms: round(percentile(panelFrames, 0.95)),
    floorP50Ms: round(percentile(floorFrames, 0.5)),
    floorP95Ms: round(percentile(floorFrames, 0.95)),
    frames: panelFrames.length,
    floorFrames: floorFrames.length,
    ratio: Math.round((percentile(panelFrames, 0.95) / Math.max(percentile(floorFrames, 0.95), 0.01)) * 100) / 100,
  };
  console.log(
    `Replay of ${TOURISTS} tourists' ${(TOURISTS * POINTS_EACH).toLocaleString('en')} positions at ${SPEED}: ${replayFrame.p50Ms} / ${replayFrame.p95Ms} ms of main-thread JavaScript per frame (p50 / p95), bare TripsLayer ${replayFrame.floorP50Ms} / ${replayFrame.floorP95Ms} ms`,
  );
  console.log(`BENCH_FIGURES ${JSON.stringify({ replayFrame })}`);
} finally {
  await browser.close();
  await harnessServer.close();
  await floorServer.close();
}
