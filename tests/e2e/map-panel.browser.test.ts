// The map panel in Chromium with software WebGL: the real MapPanel, built by Vite, drawing the fixed
// scene of tests/map/harness over an offline style, then driven the way the operator drives it (fit,
// legend, hover, pan, test mode, live GPS). Pixels are read back from PNG screenshots at projected
// positions. When the basemap itself is missing: map-basemap-fallback.browser.test.ts.
import type { GpsPing } from '../../src/api/entities.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isSoftwareRenderer } from '../../src/map/motion.ts';
import { GPS_PALETTE } from '../../src/map/style.ts';
import { OFFLINE_BACKGROUND, offlineStyle, sceneAlerts, sceneHistory, scenePings } from '../map/harness/scene.ts';
import { openHarness, project, waitForMapIdle, type HarnessPage } from './map-browser.ts';
import { deckAtRest, deckFramesDuring } from './support/deck-frames.ts';
import { pixelAt, type DecodedPng } from './map-png.ts';
import { startMapHarnessSite, type MapHarnessSite } from './support/map-harness.ts';
import { distance, hex, PANEL, recordFrames, screenshot } from './support/map-pixels.ts';
import { drawnScene, expectScene } from './support/map-scene.ts';

const OFFLINE_CONFIG = {
  status: 200,
  body: { ok: true, map: { styleUrl: '/offline-style.json', tileUrl: 'unused', attribution: '' } },
};

let site: MapHarnessSite;

beforeAll(async () => {
  site = await startMapHarnessSite();
});

afterAll(async () => {
  await site?.close();
});

