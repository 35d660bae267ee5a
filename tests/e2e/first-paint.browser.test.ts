// The first paint (issue 12): the page draws the alerts table from its first answer with a script of its
// own, before the console's code (React, Fluent UI, the statecharts) has arrived, and the console takes
// over once it has. Here the console's code is held back by the browser context, so the page can be read
// in between. The built dashboard in Chromium against the real server, sign-in off.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium.ts';
import { alertRow, alertsTable, rowCells } from './support/dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { sendPanicFromPhone } from './support/phone.ts';

const CONSOLE_CODE = /\/assets\/main-[\w-]+\.js$/;

let browser: Browser;
let server: DashboardServer;
let context: BrowserContext | undefined;

beforeAll(async () => {
  browser = await launchChromium();
  server = await startDashboardServer();
});
afterEach(async () => {
  await context?.close();
  context = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

/** A page whose console code waits until `release` is called; `asked` says whether the page has asked for it. */
async function pageWithConsoleHeld(): Promise<{ page: Page; release: () => void; asked: () => boolean }> {
  context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
  let release = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await context.route(CONSOLE_CODE, async (route) => {
    asked = true;
    await released;
    await route.continue();
  });
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  return { page, release, asked: () => asked };
}

describe('the first paint', () => {
  it("shows 'No alerts yet.' before the console's code, then hands over to the console", async () => {
    const { page, release, asked } = await pageWithConsoleHeld();
    const empty = page.locator('#first-paint').getByText('No alerts yet.', { exact: true });
    await empty.waitFor();
    await expect.poll(asked, { message: 'the console is asked for once the table is painted' }).toBe(true);
    expect(await page.getByRole('button').count()).toBe(0);
    release();
    await page.getByRole('button', { name: 'Menu' }).waitFor();
    await page.locator('#first-paint').waitFor({ state: 'detached' });
    expect(await page.getByText('No alerts yet.', { exact: true }).count()).toBe(1);
  });

  it("shows the stored panics' rows before the console's code, and the console shows them and what came meanwhile", async () => {
    const first = await sendPanicFromPhone(server.url, 25.5788, 91.8933);
    const { page, release } = await pageWithConsoleHeld();
    const row = alertRow(page, first.incident.id);
    await row.waitFor();
    expect(await row.evaluate((element) => element.closest('#first-paint') !== null)).toBe(true);
    const cells = await rowCells(row);
    expect(cells.slice(1)).toEqual(['25.57880', '91.89330', '', first.incident.id, cells[5], 'open', '']);
    expect(cells[0]).not.toBe('—');
    expect(await row.getByRole('button').count()).toBe(0);

    const meanwhile = await sendPanicFromPhone(server.url, 25.5801, 91.8899);
    release();
    await alertRow(page, first.incident.id).getByRole('button', { name: 'Acknowledge' }).waitFor();
    await alertRow(page, meanwhile.incident.id)
      .getByRole('button', { name: 'Acknowledge' })
      .waitFor({ timeout: 15_000 });
    expect(await page.locator('#first-paint').count()).toBe(0);
    expect(await alertsTable(page).count()).toBe(1);
  });

  it("says so when the console's code cannot be fetched, and reloads into the console once it can", async () => {
    context = await browser.newContext({ viewport: { width: 1280, height: 900 }, serviceWorkers: 'block' });
    let refusals = 0;
    await context.route(CONSOLE_CODE, (route) =>
      refusals++ === 0 ? route.abort('connectionrefused') : route.continue(),
    );
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await page.getByText('The console could not be loaded; the page reloads once the server answers again.').waitFor();
    await page.getByRole('button', { name: 'Menu' }).waitFor({ timeout: 20_000 });
    expect(refusals).toBe(2);
  });
});
