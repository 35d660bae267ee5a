// The map panel in Chromium with software WebGL: the real MapPanel, built by Vite, drawing the fixed
// scene of tests/map/harness. Pixels are read back from a PNG screenshot at projected positions.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import type { GpsPing } from '../../src/api/entities.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASEMAP_BACKGROUND, BASEMAP_BACKGROUND_DARK, GPS_PALETTE, RISK_COLOURS, type Rgb } from '../../src/map/style.ts';
import {
  OFFLINE_BACKGROUND,
  offlineStyle,
  sceneAlerts,
  sceneHistory,
  scenePings,
  sceneZones,
  trailSamples,
} from '../map/harness/scene.ts';
import { buildMapHarness } from './map-harness-build.ts';
import { launchChromium, openHarness, project, waitForMapIdle, type HarnessPage } from './map-browser.ts';
import { decodePng, pixelAt, type DecodedPng } from './map-png.ts';
import { serveStatic, type StaticServer } from './map-static-server.ts';

const OFFLINE_CONFIG = { status: 200, body: { ok: true, map: { styleUrl: '/offline-style.json', tileUrl: 'unused', attribution: '' } } };
const MISSING_CONFIG = { status: 404, body: { ok: false, error: 'Not found' } };
const PANEL = '[data-testid="map-panel"]';
const TOLERANCE = 14;

type Colour = readonly [number, number, number];

function hex(colour: string): Rgb {
  return [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16)) as unknown as Rgb;
}
function blend(under: Colour, over: Colour, alpha: number): Colour {
  return over.map((c, i) => Math.round(c * alpha + under[i]! * (1 - alpha))) as unknown as Colour;
}
function distance(a: Colour, b: Colour): number {
  return Math.max(...a.map((c, i) => Math.abs(c - b[i]!)));
}

interface Sample {
  label: string;
  x: number;
  y: number;
  expected: Colour;
  /** What a wrong drawing would look like here; the pixel must be nearer the expected colour than these. */
  wrong: Colour[];
}

let browser: Browser;
let server: StaticServer;
let harnessDir: string;
const screenshotDir = join(tmpdir(), `map-browser-test-${process.pid}`);

beforeAll(async () => {
  mkdirSync(screenshotDir, { recursive: true });
  harnessDir = await buildMapHarness();
  server = await serveStatic(harnessDir);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (harnessDir) rmSync(harnessDir, { recursive: true, force: true });
});

async function screenshot(page: Page, name: string): Promise<{ image: DecodedPng; path: string }> {
  const png = await page.locator(PANEL).screenshot({ animations: 'disabled' });
  const path = join(screenshotDir, `${name}.png`);
  writeFileSync(path, png);
  return { image: decodePng(png), path };
}

async function sceneSamples(page: Page, background: Colour): Promise<Sample[]> {
  const samples: Sample[] = [];
  const riskFill = { red: RISK_COLOURS.red, yellow: RISK_COLOURS.yellow, green: RISK_COLOURS.green };
  const zoneBlend = (risk: keyof typeof riskFill) => blend(background, riskFill[risk], (risk === 'red' ? 51 : 38) / 255);
  const drawnAs: Record<string, keyof typeof riskFill> = { 'zone-red': 'red', 'zone-yellow': 'yellow', 'zone-green': 'green', 'zone-other': 'yellow' };
  for (const zone of sceneZones) {
    const lat = zone.polygon.reduce((sum, [la]) => sum + la, 0) / zone.polygon.length;
    const lng = zone.polygon.reduce((sum, [, ln]) => sum + ln, 0) / zone.polygon.length;
    const risk = drawnAs[zone.id]!;
    const others = (['red', 'yellow', 'green'] as const).filter((r) => r !== risk);
    samples.push({ label: zone.id, ...(await project(page, [lng, lat])), expected: zoneBlend(risk), wrong: [...others.map(zoneBlend), background] });
  }
  const alertRisk = { 'alert-red': 'red', 'alert-green': 'green', 'alert-no-risk': 'yellow' } as const;
  for (const alert of sceneAlerts) {
    if (typeof alert.latitude !== 'number' || typeof alert.longitude !== 'number') continue;
    const risk = alertRisk[alert.id as keyof typeof alertRisk];
    const others = (['red', 'yellow', 'green'] as const).filter((r) => r !== risk).map((r) => riskFill[r]);
    samples.push({ label: alert.id, ...(await project(page, [alert.longitude, alert.latitude])), expected: riskFill[risk], wrong: [...others, background] });
  }
  // Palette order is first-seen key order: pings come in as tourist-1, device-2.
  const pingColour = { 'tourist-1': GPS_PALETTE[0]!, 'device-2': GPS_PALETTE[1]! };
  for (const ping of scenePings) {
    const key = (ping.touristId ?? ping.deviceId) as keyof typeof pingColour;
    const other = pingColour[key === 'tourist-1' ? 'device-2' : 'tourist-1'];
    samples.push({ label: `ping ${key}`, ...(await project(page, [ping.longitude, ping.latitude])), expected: pingColour[key], wrong: [other, background] });
  }
  for (const [key, at] of Object.entries(trailSamples)) {
    const colour = pingColour[key as keyof typeof pingColour];
    const other = pingColour[key === 'tourist-1' ? 'device-2' : 'tourist-1'];
    samples.push({
      label: `trail ${key}`,
      ...(await project(page, [at.longitude, at.latitude])),
      expected: blend(background, colour, 0.7),
      wrong: [blend(background, other, 0.7), colour, background],
    });
  }
  return samples;
}

