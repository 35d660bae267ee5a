// The Zones view with 2,000 zones of 50 vertices (issue 31, `zones`): how long after its data is in the page
// the view is interactive (list shown and the main thread free again: the end of the last long task, which
// covers deck.gl tessellating every zone), for the first open (its chunks fetched) and a second one; and the
// main-thread JavaScript a vertex drag costs per pointer move (terra-draw over MapLibre, Chromium's own
// ScriptDuration over 60 moves: JavaScript only, not the software WebGL's readbacks the main thread waits on), beside the floor: the same zones in a bare deck.gl PolygonLayer page whose drag
// rebuilds only the dragged zone's layer (bench/zones-floor), whose load to its last long task is the floor of
// the first figure.
// Run: npx tsx bench/browser-zones.ts (BENCH_QUICK=1: one round)
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { build } from 'vite';
import { buildDashboard, dashboardBuildIsStale, distDir } from '../server/build-dashboard.ts';
import { spawnServer } from '../tools/spawn-server.ts';
import { OFFLINE_STYLE_URL, round, waitForQuietPage } from './browser-support.ts';
import { startReplayServer } from './support/deck-floor.ts';
import { percentile } from './support/stats.ts';
import { ZONE_COUNT, zoneCentre, zoneCollection, zoneRing } from './support/zone-grid.ts';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tools/chromium-flags.ts';

const QUICK = process.env.BENCH_QUICK === '1';
const ROUNDS = QUICK ? 1 : 3;
const MOVES = 60;
const ZOOM = 13;
const FLOOR_SOURCE = fileURLToPath(new URL('./zones-floor/', import.meta.url));
const FLOOR_BUILD = fileURLToPath(new URL('../.tmp/bench-zones-floor/', import.meta.url));

