// The console with 10,000 moving devices (issue 12, `browser.update10k`): main-thread time the dashboard
// spends applying one second of position updates (each device reporting once, through the real server and
// stream, the map and live GPS shown), beside the floor: the very same stream messages, recorded off the
// server's stream, replayed over SSE to a bare deck.gl ScatterplotLayer page (bench/deck-floor). Main-thread
// time is Chromium's own TaskDuration (CDP Performance metrics), from the first ping sent to the frame after
// the last message arrived. Median of the rounds, page and floor alternating.
// Run: npx tsx bench/browser-devices.ts (BENCH_QUICK=1: 2,000 devices, 2 rounds)
import { chromium, type Browser, type Page } from 'playwright-core';
import { buildDashboard, dashboardBuildIsStale, distDir } from '../server/build-dashboard.ts';
import { spawnServer } from '../tools/spawn-server.ts';
import { OFFLINE_STYLE_URL, onEveryStreamMessage, round, waitForLiveStream, waitForMap } from './browser-support.ts';
import { buildDeckFloorPage, recordGpsMessages, startReplayServer, type GpsRecording } from './support/deck-floor.ts';
import { percentile } from './support/stats.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tools/chromium-flags.ts';

const QUICK = process.env.BENCH_QUICK === '1';
const DEVICES = QUICK ? 2_000 : 10_000;
const ROUNDS = QUICK ? 2 : 3;
const BATCH = 1_000;
const GUWAHATI = { latitude: 26.1445, longitude: 91.7362 };

/** Counts the GPS messages a page's EventSource delivers (the dashboard's and the floor's alike). */
const COUNT_GPS = `
  window.gpsMessages = 0;
  ${onEveryStreamMessage(`if (data.includes('"type":"gps"')) window.gpsMessages++;`)}
`;

function pingsOfRound(round: number): object[][] {
  const batches: object[][] = [];
  for (let first = 0; first < DEVICES; first += BATCH) {
    batches.push(
      Array.from({ length: Math.min(BATCH, DEVICES - first) }, (_, j) => {
        const device = first + j;
        return {
          deviceId: `device-${device}`,
          latitude: GUWAHATI.latitude + (device % 100) / 500 + round / 2000,
          longitude: GUWAHATI.longitude + Math.floor(device / 100) / 500 + round / 2000,
        };
      }),
    );
  }
  return batches;
}

async function openPage(browser: Browser, url: string): Promise<{ page: Page; taskSeconds: () => Promise<number> }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addInitScript({ content: COUNT_GPS });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Performance.enable');
  await page.goto(url);
  const taskSeconds = async () => {
    const { metrics } = await cdp.send('Performance.getMetrics');
    return metrics.find((metric) => metric.name === 'TaskDuration')?.value ?? 0;
  };
  return { page, taskSeconds };
}

/** Main-thread ms from `feed` starting until the frame after the page has counted `expected` more GPS messages. */
async function mainThreadMs(
  page: Page,
  taskSeconds: () => Promise<number>,
  expected: number,
  feed: () => Promise<void>,
): Promise<number> {
  const counted = await page.evaluate(() => (window as unknown as { gpsMessages: number }).gpsMessages);
  const before = await taskSeconds();
  await feed();
  await page.waitForFunction(
    (target) => (window as unknown as { gpsMessages: number }).gpsMessages >= target,
    counted + expected,
    { timeout: 60_000, polling: 50 },
  );
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return ((await taskSeconds()) - before) * 1000;
}

for (let attempt = 0; attempt < 3 && dashboardBuildIsStale(distDir); attempt++) await buildDashboard();
const floorDir = await buildDeckFloorPage();
const server = await spawnServer({
  SERVE_DASHBOARD: '1',
  MAP_STYLE_URL: OFFLINE_STYLE_URL,
  RATE_LIMIT_PER_MINUTE: '0',
  DATABASE_URL: '',
  ESCALATE_AFTER_S: '0',
});
const replay = await startReplayServer(floorDir);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const dashboard = await openPage(browser, `${server.url}/`);
  await waitForLiveStream(dashboard.page);
  await waitForMap(dashboard.page);
  const floor = await openPage(browser, `${replay.url}/`);
  await floor.page.locator('canvas').first().waitFor({ timeout: 30_000 });
  await replay.connected();

  const sendRound = async (round: number, recording: GpsRecording) => {
    for (const pings of pingsOfRound(round)) {
      const response = await fetch(`${server.url}/gps/batch`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ pings }),
      });
      if (response.status !== 201) throw new Error(`/gps/batch answered ${response.status}: ${await response.text()}`);
    }
    await recording.until(DEVICES);
  };
  const pageMs: number[] = [];
  const floorMs: number[] = [];
  // Round 0 warms both pages (every device's first appearance, JIT); it is not counted.
  for (let round = 0; round <= ROUNDS; round++) {
    const recording = recordGpsMessages(server.url);
    await recording.opened;
    const ms = await mainThreadMs(dashboard.page, dashboard.taskSeconds, DEVICES, () => sendRound(round, recording));
    const lines = recording.stop();
    const floorRoundMs = await mainThreadMs(floor.page, floor.taskSeconds, lines.length, () => replay.send(lines));
    console.log(
      `  round ${round}${round === 0 ? ' (warm-up)' : ''}: dashboard ${Math.round(ms)} ms, bare deck.gl ${Math.round(floorRoundMs)} ms of main thread for ${DEVICES.toLocaleString('en')} positions`,
    );
    if (round === 0) continue;
    pageMs.push(ms);
    floorMs.push(floorRoundMs);
  }
  const update10k = { ms: round(percentile(pageMs, 0.5)), floorMs: round(percentile(floorMs, 0.5)), devices: DEVICES };
  const ratio = Math.round((update10k.ms / update10k.floorMs) * 100) / 100;
  console.log(
    `${DEVICES.toLocaleString('en')} devices, one second of positions: ${update10k.ms} ms of main thread (bare deck.gl ${update10k.floorMs} ms, ${ratio}×)`,
  );
  console.log(`BENCH_FIGURES ${JSON.stringify({ browser: { update10k: { ...update10k, ratio } } })}`);
} finally {
  await browser.close();
  await replay.close();
  await server.stop();
}