/** Frames composited while `act` runs and for `ms` after it, as images with ms since `act` started. */
async function recordFrames(page: Page, ms: number, act: () => Promise<unknown>): Promise<{ ms: number; image: DecodedPng }[]> {
  const cdp = await page.context().newCDPSession(page);
  const frames: { at: number; png: Buffer }[] = [];
  cdp.on('Page.screencastFrame', (frame) => {
    frames.push({ at: frame.metadata.timestamp ?? Date.now() / 1000, png: Buffer.from(frame.data, 'base64') });
    void cdp.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => undefined);
  });
  await cdp.send('Page.startScreencast', { format: 'png', everyNthFrame: 1 });
  const startedAt = Date.now() / 1000;
  await act();
  await new Promise((resolve) => setTimeout(resolve, ms));
  await cdp.send('Page.stopScreencast');
  await cdp.detach();
  return frames.filter((f) => f.at >= startedAt).map((f) => ({ ms: Math.round((f.at - startedAt) * 1000), image: decodePng(f.png) }));
}

function judge(image: DecodedPng, samples: Sample[]) {
  return samples.map((sample) => {
    const actual = pixelAt(image, sample.x, sample.y);
    const off = distance(actual, sample.expected);
    const nearestWrong = Math.min(...sample.wrong.map((w) => distance(actual, w)));
    return { ...sample, actual, off, ok: off <= TOLERANCE && off < nearestWrong };
  });
}

/** Software WebGL draws few frames: retake the screenshot until every feature is drawn, then judge it. */
async function drawnScene(page: Page, name: string, background: Colour) {
  const samples = await sceneSamples(page, background);
  let last: { verdicts: ReturnType<typeof judge>; path: string } | undefined;
  for (let attempt = 0; attempt < 20; attempt++) {
    const { image, path } = await screenshot(page, name);
    const verdicts = judge(image, samples);
    last = { verdicts, path };
    if (verdicts.every((v) => distance(v.actual, background) > 6)) break;
    await page.waitForTimeout(500);
  }
  console.log(`map screenshot (${name}): ${last!.path}`);
  for (const v of last!.verdicts) {
    console.log(
      `  ${v.ok ? 'ok ' : 'BAD'} ${v.label.padEnd(22)} at (${v.x.toFixed(1)}, ${v.y.toFixed(1)}): drawn rgb(${v.actual.join(', ')}), expected rgb(${v.expected.join(', ')})`,
    );
  }
  return last!.verdicts;
}

function expectScene(verdicts: ReturnType<typeof judge>) {
  expect(verdicts.filter((v) => !v.ok).map((v) => `${v.label}: drawn ${v.actual.join(',')} expected ${v.expected.join(',')}`)).toEqual([]);
  const at = (label: string) => verdicts.find((v) => v.label === label)!.actual;
  // Independently of the constants: red reads red, green reads green, yellow reads red+green.
  const [rr, rg] = at('zone-red');
  const [gr, gg] = at('zone-green');
  const [yr, yg, yb] = at('zone-other');
  expect(rr - rg).toBeGreaterThan(20);
  expect(gg - gr).toBeGreaterThan(10);
  expect(Math.min(yr, yg) - yb).toBeGreaterThan(15);
}

