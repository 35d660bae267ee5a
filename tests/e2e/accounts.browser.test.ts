// Accounts as an admin and a new operator meet them (issue 31): the real server with sign-in on, the built
// dashboard in Chromium, two browser contexts (the admin's and the operator's). The admin creates an operator
// in the Accounts view and reads the temporary password once; the operator signs in with it, must choose a new
// one, and acknowledges a phone's panic; the admin disables them, and their open page loses its stream at once
// (the periodic stream check is set beyond the test's reach) and shows they are signed out.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium.ts';
import { alertRow, liveUpdatesLine, openDashboard, rowCells, type DashboardPage } from './support/dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { expectText } from './support/expectations.ts';
import { ADMIN_PASSWORD } from './support/operators.ts';
import { sendPanicFromPhone } from './support/phone.ts';

const OLGA = { username: 'olga', newPassword: 'olga chose this herself' };

let server: DashboardServer;
let browser: Browser;
let adminSide: DashboardPage;
let operatorSide: DashboardPage;
let temporaryPassword = '';

const admin = (): Page => adminSide.page;
const operator = (): Page => operatorSide.page;
const accountRow = () =>
  admin()
    .getByRole('table', { name: 'Accounts' })
    .locator('tbody')
    .getByRole('row')
    .filter({ has: admin().getByRole('cell', { name: OLGA.username, exact: true }) });

async function signIn(page: Page, username: string, password: string) {
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

beforeAll(async () => {
  // Open streams are checked against their sessions every ten minutes only: a stream that ends in this walk
  // was ended by the admin's act.
  server = await startDashboardServer({ AUTH: 'on', ADMIN_PASSWORD, STREAM_SESSION_CHECK_MS: '600000' });
  browser = await launchChromium();
  adminSide = await openDashboard(browser, server.url, (context) =>
    context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.url }),
  );
  operatorSide = await openDashboard(browser, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('accounts, end to end', () => {
  it('an admin creates an operator in the Accounts view and sees the temporary password once, with Copy', async () => {
    await signIn(admin(), 'admin', ADMIN_PASSWORD);
    await admin().getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Accounts' }).click();
    const table = admin().getByRole('table', { name: 'Accounts' });
    await table.getByRole('cell', { name: 'admin', exact: true }).first().waitFor({ timeout: 15_000 });

    await admin().getByRole('button', { name: 'New account' }).click();
    const form = admin().getByRole('form', { name: 'New account' });
    await form.getByLabel('Username').fill(OLGA.username);
    await form.getByLabel('Role').selectOption('operator');
    await form.getByRole('button', { name: 'Create' }).click();

    const dialog = admin().getByRole('alertdialog', { name: `Temporary password for ${OLGA.username}` });
    await dialog.waitFor({ timeout: 15_000 });
    temporaryPassword = await dialog.getByLabel('Temporary password').inputValue();
    expect(temporaryPassword).toMatch(/^[\w-]{20}$/);
    await dialog.getByRole('button', { name: 'Copy' }).click();
    await dialog.getByRole('button', { name: 'Copied' }).waitFor();
    expect(await admin().evaluate(() => navigator.clipboard.readText())).toBe(temporaryPassword);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    // Once closed, the password is nowhere on the page.
    expect(await admin().content()).not.toContain(temporaryPassword);

    await accountRow().waitFor({ timeout: 15_000 });
    const cells = await rowCells(accountRow());
    expect(cells.slice(0, 4)).toEqual([
      OLGA.username,
      expect.any(String),
      expect.stringMatching(/^Enabled\s*New password due$/),
      'Never',
    ]);
    expect(await accountRow().getByLabel(`Role of ${OLGA.username}`).inputValue()).toBe('operator');
  });

  it('the operator signs in with it in another browser, must choose a new password, then reaches the dashboard', async () => {
    await signIn(operator(), OLGA.username, temporaryPassword);
    const form = operator().getByRole('form', { name: 'Choose a new password' });
    await form.waitFor({ timeout: 15_000 });
    expect(await operator().getByRole('table', { name: 'Alerts' }).count()).toBe(0);
    await form.getByLabel('Temporary password').fill(temporaryPassword);
    await form.getByLabel(/^New password(?! again)/).fill(OLGA.newPassword);
    await form.getByLabel(/^New password again/).fill(OLGA.newPassword);
    await form.getByRole('button', { name: 'Save password' }).click();
    await operator()
      .getByRole('banner')
      .getByText(`${OLGA.username} · operator`, { exact: true })
      .waitFor({ timeout: 15_000 });
    await liveUpdatesLine(operator(), 'Live updates: connected').waitFor({ timeout: 15_000 });
  });

  it('the operator acknowledges a panic a phone raised', async () => {
    const sent = await sendPanicFromPhone(server.url, 25.5788, 91.8933);
    const row = alertRow(operator(), sent.incident.id);
    await row.waitFor({ timeout: 15_000 });
    await row.getByRole('button', { name: 'Acknowledge' }).click();
    await expectText(row.getByRole('cell').nth(6), 'acknowledged');
  });

  it("the admin sees the sign-in and disables the operator, confirming by name: the operator's page loses its stream and is signed out", async () => {
    await admin().getByRole('button', { name: 'Refresh' }).click();
    await expect.poll(async () => (await rowCells(accountRow()))[3], { timeout: 15_000 }).not.toBe('Never');
    expect((await rowCells(accountRow()))[2]).toBe('Enabled');

    const streamEnded = operator().waitForEvent('requestfinished', {
      predicate: (request) => new URL(request.url()).pathname === '/panic-alerts/stream',
      timeout: 20_000,
    });
    await accountRow().getByRole('button', { name: 'Disable' }).click();
    const confirm = admin().getByRole('alertdialog', { name: `Disable ${OLGA.username}?` });
    await confirm.getByRole('button', { name: 'Disable' }).click();
    await expectText(
      admin().getByRole('status').filter({ hasText: 'disabled' }),
      `${OLGA.username} is disabled and signed out everywhere.`,
    );
    await expect.poll(async () => (await rowCells(accountRow()))[2], { timeout: 15_000 }).toBe('Disabled');

    await streamEnded;
    await expectText(operator().getByRole('alert'), 'Your session has ended; sign in again.', 30_000);
    expect(await operator().getByRole('banner').count()).toBe(0);
    await signIn(operator(), OLGA.username, OLGA.newPassword);
    await expectText(
      operator().getByRole('alert'),
      `The account ${OLGA.username} is disabled; ask an administrator to enable it.`,
    );
    expect(adminSide.pageErrors).toEqual([]);
    expect(operatorSide.pageErrors).toEqual([]);
  });
});
