// The layout at the theme's breakpoints (SPEC §9: 600, 900, 1200, 1536): nothing sideways off the page, the
// menu inline from 900 px and an overlay below, the two side cards side by side from 900 px and stacked
// below. Below 600 px the phone layout takes over (tests/e2e/phone-layout.browser.test.ts).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium.ts';
import { consoleShown, openDashboard, type DashboardPage } from './support/dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { isOnTop } from './support/expectations.ts';
import { sendPanicFromPhone } from './support/phone.ts';

let server: DashboardServer;
let browser: Browser;
let dashboard: DashboardPage;

beforeAll(async () => {
  server = await startDashboardServer();
  browser = await launchChromium();
  dashboard = await openDashboard(browser, server.url);
  await sendPanicFromPhone(server.url, 25.5788, 91.8933); // a row, so the table has its full width
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const WIDTHS = [600, 899, 900, 1200, 1536, 1920];

describe('layout at the breakpoints', () => {
  it.each(WIDTHS)(
    '%i px wide: readable, nothing off the side, menu and cards laid out for the width',
    async (width) => {
      const { page } = dashboard;
      await page.setViewportSize({ width, height: 900 });
      await page.reload(); // the menu chooses inline or overlay when the page starts
      await consoleShown(page);
      await page.getByRole('table', { name: 'Alerts' }).getByRole('row').nth(1).waitFor();
      // The panic bar comes with the panic watch's own load, after the table's, and moves everything below it
      // down: measured before it shows, one card can be taken before the move and the other after.
      await page.locator('[data-panic-bar]').waitFor();

      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'the page scrolls sideways').toBeLessThanOrEqual(0);
      expect(await isOnTop(page.getByRole('heading', { name: 'Panic Alerts Dashboard' }))).toBe(true);

      const menu = page.getByRole('navigation');
      const dashboardItem = page
        .getByRole('button', { name: 'Dashboard' })
        .or(page.getByText('Dashboard', { exact: true }))
        .first();
      if (width >= 900) {
        await dashboardItem.waitFor({ state: 'visible' });
        const menuBox = (await menu.boundingBox())!;
        expect(menuBox.width, 'the inline menu keeps its width beside the wide table').toBeGreaterThan(150);
        const alertsBox = (await page.getByRole('table', { name: 'Alerts' }).boundingBox())!;
        expect(alertsBox.x, 'the content sits beside the inline menu').toBeGreaterThanOrEqual(
          menuBox.x + menuBox.width - 1,
        );
      } else {
        expect(await dashboardItem.isVisible()).toBe(false);
        await page.getByRole('button', { name: 'Menu' }).click();
        await dashboardItem.waitFor({ state: 'visible' });
        await dashboardItem.click(); // choosing a view closes the overlay
        await dashboardItem.waitFor({ state: 'hidden' });
      }

      const anchors = (await page.getByText('DID Anchors', { exact: true }).boundingBox())!;
      const pings = (await page.getByText('GPS Pings (latest)', { exact: true }).boundingBox())!;
      if (width >= 900) expect(Math.abs(anchors.y - pings.y), 'cards side by side').toBeLessThan(2);
      else expect(pings.y, 'cards stacked').toBeGreaterThan(anchors.y + anchors.height);

      const mapBox = (await page.getByTestId('map-panel').boundingBox())!;
      expect(Math.round(mapBox.height)).toBe(400);
      expect(dashboard.pageErrors).toEqual([]);
    },
  );
});