describe('map panel in Chromium', () => {
  let harness: HarnessPage;
  beforeAll(async () => {
    harness = await openHarness(browser, server.url, { appConfig: OFFLINE_CONFIG, files: { '/offline-style.json': offlineStyle } });
    await waitForMapIdle(harness.page, 'offline-background');
  });
  afterAll(async () => harness?.context.close());

  it('draws zones by risk, alerts with coordinates, GPS pings and trails in their colours at their positions', async () => {
    const verdicts = await drawnScene(harness.page, 'offline-scene', hex(OFFLINE_BACKGROUND));
    expectScene(verdicts);
    expect(harness.pageErrors).toEqual([]);
  });

  it('fits the view to the alerts and the GPS history (Fit GPS on) with 40 px padding', async () => {
    const { page } = harness;
    const box = (await page.locator(PANEL).boundingBox())!;
    expect(box.width).toBe(1000);
    expect(box.height).toBe(400);
    const points = [
      ...sceneAlerts.filter((a) => typeof a.latitude === 'number').map((a) => [a.longitude, a.latitude] as [number, number]),
      ...Object.values(sceneHistory).flat().map((p) => [p.longitude, p.latitude] as [number, number]),
    ];
    const projected = await Promise.all(points.map((p) => project(page, p)));
    const ys = projected.map((p) => p.y);
    const xs = projected.map((p) => p.x);
    for (const p of projected) {
      expect(p.x).toBeGreaterThanOrEqual(39);
      expect(p.x).toBeLessThanOrEqual(961);
      expect(p.y).toBeGreaterThanOrEqual(39);
      expect(p.y).toBeLessThanOrEqual(361);
    }
    // The tight direction touches the padding on both sides.
    const tight = Math.max((Math.max(...xs) - Math.min(...xs)) / 920, (Math.max(...ys) - Math.min(...ys)) / 320);
    expect(tight).toBeGreaterThan(0.97);
  });

  it('lists the live GPS keys with their colours in the legend', async () => {
    const legend = harness.page.getByRole('region', { name: 'Live GPS legend' });
    await expect.poll(() => legend.locator('li').allTextContents()).toEqual(['tourist-1', 'device-2']);
  });

  it('shows an alert’s details on hover', async () => {
    const { page } = harness;
    const alert = sceneAlerts[0]!;
    const at = await project(page, [alert.longitude!, alert.latitude!]);
    const box = (await page.locator(PANEL).boundingBox())!;
    await page.mouse.move(box.x + at.x, box.y + at.y);
    const tooltip = page.getByRole('tooltip', { name: 'Alert details' });
    await tooltip.waitFor({ timeout: 15_000 });
    const text = await tooltip.textContent();
    expect(text).toContain('alert-red');
    expect(text).toContain('open');
    await page.mouse.move(box.x + 5, box.y + 395);
  });

  it('stops re-fitting on data updates once the operator pans, until Fit to data', async () => {
    const { page } = harness;
    const box = (await page.locator(PANEL).boundingBox())!;
    await page.mouse.move(box.x + 500, box.y + 200);
    await page.mouse.down();
    await page.mouse.move(box.x + 420, box.y + 150, { steps: 8 });
    await page.mouse.up();
    await page.getByText('Auto-fit paused').waitFor({ timeout: 15_000 });
    // The drag's inertia may still carry the map a hair after the mouse is up.
    await page.waitForFunction(() => !window.mapHarness.map!.isMoving(), undefined, { timeout: 15_000 });
    const centreAfterPan = await page.evaluate(() => window.mapHarness.map!.getCenter().toArray());

    const far = { id: 'alert-far', latitude: 13.3, longitude: 77.9, at: '2025-05-01T11:00:00.000Z', riskLevel: 'red' };
    await page.evaluate((alert) => window.mapHarness.setProps({ alerts: [alert] }), far);
    await page.waitForTimeout(1500);
    // A re-fit to the far alert would move the centre by tenths of a degree; the view must stay put.
    const centreAfterUpdate = await page.evaluate(() => window.mapHarness.map!.getCenter().toArray());
    expect(centreAfterUpdate[0]).toBeCloseTo(centreAfterPan[0], 5);
    expect(centreAfterUpdate[1]).toBeCloseTo(centreAfterPan[1], 5);

    await page.getByRole('button', { name: 'Fit to data' }).click();
    await page.waitForFunction(() => !window.mapHarness.map!.isMoving(), undefined, { timeout: 15_000 });
    await page.waitForTimeout(600);
    const centre = await page.evaluate(() => window.mapHarness.map!.getCenter().toArray());
    // With Fit GPS on, the fit covers the far alert and the trails.
    const farAt = await project(page, [far.longitude, far.latitude]);
    expect(centre).not.toEqual(centreAfterPan);
    expect(farAt.x).toBeGreaterThanOrEqual(39);
    expect(farAt.x).toBeLessThanOrEqual(961);
    expect(farAt.y).toBeGreaterThanOrEqual(39);
    expect(farAt.y).toBeLessThanOrEqual(361);
    expect(await page.getByText('Auto-fit paused').count()).toBe(0);
  });

  it('in test mode shows the hint and sends an alert at the clicked coordinates', async () => {
    const { page } = harness;
    await page.evaluate(() => window.mapHarness.setProps({ testMode: true }));
    await page.getByText('Click on the map to send a test alert').waitFor({ timeout: 10_000 });
    const box = (await page.locator(PANEL).boundingBox())!;
    const clickAt = { x: 713, y: 287 };
    const expected = await page.evaluate(({ x, y }) => window.mapHarness.map!.unproject([x, y]).toArray(), clickAt);
    await page.mouse.click(box.x + clickAt.x, box.y + clickAt.y);
    await expect.poll(() => harness.sentAlerts.length, { timeout: 10_000 }).toBe(1);
    const sent = harness.sentAlerts[0] as { latitude: number; longitude: number };
    console.log(`test-mode click at (${clickAt.x}, ${clickAt.y}) sent`, sent, 'expected', { latitude: expected[1], longitude: expected[0] });
    expect(Math.abs(sent.latitude - expected[1]!)).toBeLessThan(1e-4);
    expect(Math.abs(sent.longitude - expected[0]!)).toBeLessThan(1e-4);

    // Off once the page shows it off (React renders the new props in a later task than setProps).
    await page.evaluate(() => window.mapHarness.setProps({ testMode: false }));
    await page.getByText('Click on the map to send a test alert').waitFor({ state: 'detached', timeout: 10_000 });
    await page.mouse.click(box.x + 300, box.y + 300);
    await page.waitForTimeout(300);
    expect(harness.sentAlerts).toHaveLength(1);
  });

  it('hides pings, trails and the legend when live GPS is off', async () => {
    const { page } = harness;
    await page.evaluate(() => window.mapHarness.setProps({ showLiveGps: false, alerts: [] }));
    await page.waitForTimeout(800);
    const ping = scenePings[0]!;
    const at = await project(page, [ping.longitude, ping.latitude]);
    const { image } = await screenshot(page, 'live-gps-off');
    const drawn = pixelAt(image, at.x, at.y);
    expect(distance(drawn, GPS_PALETTE[0]!)).toBeGreaterThan(60);
    expect(await page.getByRole('region', { name: 'Live GPS legend' }).count()).toBe(0);
  });
});

