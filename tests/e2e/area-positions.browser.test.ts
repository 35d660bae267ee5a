// The map's own positions subscription (issue 48 points 2 and 5) on the real server: a dashboard on Shillong
// subscribes to Shillong and its view, draws every device there from GET /positions/stream (not only the
// stream's 50 newest pings), and, zoomed out on the same page, subscribes again and draws counts per cell,
// with an open panic drawn above the crowd at each zoom, out to 3 and in to 18.
import type { Browser, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AREA_POINT_COLOUR } from '../../src/map/area/area-layers.ts';
import { RISK_COLOURS } from '../../src/domain/risk-colours.ts';
import { STORAGE_KEYS } from '../../src/domain/preferences.ts';
import { demoRegions } from '../../server/simulate/places.ts';
import { call } from '../helpers/server.ts';
import { drawBoundary } from '../server/support/regions.ts';
import { launchChromium } from './map-browser.ts';
import { pixelAt, type DecodedPng } from './map-png.ts';
import { mapPanel, openDashboard, type DashboardPage } from './support/dashboard-page.ts';
import { OFFLINE_BACKGROUND, startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { queryOf } from './support/expectations.ts';
import { distance, hex, screenshot } from './support/map-pixels.ts';
import { offsetFromCentre } from './support/web-mercator.ts';

const SHILLONG = demoRegions.find((region) => region.id === 'shillong')!;
const [CENTRE_LAT, CENTRE_LNG] = SHILLONG.homeView.center;
/** 9 × 7 devices 0.003° apart (about 35 px at zoom 13) around Shillong's home view, its centre one of them. */
const GRID = Array.from({ length: 63 }, (_, i) => ({
  latitude: CENTRE_LAT + (Math.floor(i / 9) - 3) * 0.003,
  longitude: CENTRE_LNG + ((i % 9) - 4) * 0.003,
}));

let server: DashboardServer;
let browser: Browser;
let dashboard: DashboardPage;
const streams: Record<string, string>[] = [];

/** Where a position is drawn, in pixels from the map's centre, for a camera at Shillong's home view and `zoom`. */
const offsetOf = (point: { latitude: number; longitude: number }, zoom: number) =>
  offsetFromCentre({ latitude: CENTRE_LAT, longitude: CENTRE_LNG }, zoom, point);

async function panelPixels(name: string) {
  const { image, path } = await screenshot(dashboard.page, name);
  const box = (await mapPanel(dashboard.page).boundingBox())!;
  return {
    at: (dx: number, dy: number) => pixelAt(image, Math.round(box.width / 2 + dx), Math.round(box.height / 2 + dy)),
    path,
  };
}

/**
 * The middle of what the panel shows in the panic's colour (left of the legend), when enough shows for a marker.
 * Far in, the camera's centre has drifted from the panic by the sub-pixel errors of earlier zooms, magnified.
 */
function panicMarker(image: DecodedPng): { x: number; y: number } | null {
  let [count, sumX, sumY] = [0, 0, 0];
  for (let y = 0; y < image.height; y++) {
    for (let x = 0; x < image.width - 200; x++) {
      if (distance(pixelAt(image, x, y), RISK_COLOURS.yellow) > 24) continue;
      [count, sumX, sumY] = [count + 1, sumX + x, sumY + y];
    }
  }
  return count < 30 ? null : { x: Math.round(sumX / count), y: Math.round(sumY / count) };
}

/** Whether the open panic is drawn within 10 s, and drawn on top: its marker's middle in its colour. */
async function panicOnTop(name: string): Promise<boolean> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const { image } = await screenshot(dashboard.page, name);
    const marker = panicMarker(image);
    if (marker && distance(pixelAt(image, marker.x, marker.y), RISK_COLOURS.yellow) <= 24) return true;
    await dashboard.page.waitForTimeout(500);
  }
  return false;
}

const nextStream = (accept: (query: Record<string, string>) => boolean) =>
  dashboard.page.waitForRequest(
    (request: Request) => new URL(request.url()).pathname === '/positions/stream' && accept(queryOf(request)),
    { timeout: 30_000 },
  );

beforeAll(async () => {
  server = await startDashboardServer();
  await drawBoundary(server, 'shillong');
  await drawBoundary(server, 'guwahati');
  const ping = (touristId: string, point: { latitude: number; longitude: number }) => ({ touristId, ...point });
  expect(
    (await call(server.url, 'POST', '/gps/batch', { pings: GRID.map((p, i) => ping(`shillong-${i}`, p)) })).status,
  ).toBe(201);
  // The stream's 50 newest pings (the live markers) are all in Guwahati: in Shillong only the subscription draws.
  const inGuwahati = Array.from({ length: 60 }, (_, i) =>
    ping(`guwahati-${i}`, { latitude: 26.14 + i * 1e-3, longitude: 91.73 }),
  );
  expect((await call(server.url, 'POST', '/gps/batch', { pings: inGuwahati })).status).toBe(201);
  browser = await launchChromium();
  dashboard = await openDashboard(browser, server.url, (context) =>
    context.addInitScript((key) => localStorage.setItem(key, 'shillong'), STORAGE_KEYS.regionId),
  );
  dashboard.page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/positions/stream') streams.push(queryOf(request));
  });
}, 240_000);

