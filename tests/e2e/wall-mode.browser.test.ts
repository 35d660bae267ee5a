// Wall mode (issue 35) on a 1080p and a 2160p screen: the page is exactly one screen (nothing scrolls),
// dark, with type a room reads from 4 m; the map takes most of it beside the open alerts; a new panic shows
// in the list and in the panic bar across the top, still without scrolling. The menu turns it on and off.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium.ts';
import { consoleShown, openDashboard, type DashboardPage } from './support/dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { sendPanicFromPhone } from './support/phone.ts';

let server: DashboardServer;
let browser: Browser;
let dashboard: DashboardPage;
/** Panics sent so far: each stays open, so the bar counts them all. */
let sent = 0;

beforeAll(async () => {
  server = await startDashboardServer();
  browser = await launchChromium();
  dashboard = await openDashboard(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

async function overflow(page: Page) {
  return page.evaluate(() => ({
    down: document.documentElement.scrollHeight - window.innerHeight,
    sideways: document.documentElement.scrollWidth - window.innerWidth,
  }));
}

const fontSize = (page: Page, selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).fontSize);

describe('wall mode', () => {
  it.each([
    { width: 1920, height: 1080, minBodyPx: 20 },
    { width: 3840, height: 2160, minBodyPx: 40 },
  ])(
    '$width × $height: one screen, map beside the list, a new panic in the list and the bar',
    async ({ width, height, minBodyPx }) => {
      const { page } = dashboard;
      await page.setViewportSize({ width, height });
      await page.goto(`${server.url}/?wall`);
      await consoleShown(page);
      expect(await page.evaluate(() => document.documentElement.dataset.mode)).toBe('wall');
      await page.locator('[data-wall-alerts]').waitFor();
      await page.getByTestId('map-panel').waitFor();
      expect(await overflow(page)).toEqual({ down: 0, sideways: 0 });

      const map = (await page.getByTestId('map-panel').boundingBox())!;
      expect(map.width * map.height, 'the map takes most of the screen').toBeGreaterThan(0.45 * width * height);

      const panic = await sendPanicFromPhone(server.url, 25.5788, 91.8933);
      const item = page.locator(`[data-wall-alert="${panic.incident.id}"]`);
      await item.waitFor();
      sent += 1;
      await expect
        .poll(() => page.locator('[data-panic-bar]').getAttribute('data-panic-bar'), { timeout: 15_000 })
        .toBe(String(sent));
      expect(await page.locator('[data-panic-bar]').innerText()).toContain(
        sent === 1 ? 'New panic alert in' : `${sent} open panic alerts`,
      );
      expect(await item.innerText()).toMatch(/Panic alert[\s\S]*high severity[\s\S]*open/);
      expect(await overflow(page), 'the bar and the new item do not make the page scroll').toEqual({
        down: 0,
        sideways: 0,
      });

      const bodyPx = parseFloat(await fontSize(page, `[data-wall-alert="${panic.incident.id}"] > span:last-child`));
      expect(bodyPx, 'body text readable from 4 m').toBeGreaterThanOrEqual(minBodyPx);
      const pageBackground = await page.evaluate(
        () =>
          getComputedStyle(document.querySelector('[data-wall-alerts]')!.parentElement!.parentElement!).backgroundColor,
      );
      expect(pageBackground, 'dark by default').toMatch(/rgb\((\d{1,2}), \1, \1\)/);

      const map2 = (await page.getByTestId('map-panel').boundingBox())!;
      expect(map2.x + map2.width, 'the list is beside the map, not below it').toBeLessThan(
        (await item.boundingBox())!.x + 1,
      );
      expect(dashboard.pageErrors).toEqual([]);
    },
  );

  it('the menu turns it on, the address keeps it, and Leave wall mode returns to the desk', async () => {
    const { page } = dashboard;
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/`);
    await consoleShown(page);
    expect(await page.evaluate(() => document.documentElement.dataset.mode)).toBeUndefined();
    await page.getByText('Wall screen', { exact: true }).click();
    await page.locator('[data-wall-alerts]').waitFor();
    expect(new URL(page.url()).searchParams.has('wall')).toBe(true);
    await page.reload();
    await page.locator('[data-wall-alerts]').waitFor();
    await page.getByRole('button', { name: 'Leave wall mode' }).click();
    await page.getByRole('table', { name: 'Alerts' }).waitFor();
    expect(new URL(page.url()).searchParams.has('wall')).toBe(false);
    expect(await page.evaluate(() => document.documentElement.dataset.mode)).toBeUndefined();
  });

  it('with a panic open, cycling through the regions is held and says so', async () => {
    const { page } = dashboard;
    await page.setViewportSize({ width: 1920, height: 1080 });
    await page.goto(`${server.url}/?wall`);
    await page.locator('[data-wall-alerts]').waitFor();
    await page.getByRole('combobox', { name: 'Cycle regions' }).click();
    await page.getByRole('option', { name: 'Every 15 s' }).click();
    await page.getByText('Held: a panic is open').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('dash.wall.cycleSeconds'))).toBe('15');
  });
});
