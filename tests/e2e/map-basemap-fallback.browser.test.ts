// The map panel in Chromium when its basemap is missing: a configured style URL that does not load, and
// the default OpenStreetMap tiles with no network. Every layer of the fixed scene of tests/map/harness
// must still be drawn, in its colours at its positions, over the plain background (light and dark).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASEMAP_BACKGROUND, BASEMAP_BACKGROUND_DARK } from '../../src/map/style.ts';
import { openHarness, waitForMapIdle } from './map-browser.ts';
import { pixelAt } from './map-png.ts';
import { startMapHarnessSite, type MapHarnessSite } from './support/map-harness.ts';
import { distance, hex, screenshot } from './support/map-pixels.ts';
import { drawnScene, expectScene } from './support/map-scene.ts';

const MISSING_CONFIG = { status: 404, body: { ok: false, error: 'Not found' } };

let site: MapHarnessSite;

beforeAll(async () => {
  site = await startMapHarnessSite();
});

afterAll(async () => {
  await site?.close();
});

describe('map panel with a configured style URL that fails to load', () => {
  it('still draws every layer over a plain background, without errors', async () => {
    const brokenStyle = {
      status: 200,
      body: { ok: true, map: { styleUrl: '/no-such-style.json', tileUrl: 'unused', attribution: '' } },
    };
    const harness = await openHarness(site.browser, site.url, { appConfig: brokenStyle });
    try {
      await harness.page.waitForFunction(
        () => !!window.mapHarness?.map && !window.mapHarness.map.isMoving(),
        undefined,
        { timeout: 60_000 },
      );
      expectScene(await drawnScene(harness.page, 'broken-style-scene', hex(BASEMAP_BACKGROUND)));
      expect(harness.pageErrors).toEqual([]);
    } finally {
      await harness.context.close();
    }
  });
});

describe('map panel with the default OpenStreetMap basemap, offline', () => {
  it('shows the OpenStreetMap attribution and still draws every layer over the plain background, without errors', async () => {
    const harness = await openHarness(site.browser, site.url, { appConfig: MISSING_CONFIG });
    try {
      await waitForMapIdle(harness.page, 'basemap-tiles').catch(() => undefined);
      await harness.page.waitForFunction(() => !!window.mapHarness?.map?.getLayer('basemap-tiles'), undefined, {
        timeout: 60_000,
      });
      await expect
        .poll(() => harness.page.locator('.maplibregl-ctrl-attrib').textContent(), { timeout: 15_000 })
        .toContain('© OpenStreetMap contributors');
      expect(await harness.page.locator('.maplibregl-ctrl-attrib').isVisible()).toBe(true);
      const verdicts = await drawnScene(harness.page, 'osm-offline-scene', hex(BASEMAP_BACKGROUND));
      expectScene(verdicts);
      expect(harness.blockedRequests.some((url) => url.startsWith('https://tile.openstreetmap.org/'))).toBe(true);

      // Dark mode darkens the plain background behind the (missing) tiles.
      await harness.page.evaluate(() => window.mapHarness.setProps({ dark: true }));
      const dark = hex(BASEMAP_BACKGROUND_DARK);
      await expect
        .poll(
          async () => distance(pixelAt((await screenshot(harness.page, 'osm-offline-dark')).image, 100, 250), dark),
          { timeout: 15_000 },
        )
        .toBeLessThanOrEqual(3);
      expect(harness.pageErrors).toEqual([]);
    } finally {
      await harness.context.close();
    }
  });
});
