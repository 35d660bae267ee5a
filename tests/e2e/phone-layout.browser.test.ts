// The phone layout (issue 35) at 390 × 844 and 360 × 740: the first screen holds the connection, the panic
// bar and the newest alert as a card whose Acknowledge and Resolve are 44 px targets that work; the filters
// and controls are one tap away in the top bar's panel, the map one tap away on its tab; nothing runs off
// the side.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium.ts';
import { consoleShown, openDashboard, type DashboardPage } from './support/dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { sendPanicFromPhone, serverStatusOf } from './support/phone.ts';

let server: DashboardServer;
let browser: Browser;
let dashboard: DashboardPage;

beforeAll(async () => {
  server = await startDashboardServer();
  browser = await launchChromium();
  dashboard = await openDashboard(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

async function withinFirstScreen(page: Page, selector: string) {
  const box = (await page.locator(selector).first().boundingBox())!;
  const height = await page.evaluate(() => window.innerHeight);
  return box.y >= 0 && box.y + box.height <= height;
}

describe('phone layout', () => {
  it.each([
    { width: 390, height: 844 },
    { width: 360, height: 740 },
  ])(
    '$width × $height: the newest alert is a card on the first screen, and its buttons work',
    async ({ width, height }) => {
      const { page } = dashboard;
      await page.setViewportSize({ width, height });
      await page.goto(`${server.url}/`);
      await consoleShown(page);
      const panic = await sendPanicFromPhone(server.url, 25.5788, 91.8933);
      const card = `[data-alert-card="${panic.incident.id}"]`;
      await page.locator(card).waitFor();
      await page.locator('[data-panic-bar]').waitFor();

      expect(await withinFirstScreen(page, '[role="img"][aria-label="Logo"]')).toBe(true);
      expect(await page.getByLabel(/^Connection: /).isVisible()).toBe(true);
      expect(await withinFirstScreen(page, '[data-panic-bar]')).toBe(true);
      expect(await withinFirstScreen(page, card), 'the newest alert card is within the first screen').toBe(true);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
        'nothing sideways',
      ).toBeLessThanOrEqual(0);
      expect(await page.getByRole('table', { name: 'Alerts' }).count(), 'no table on a phone').toBe(0);

      const acknowledge = page.locator(card).getByRole('button', { name: 'Acknowledge' });
      const resolve = page.locator(card).getByRole('button', { name: 'Resolve' });
      for (const button of [acknowledge, resolve]) {
        const box = (await button.boundingBox())!;
        expect(Math.min(box.width, box.height), 'a 44 px target').toBeGreaterThanOrEqual(44);
      }
      expect(await page.locator(card).innerText()).toMatch(/Panic alert[\s\S]*open/);
      await acknowledge.click();
      await expect.poll(() => serverStatusOf(server.url, panic.incident.id), { timeout: 15_000 }).toBe('acknowledged');
      await expect.poll(() => page.locator(card).innerText(), { timeout: 15_000 }).toContain('acknowledged');
      await resolve.click();
      await expect.poll(() => serverStatusOf(server.url, panic.incident.id), { timeout: 15_000 }).toBe('resolved');
      expect(dashboard.pageErrors).toEqual([]);
    },
  );

  it('the filters, score and controls are in the top bar panel; the map is on its tab; a card opens its details', async () => {
    const { page } = dashboard;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/`);
    await consoleShown(page);
    expect(await page.getByRole('combobox', { name: 'Region' }).count(), 'the controls are folded away').toBe(0);

    await page.getByRole('button', { name: 'Filters and controls' }).click();
    const panel = page.getByRole('dialog', { name: 'Filters and controls' });
    await panel.getByRole('combobox', { name: 'Region' }).waitFor();
    for (const name of ['Dark', 'Show live GPS', 'Status', 'Search'])
      expect(await panel.getByText(name, { exact: true }).count(), name).toBeGreaterThan(0);
    await panel.getByRole('button', { name: 'Close' }).click();
    await panel.waitFor({ state: 'hidden' });

    await page.getByRole('tab', { name: 'Map' }).click();
    await page.getByTestId('map-panel').waitFor();
    await page.getByRole('tab', { name: 'Alerts' }).click();

    const panic = await sendPanicFromPhone(server.url, 25.5788, 91.8933);
    await page.locator(`[data-alert-card="${panic.incident.id}"]`).getByRole('button', { name: 'Details' }).click();
    await page.getByRole('dialog').filter({ hasText: panic.incident.id }).waitFor();
    expect(dashboard.pageErrors).toEqual([]);
  });
});