/** Pixel offset of a point from a Web-Mercator map's centre at ZOOM (512 px tiles). */
function offset(centre: { latitude: number; longitude: number }, [longitude, latitude]: [number, number]) {
  const world = 512 * 2 ** ZOOM;
  const project = (lat: number, lng: number) => {
    const sin = Math.sin((lat * Math.PI) / 180);
    return [((lng + 180) / 360) * world, (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * world];
  };
  const [ax, ay] = project(centre.latitude, centre.longitude);
  const [bx, by] = project(latitude, longitude);
  return { dx: bx - ax, dy: by - ay };
}

/** Chromium's own ScriptDuration: seconds of JavaScript run on the page's main thread so far. */
async function taskSecondsOf(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  return async () =>
    (await cdp.send('Performance.getMetrics')).metrics.find((metric) => metric.name === 'ScriptDuration')?.value ?? 0;
}

/** Main-thread ms per pointer move of a drag of `MOVES` one-pixel moves from `from`, measured to two frames after the release. */
async function dragCostMs(
  page: Page,
  taskSeconds: () => Promise<number>,
  from: { x: number; y: number },
): Promise<number> {
  await page.mouse.move(from.x, from.y);
  await waitForQuietPage(page, 500);
  const before = await taskSeconds();
  await page.mouse.down();
  for (let i = 1; i <= MOVES; i++) await page.mouse.move(from.x + i, from.y + i / 2);
  await page.mouse.up();
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  return (((await taskSeconds()) - before) * 1000) / MOVES;
}

/** From the click on the menu's Zones to the view interactive: the list shown and no long task since. */
const OPEN_ZONES = `
  window.zonesClickAt = undefined;
  window.zonesShownAt = undefined;
  window.lastLongTaskEnd = 0;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.lastLongTaskEnd = Math.max(window.lastLongTaskEnd, entry.startTime + entry.duration);
  }).observe({ type: 'longtask' });
  addEventListener('click', () => { window.zonesClickAt = window.zonesClickAt ?? performance.now(); }, { capture: true, once: true });
  new MutationObserver((_, observer) => {
    if (document.querySelector('table[aria-label="Zones"] tbody tr') && document.body.textContent.includes('${ZONE_COUNT} of ${ZONE_COUNT}')) {
      window.zonesShownAt = performance.now();
      observer.disconnect();
    }
  }).observe(document.body, { childList: true, subtree: true, characterData: true });
`;

async function openZonesMs(page: Page): Promise<number> {
  await page.evaluate(OPEN_ZONES);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Zones' }).click();
  await page.waitForFunction(
    () => (window as unknown as { zonesShownAt?: number }).zonesShownAt !== undefined,
    undefined,
    { timeout: 60_000 },
  );
  await page.getByTestId('zones-map').locator('canvas').first().waitFor({ timeout: 60_000 });
  await waitForQuietPage(page, 1000, 60_000);
  return page.evaluate(() => {
    const w = window as unknown as { zonesClickAt: number; zonesShownAt: number; lastLongTaskEnd: number };
    return Math.max(w.zonesShownAt, w.lastLongTaskEnd) - w.zonesClickAt;
  });
}

for (let attempt = 0; attempt < 3 && dashboardBuildIsStale(distDir); attempt++) await buildDashboard();
await build({
  root: FLOOR_SOURCE,
  configFile: false,
  logLevel: 'warn',
  build: { outDir: FLOOR_BUILD, emptyOutDir: true, chunkSizeWarningLimit: 4000 },
});
const server = await spawnServer({
  SERVE_DASHBOARD: '1',
  MAP_STYLE_URL: OFFLINE_STYLE_URL,
  RATE_LIMIT_PER_MINUTE: '0',
  READ_RATE_LIMIT_PER_MINUTE: '0',
  DATABASE_URL: '',
  ESCALATE_AFTER_S: '0',
  AUTH: 'off',
});
const floorServer = await startReplayServer(FLOOR_BUILD);
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
try {
  const imported = await fetch(`${server.url}/geofences/import`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ format: 'geojson', content: JSON.stringify(zoneCollection()) }),
  });
  if (imported.status !== 200)
    throw new Error(`importing the zones answered ${imported.status}: ${(await imported.text()).slice(0, 300)}`);

  // The Zones view's map starts centred on the first zone's box (z0000) at zoom 13; its vertex 0 is due north.
  const ring = zoneRing(0);
  const lats = ring.map(([, lat]) => lat);
  const lngs = ring.map(([lng]) => lng);
  const boxCentre = {
    latitude: (Math.min(...lats) + Math.max(...lats)) / 2,
    longitude: (Math.min(...lngs) + Math.max(...lngs)) / 2,
  };
  const firstOpen: number[] = [];
  const againOpen: number[] = [];
  /** The floor page: from its navigation to its last long task (the zones drawn, the page free). */
  const floorOpen: number[] = [];
  const dragMs: number[] = [];
  const floorDragMs: number[] = [];
  for (let r = 0; r < ROUNDS; r++) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const taskSeconds = await taskSecondsOf(page);
    page.on('crash', () => console.log('  the page crashed'));
    page.on('pageerror', (error) => console.log(`  page error: ${error.message}`));
    await page.goto(`${server.url}/`);
    await page.getByText('Live updates: connected', { exact: true }).waitFor({ timeout: 30_000 });
    await waitForQuietPage(page, 1000, 60_000);
    firstOpen.push(await openZonesMs(page));
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Dashboard' }).click();
    await waitForQuietPage(page, 1000, 60_000);
    againOpen.push(await openZonesMs(page));
    console.log(`  opened in ${Math.round(firstOpen.at(-1)!)} ms, again ${Math.round(againOpen.at(-1)!)} ms`);

    await page.getByRole('table', { name: 'Zones' }).locator('tbody tr').first().click();
    await page.getByRole('button', { name: 'Edit zone' }).click();
    await page.getByRole('form', { name: 'Zone' }).waitFor();
    await waitForQuietPage(page, 1000, 60_000);
    const box = (await page.getByTestId('zones-map').boundingBox())!;
    const north = offset(boxCentre, ring[0]);
    dragMs.push(
      await dragCostMs(page, taskSeconds, {
        x: box.x + box.width / 2 + north.dx,
        y: box.y + box.height / 2 + north.dy,
      }),
    );
    const reshaped = await page.getByRole('button', { name: 'Undo' }).isEnabled();
    if (!reshaped)
      throw new Error('the drag did not move the vertex (Undo not offered): the measure would be of nothing');
    await context.close();

    const floorContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const floor = await floorContext.newPage();
    const floorTasks = await taskSecondsOf(floor);
    await floor.goto(`${floorServer.url}/`);
    await floor.waitForFunction(() => (window as unknown as { floorDrawn?: boolean }).floorDrawn === true, undefined, {
      timeout: 60_000,
    });
    await waitForQuietPage(floor, 1000, 60_000);
    floorOpen.push(await floor.evaluate(() => (window as unknown as { lastLongTaskEnd: number }).lastLongTaskEnd));
    const floorNorth = offset(zoneCentre(0), ring[0]);
    floorDragMs.push(await dragCostMs(floor, floorTasks, { x: 640 + floorNorth.dx, y: 450 + floorNorth.dy }));
    await floorContext.close();
    console.log(
      `  round ${r + 1}: open ${Math.round(firstOpen.at(-1)!)} ms (again ${Math.round(againOpen.at(-1)!)} ms, bare deck.gl page ${Math.round(floorOpen.at(-1)!)} ms); drag ${dragMs.at(-1)!.toFixed(2)} ms/move, bare deck.gl ${floorDragMs.at(-1)!.toFixed(2)} ms/move`,
    );
  }
  const drag = round(percentile(dragMs, 0.5));
  const floorDrag = round(percentile(floorDragMs, 0.5));
  const zones = {
    interactiveMs: round(percentile(firstOpen, 0.5)),
    interactiveAgainMs: round(percentile(againOpen, 0.5)),
    floorInteractiveMs: round(percentile(floorOpen, 0.5)),
    dragMsPerMove: drag,
    floorDragMsPerMove: floorDrag,
    dragRatio: Math.round((drag / Math.max(floorDrag, 0.01)) * 100) / 100,
  };
  console.log(
    `${ZONE_COUNT.toLocaleString('en')} zones of 50 vertices: interactive ${zones.interactiveMs} ms after opening (${zones.interactiveAgainMs} ms the second time); a vertex drag ${drag} ms of main thread per move (bare deck.gl ${floorDrag} ms)`,
  );
  console.log(`BENCH_FIGURES ${JSON.stringify({ zones })}`);
} finally {
  await browser.close();
  await floorServer.close();
  await server.stop();
}