afterAll(async () => {
  await dashboard?.context.close();
  await browser?.close();
  await server?.dispose();
});

describe("the map's positions by area", () => {
  it("subscribes to Shillong's view and draws every device there, beyond the stream's 50 newest", async () => {
    await nextStream((query) => query.regionId === 'shillong');
    const [west, south, east, north] = streams.at(-1)!.bbox!.split(',').map(Number);
    expect(west).toBeLessThan(CENTRE_LNG);
    expect(east).toBeGreaterThan(CENTRE_LNG);
    expect(south).toBeLessThan(CENTRE_LAT);
    expect(north).toBeGreaterThan(CENTRE_LAT);
    expect(Number(streams.at(-1)!.zoom)).toBe(SHILLONG.homeView.zoom);

    const slate = AREA_POINT_COLOUR;
    let drawn = 0;
    let last = '';
    for (let attempt = 0; attempt < 20 && drawn < GRID.length; attempt++) {
      await dashboard.page.waitForTimeout(500);
      const pixels = await panelPixels('area-points');
      drawn = GRID.filter((p) => {
        const { dx, dy } = offsetOf(p, SHILLONG.homeView.zoom);
        return distance(pixels.at(dx, dy), slate) <= 24;
      }).length;
      last = pixels.path;
    }
    expect(drawn, `devices drawn in ${last}`).toBe(GRID.length);
    const between = await panelPixels('area-between');
    expect(
      distance(between.at(offsetOf(GRID[0]!, 13).dx + 17, offsetOf(GRID[0]!, 13).dy + 17), hex(OFFLINE_BACKGROUND)),
    ).toBeLessThanOrEqual(8);
    expect(dashboard.pageErrors).toEqual([]);
  });

  it('draws an open panic above the devices, then zoomed out on the same page subscribes again and counts per cell', async () => {
    expect(
      (await call(server.url, 'POST', '/panic-alert', { latitude: CENTRE_LAT, longitude: CENTRE_LNG })).status,
    ).toBe(201);
    expect(await panicOnTop('panic-over-points')).toBe(true);

    const zoomedOut = nextStream((query) => query.regionId === 'shillong' && Number(query.zoom) <= 10);
    const box = (await mapPanel(dashboard.page).boundingBox())!;
    await dashboard.page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let step = 0; step < 20 && (streams.length === 0 || Number(streams.at(-1)!.zoom) > 10); step++) {
      await dashboard.page.mouse.wheel(0, 150);
      await dashboard.page.waitForTimeout(700);
    }
    await zoomedOut;
    expect(dashboard.loads()).toBe(1);
    expect(await panicOnTop('panic-over-cells')).toBe(true);
    // Around the panic, cells: shaded blue, neither the background nor a device's dot.
    await dashboard.page.mouse.move(box.x + 5, box.y + box.height - 5);
    const pixels = await panelPixels('cells');
    const around = Array.from({ length: 8 }, (_, i) => pixels.at(14 * Math.cos(i * 0.785), 14 * Math.sin(i * 0.785)));
    const shaded = around.filter(([r, g, b]) => b - r > 20 && distance([r, g, b], hex(OFFLINE_BACKGROUND)) > 15);
    expect(shaded.length, `cells around the panic in ${pixels.path}: ${JSON.stringify(around)}`).toBeGreaterThanOrEqual(
      5,
    );
  });

  it('keeps the panic on top at the ends of the range, zoomed out to 3 and in to 18', async () => {
    const zoomed = (reached: (zoom: number) => boolean) => async (key: string) => {
      const wanted = nextStream((query) => query.regionId === 'shillong' && reached(Number(query.zoom)));
      await dashboard.page.locator('.maplibregl-canvas').focus();
      for (let step = 0; step < 12 && !reached(Number(streams.at(-1)!.zoom)); step++) {
        await dashboard.page.keyboard.press(key);
        await dashboard.page.waitForTimeout(900);
      }
      await wanted;
      return Number(streams.at(-1)!.zoom);
    };
    // Shift with +/- is two levels a press (maplibre's keyboard handler), about the centre, where the panic is.
    expect(await zoomed((zoom) => zoom <= 3)('Shift+Minus')).toBeLessThanOrEqual(3);
    expect(await panicOnTop('panic-at-zoom-3')).toBe(true);
    expect(await zoomed((zoom) => zoom >= 18)('Shift+Equal')).toBeGreaterThanOrEqual(18);
    // Here the device at the panic's position is under its marker, the same position: the panic is the one drawn.
    expect(await panicOnTop('panic-at-zoom-18')).toBe(true);
    expect(dashboard.loads()).toBe(1);
    expect(dashboard.pageErrors).toEqual([]);
  });
});