describe('map panel with a configured style URL that fails to load', () => {
  it('still draws every layer over a plain background, without errors', async () => {
    const brokenStyle = { status: 200, body: { ok: true, map: { styleUrl: '/no-such-style.json', tileUrl: 'unused', attribution: '' } } };
    const harness = await openHarness(browser, server.url, { appConfig: brokenStyle });
    try {
      await harness.page.waitForFunction(() => !!window.mapHarness?.map && !window.mapHarness.map.isMoving(), undefined, { timeout: 60_000 });
      expectScene(await drawnScene(harness.page, 'broken-style-scene', hex(BASEMAP_BACKGROUND)));
      expect(harness.pageErrors).toEqual([]);
    } finally {
      await harness.context.close();
    }
  });
});

describe('live GPS markers in Chromium', () => {
  it('glide from the old to the new position over about a second, not jump', async () => {
    const harness = await openHarness(browser, server.url, { appConfig: OFFLINE_CONFIG, files: { '/offline-style.json': offlineStyle } });
    try {
      const { page } = harness;
      await waitForMapIdle(page, 'offline-background');
      const [first, second] = scenePings as [GpsPing, GpsPing];
      const from = await project(page, [first.longitude, first.latitude]);
      const moved = { ...first, longitude: first.longitude + 0.05, at: '2025-05-01T10:06:00.000Z' };
      const to = await project(page, [moved.longitude, moved.latitude]);
      const markerX = (image: DecodedPng): number | null => {
        const xs: number[] = [];
        for (let x = 0; x < image.width; x++) if (distance(pixelAt(image, x, from.y), GPS_PALETTE[0]!) <= 12) xs.push(x);
        return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null;
      };
      await expect.poll(async () => markerX((await screenshot(page, 'glide-before')).image), { timeout: 20_000 }).toBeCloseTo(from.x, -0.5);

      // Every frame the browser composites, with its time: screenshots taken one by one are too slow
      // on a loaded machine to be sure of catching the middle of a one-second glide.
      const box = (await page.locator(PANEL).boundingBox())!;
      const frames = await recordFrames(page, 2500, () => page.evaluate((pings) => window.mapHarness.setProps({ pings }), [moved, second]));
      const seen = frames.map((frame) => {
        const xs: number[] = [];
        for (let x = 0; x < 1000; x++) if (distance(pixelAt(frame.image, box.x + x, box.y + from.y), GPS_PALETTE[0]!) <= 12) xs.push(x);
        return { ms: frame.ms, x: xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null };
      });
      console.log(`glide from x=${from.x.toFixed(1)} to x=${to.x.toFixed(1)}:`, seen.map((f) => `${f.ms}ms→${f.x?.toFixed(1)}`).join(' '));
      const between = seen.filter((f) => f.x !== null && f.x > from.x + 4 && f.x < to.x - 4);
      expect(between.length).toBeGreaterThan(0);
      const finalX = seen.at(-1)!.x!;
      expect(finalX).toBeCloseTo(to.x, -0.5);
      // A 1000 ms ease-in-out glide cannot arrive much before 1000 ms; a jump would arrive at once.
      const arrived = seen.find((f) => f.x !== null && Math.abs(f.x - finalX) < 1)!;
      expect(arrived.ms).toBeGreaterThan(700);
      expect(between.every((f) => f.ms < arrived.ms)).toBe(true);
      expect(harness.pageErrors).toEqual([]);
    } finally {
      await harness.context.close();
    }
  });
});

