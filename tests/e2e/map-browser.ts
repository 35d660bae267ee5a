// Chromium (software WebGL) around the built map harness, for the map browser tests (tests/e2e/map-*.browser.test.ts).
import type { Browser, BrowserContext, Page } from 'playwright-core';

export { launchChromium } from './support/chromium.ts';

export interface HarnessPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught exceptions in the page. */
  pageErrors: string[];
  /** Bodies POSTed to /panic-alert. */
  sentAlerts: unknown[];
  /** Requests that tried to leave the machine (tiles): all refused. */
  blockedRequests: string[];
}

export async function openHarness(
  browser: Browser,
  origin: string,
  options: { appConfig: { status: number; body: unknown }; files?: Record<string, unknown>; query?: string },
): Promise<HarnessPage> {
  const context = await browser.newContext({ viewport: { width: 1100, height: 700 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const result: HarnessPage = { context, page, pageErrors: [], sentAlerts: [], blockedRequests: [] };
  page.on('pageerror', (error) => result.pageErrors.push(String(error)));
  await context.route('**/*', async (route) => {
    const url = new URL(route.request().url());
    if (url.origin !== origin) {
      result.blockedRequests.push(url.href);
      return route.abort('internetdisconnected');
    }
    if (url.pathname === '/app-config.json') {
      return route.fulfill({
        status: options.appConfig.status,
        contentType: 'application/json',
        body: JSON.stringify(options.appConfig.body),
      });
    }
    if (url.pathname === '/panic-alert' && route.request().method() === 'POST') {
      result.sentAlerts.push(route.request().postDataJSON());
      return route.fulfill({ status: 201, contentType: 'application/json', body: '{"ok":true}' });
    }
    const file = options.files?.[url.pathname];
    if (file !== undefined)
      return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify(file) });
    return route.continue();
  });
  await page.goto(`${origin}/index.html${options.query ?? ''}`);
  return result;
}

/** Waits until the map exists, its style is the one expected and it has finished moving. */
export async function waitForMapIdle(page: Page, styleLayerId: string): Promise<void> {
  await page.waitForFunction(
    (layerId) => {
      const map = window.mapHarness?.map;
      return !!map && map.isStyleLoaded() && !!map.getLayer(layerId) && !map.isMoving() && map.loaded();
    },
    styleLayerId,
    { timeout: 60_000, polling: 100 },
  );
}

export async function project(page: Page, lngLat: readonly [number, number]): Promise<{ x: number; y: number }> {
  return page.evaluate(
    ([lng, lat]) => {
      const point = window.mapHarness.map!.project([lng, lat]);
      return { x: point.x, y: point.y };
    },
    lngLat as [number, number],
  );
}