describe('map panel in Chromium', () => {
  let harness: HarnessPage;
  beforeAll(async () => {
    harness = await openHarness(site.browser, site.url, {
      appConfig: OFFLINE_CONFIG,
      files: { '/offline-style.json': offlineStyle },
    });
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
      ...sceneAlerts
        .filter((a) => typeof a.latitude === 'number')
        .map((a) => [a.longitude, a.latitude] as [number, number]),
      ...Object.values(sceneHistory)
        .flat()
        .map((p) => [p.longitude, p.latitude] as [number, number]),
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
    console.log(`test-mode click at (${clickAt.x}, ${clickAt.y}) sent`, sent, 'expected', {
      latitude: expected[1],
      longitude: expected[0],
    });
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

/** Moves the first live marker 0.05° east and records where it is drawn in every composited frame for 2.5 s. */
async function markerMove(query?: string) {
  const harness = await openHarness(site.browser, site.url, {
    appConfig: OFFLINE_CONFIG,
    files: { '/offline-style.json': offlineStyle },
    ...(query && { query }),
  });
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
    await expect
      .poll(async () => markerX((await screenshot(page, 'glide-before')).image), { timeout: 20_000 })
      .toBeCloseTo(from.x, -0.5);

    // Every frame the browser composites, with its time: screenshots taken one by one are too slow
    // on a loaded machine to be sure of catching the middle of a one-second glide.
    const box = (await page.locator(PANEL).boundingBox())!;
    const frames = await recordFrames(page, 2500, () =>
      page.evaluate((pings) => window.mapHarness.setProps({ pings }), [moved, second]),
    );
    const seen = frames.map((frame) => {
      const xs: number[] = [];
      for (let x = 0; x < 1000; x++)
        if (distance(pixelAt(frame.image, box.x + x, box.y + from.y), GPS_PALETTE[0]!) <= 12) xs.push(x);
      return { ms: frame.ms, x: xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : null };
    });
    console.log(
      `${query ?? 'default'}: from x=${from.x.toFixed(1)} to x=${to.x.toFixed(1)}:`,
      seen.map((f) => `${f.ms}ms→${f.x?.toFixed(1)}`).join(' '),
    );
    const finalX = seen.at(-1)!.x!;
    expect(finalX).toBeCloseTo(to.x, -0.5);
    expect(harness.pageErrors).toEqual([]);
    return {
      between: seen.filter((f) => f.x !== null && f.x > from.x + 4 && f.x < to.x - 4),
      arrived: seen.find((f) => f.x !== null && Math.abs(f.x - finalX) < 1)!,
      renderer: await rendererOf(page),
    };
  } finally {
    await harness.context.close();
  }
}

/** The map's WebGL renderer, as motion.ts reads it. */
const rendererOf = (page: HarnessPage['page']) =>
  page.evaluate(() => {
    const gl = window.mapHarness.map!.getCanvas().getContext('webgl2')!;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    return String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  });

describe('live GPS markers in Chromium', () => {
  it('glide from the old to the new position over about a second, not jump', async () => {
    const { between, arrived } = await markerMove('?glide=1');
    expect(between.length).toBeGreaterThan(0);
    // A 1000 ms ease-in-out glide cannot arrive much before 1000 ms; a jump would arrive at once.
    expect(arrived.ms).toBeGreaterThan(700);
    expect(between.every((f) => f.ms < arrived.ms)).toBe(true);
  });

  it('jump in one step when WebGL draws in software (each frame of a glide is a whole redraw by the CPU)', async () => {
    const { between, arrived, renderer } = await markerMove();
    if (isSoftwareRenderer(renderer)) {
      expect(between, 'frames drawn between the two positions').toEqual([]);
      expect(arrived.ms).toBeLessThan(700);
    } else expect(between.length).toBeGreaterThan(0);
  });
});

describe('the camera in Chromium', () => {
  it('jumps to a new fit in one step when WebGL draws in software (every eased frame would cost the CPU a whole redraw)', async () => {
    const harness = await openHarness(site.browser, site.url, {
      appConfig: OFFLINE_CONFIG,
      files: { '/offline-style.json': offlineStyle },
    });
    try {
      const { page } = harness;
      await waitForMapIdle(page, 'offline-background');
      const renderer = await rendererOf(page);
      const software = isSoftwareRenderer(renderer);
      console.log(`WebGL renderer: ${renderer} (${software ? 'software' : 'hardware'})`);

      await page.evaluate(() => {
        const w = window as unknown as { cameraMoves: number };
        w.cameraMoves = 0;
        window.mapHarness.map!.on('move', () => w.cameraMoves++);
      });
      const far = {
        id: 'alert-far',
        latitude: 13.3,
        longitude: 77.9,
        at: '2025-05-01T11:00:00.000Z',
        riskLevel: 'red',
      };
      await page.evaluate((alerts) => window.mapHarness.setProps({ alerts }), [...sceneAlerts, far]);
      await expect
        .poll(() => page.evaluate(() => (window as unknown as { cameraMoves: number }).cameraMoves), {
          timeout: 10_000,
        })
        .toBeGreaterThan(0);
      await page.waitForTimeout(1000);
      await page.waitForFunction(() => !window.mapHarness.map!.isMoving(), undefined, { timeout: 15_000 });
      const moves = await page.evaluate(() => (window as unknown as { cameraMoves: number }).cameraMoves);
      if (software) expect(moves).toBe(1);
      else expect(moves).toBeGreaterThan(1);
      const farAt = await project(page, [far.longitude, far.latitude]);
      expect(farAt.x).toBeGreaterThanOrEqual(39);
      expect(farAt.x).toBeLessThanOrEqual(961);
      expect(farAt.y).toBeGreaterThanOrEqual(39);
      expect(farAt.y).toBeLessThanOrEqual(361);
      expect(harness.pageErrors).toEqual([]);
    } finally {
      await harness.context.close();
    }
  });
  it('does not redraw the map for a second when the live GPS list changes with no marker in it (a glide of nothing)', async () => {
    const harness = await openHarness(site.browser, site.url, {
      appConfig: OFFLINE_CONFIG,
      files: { '/offline-style.json': offlineStyle },
    });
    try {
      const { page } = harness;
      await waitForMapIdle(page, 'offline-background');
      await page.evaluate(() => window.mapHarness.setProps({ pings: [], history: {} }));
      await deckAtRest(page);
      const drawn = await deckFramesDuring(page, 1500, () =>
        page.evaluate(() => window.mapHarness.setProps({ pings: [] })),
      );
      console.log(`deck.gl drew in ${drawn.frames} of ${drawn.of} animation frames after an empty GPS list`);
      expect(drawn.of).toBeGreaterThan(5);
      expect(drawn.frames).toBeLessThanOrEqual(5);
      expect(harness.pageErrors).toEqual([]);
    } finally {
      await harness.context.close();
    }
  });

  it('does not redraw the map for a render that changes nothing it draws', async () => {
    const harness = await openHarness(site.browser, site.url, {
      appConfig: OFFLINE_CONFIG,
      files: { '/offline-style.json': offlineStyle },
    });
    try {
      const { page } = harness;
      await waitForMapIdle(page, 'offline-background');
      await deckAtRest(page);
      const drawn = await deckFramesDuring(page, 1000, () =>
        page.evaluate(() => window.mapHarness.setProps({ onMapClick: () => undefined })),
      );
      expect(drawn.of).toBeGreaterThan(5);
      expect(drawn.frames).toBe(0);
      const moved = await deckFramesDuring(page, 1000, () =>
        page.evaluate(() => window.mapHarness.setProps({ dark: true })),
      );
      expect(moved.frames).toBeGreaterThan(0);
      expect(harness.pageErrors).toEqual([]);
    } finally {
      await harness.context.close();
    }
  });
});