describe('map panel with the default OpenStreetMap basemap, offline', () => {
  it('shows the OpenStreetMap attribution and still draws every layer over the plain background, without errors', async () => {
    const harness = await openHarness(browser, server.url, { appConfig: MISSING_CONFIG });
    try {
      await waitForMapIdle(harness.page, 'basemap-tiles').catch(() => undefined);
      await harness.page.waitForFunction(() => !!window.mapHarness?.map?.getLayer('basemap-tiles'), undefined, { timeout: 60_000 });
      await expect.poll(() => harness.page.locator('.maplibregl-ctrl-attrib').textContent(), { timeout: 15_000 }).toContain('© OpenStreetMap contributors');
      expect(await harness.page.locator('.maplibregl-ctrl-attrib').isVisible()).toBe(true);
      const verdicts = await drawnScene(harness.page, 'osm-offline-scene', hex(BASEMAP_BACKGROUND));
      expectScene(verdicts);
      expect(harness.blockedRequests.some((url) => url.startsWith('https://tile.openstreetmap.org/'))).toBe(true);

      // Dark mode darkens the plain background behind the (missing) tiles.
      await harness.page.evaluate(() => window.mapHarness.setProps({ dark: true }));
      const dark = hex(BASEMAP_BACKGROUND_DARK);
      await expect
        .poll(async () => distance(pixelAt((await screenshot(harness.page, 'osm-offline-dark')).image, 100, 250), dark), { timeout: 15_000 })
        .toBeLessThanOrEqual(3);
      expect(harness.pageErrors).toEqual([]);
    } finally {
      await harness.context.close();
    }
  });
});
