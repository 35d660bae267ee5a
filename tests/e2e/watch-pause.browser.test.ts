// Pausing a tourist's watch from the incident drawer (issue 32 point 4), end to end: the real server
// (sign-in off, so everyone is `anonymous`) and the built dashboard in Chromium. The operator pauses the
// tourist of a panic until 07:00 the coming morning because the phone is charging; the drawer says so, a page
// opened afterwards reads the same pause from the server, and Resume watching lifts it for both.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/server.ts';
import { launchChromium } from './support/chromium.ts';
import { alertRow, liveUpdatesLine, openDashboard } from './support/dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { sendPanicFromPhone, type SentPanic } from './support/phone.ts';

const TOURIST = 'tourist-pause';
const WATCHED = 'Watched: silence and standing still raise incidents.';

let server: DashboardServer;
let browser: Browser;
let sent: SentPanic;

const drawer = (page: Page): Locator => page.getByRole('dialog', { name: `Incident ${sent.incident.id}` });
const watchLine = (page: Page): Locator => drawer(page).getByRole('region', { name: 'Watch' }).locator('p');

async function openDrawer(page: Page) {
  await alertRow(page, sent.incident.id).waitFor({ timeout: 15_000 });
  await alertRow(page, sent.incident.id).getByRole('cell').nth(1).click();
  await drawer(page).waitFor({ timeout: 15_000 });
}

beforeAll(async () => {
  server = await startDashboardServer();
  browser = await launchChromium();
  sent = await sendPanicFromPhone(server.url, 25.5788, 91.8933, TOURIST);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe("pausing a tourist's watch from the drawer", () => {
  it('pauses until 07:00 with a reason, a page opened later reads the pause, and Resume watching lifts it', async () => {
    const { page } = await openDashboard(browser, server.url);
    await liveUpdatesLine(page, 'Live updates: connected').waitFor({ timeout: 15_000 });
    await openDrawer(page);
    await expect.poll(() => watchLine(page).innerText(), { timeout: 10_000 }).toBe(WATCHED);
    await drawer(page).getByRole('button', { name: 'Pause watching' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pause watching' });
    await dialog.getByRole('radio', { name: /the coming morning/ }).check();
    await dialog.getByRole('radio', { name: 'Phone left charging' }).check();
    await dialog.getByRole('button', { name: 'Pause', exact: true }).click();
    await dialog.waitFor({ state: 'detached', timeout: 10_000 });
    const paused = /^Watch paused until (\d{1,2} \w{3}, )?07:00 — Phone left charging \(by anonymous\)$/;
    await expect.poll(() => watchLine(page).innerText(), { timeout: 10_000 }).toMatch(paused);

    // The server holds it: another page opened now reads it there.
    const stored = await call(server.url, 'GET', `/tourists/${TOURIST}/watch-pause`);
    expect(stored.body.pause).toMatchObject({ reason: 'Phone left charging', by: 'anonymous' });
    const later = (await openDashboard(browser, server.url)).page;
    await openDrawer(later);
    await expect.poll(() => watchLine(later).innerText(), { timeout: 10_000 }).toMatch(paused);

    await drawer(page).getByRole('button', { name: 'Resume watching' }).click();
    await expect.poll(() => watchLine(page).innerText(), { timeout: 10_000 }).toBe(WATCHED);
    expect((await call(server.url, 'GET', `/tourists/${TOURIST}/watch-pause`)).body.pause).toBeNull();
  });
});
