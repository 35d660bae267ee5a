// The installable app (issue 35): a web app manifest and a service worker; on a lost network a reload still
// opens the console from its cached shell, while the API and the live stream are never answered from a cache;
// a new version waits for the operator's "Reload now" and never reloads the page on its own.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distDir } from '../../server/build-dashboard.ts';
import { launchChromium } from './support/chromium.ts';
import { consoleShown, openDashboard, type DashboardPage } from './support/dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { sendPanicFromPhone } from './support/phone.ts';

let server: DashboardServer;
let browser: Browser;
let dashboard: DashboardPage;
const workerFile = join(distDir, 'service-worker.js');
let builtWorker: string;

beforeAll(async () => {
  server = await startDashboardServer();
  builtWorker = readFileSync(workerFile, 'utf8');
  browser = await launchChromium();
  dashboard = await openDashboard(browser, server.url, undefined, { serviceWorkers: 'allow' });
});
afterAll(async () => {
  writeFileSync(workerFile, builtWorker);
  await browser?.close();
  await server?.dispose();
});

describe('installable app', () => {
  it('has a manifest a browser installs from', async () => {
    const { page } = dashboard;
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = await page.evaluate(async (url) => (await fetch(url!)).json(), href);
    expect(manifest).toMatchObject({ name: 'Panic Alerts Dashboard', start_url: '/', display: 'standalone' });
    expect(manifest.icons.length).toBeGreaterThan(0);
  });

  it('registers its worker after start, and a reload on a lost network opens the console code from the cached shell', async () => {
    const { page, context } = dashboard;
    const script = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(script).toBe(`${server.url}/service-worker.js`);
    await page.reload();
    await consoleShown(page);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);

    await context.setOffline(true);
    try {
      await page.reload();
      // The console's own code runs from the cache and says what it cannot reach.
      await page.getByText('The server cannot be reached; trying again in a few seconds.').waitFor();
      const api = await page.evaluate(() =>
        fetch('/incidents?limit=1').then(
          (answer) => `answered ${answer.status}`,
          () => 'no answer',
        ),
      );
      expect(api, 'the API is never answered from a cache').toBe('no answer');
      const stream = await page.evaluate(() =>
        fetch('/panic-alerts/stream').then(
          (answer) => `answered ${answer.status}`,
          () => 'no answer',
        ),
      );
      expect(stream, 'nor the stream').toBe('no answer');
    } finally {
      await context.setOffline(false);
    }
  });

  it('a reload on a lost network shows the last known alerts marked stale, and the live console once the server answers', async () => {
    const { page, context } = dashboard;
    await page.reload();
    await consoleShown(page);
    const panic = await sendPanicFromPhone(server.url, 25.5789, 91.8934);
    const liveRow = page.getByRole('row').filter({ hasText: panic.incident.id });
    await liveRow.first().waitFor();
    // Kept once per second after a change: wait until what was kept names the new alert.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('dash.lastKnown') ?? ''), { timeout: 15_000 })
      .toContain(panic.incident.id);

    await context.setOffline(true);
    try {
      await page.reload();
      const banner = page.locator('[data-stale-banner]');
      await banner.waitFor();
      expect(await banner.innerText()).toMatch(
        /Offline: showing the last known state from .+\. Nothing here is live\./,
      );
      const staleRow = page.locator('tr[data-stale]').filter({ hasText: panic.incident.id });
      await staleRow.waitFor();
      expect(await staleRow.innerText()).toContain('stale');
      expect(await staleRow.getByRole('button', { name: 'Acknowledge' }).isDisabled(), 'no action on a stale row').toBe(
        true,
      );
    } finally {
      await context.setOffline(false);
    }
    // The session is checked again every 5 s: the live console replaces the stale one.
    await page.locator('[data-stale-banner]').waitFor({ state: 'detached', timeout: 15_000 });
    await consoleShown(page);
    await page.getByRole('row').filter({ hasText: panic.incident.id }).first().waitFor();
    expect(await page.locator('tr[data-stale]').count()).toBe(0);
  });

  it('a new version waits for Reload now, with a panic open, and never reloads on its own', async () => {
    const { page } = dashboard;
    await page.reload();
    await consoleShown(page);
    await sendPanicFromPhone(server.url, 25.5788, 91.8933);
    await page.locator('[data-panic-bar]').waitFor();
    writeFileSync(workerFile, `${builtWorker}\n// a new deployment\n`);
    const loadsBefore = dashboard.loads();
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.update());
    const prompt = page.locator('[data-update-ready]');
    await prompt.waitFor({ timeout: 30_000 });
    expect(await prompt.innerText()).toContain('handle the open panics first');
    await page.waitForTimeout(2_000);
    expect(dashboard.loads(), 'no reload on its own').toBe(loadsBefore);
    await prompt.getByRole('button', { name: 'Reload now' }).click();
    await expect.poll(() => dashboard.loads(), { timeout: 15_000 }).toBe(loadsBefore + 1);
  });
});
