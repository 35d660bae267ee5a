// Sign-in and the audit trail as operators meet them (issue 10): the real server with sign-in on (AUTH=on,
// the first admin from ADMIN_PASSWORD, who makes a supervisor and a viewer), the built dashboard in
// Chromium. One server, one page; the steps build on each other in order: the sign-in page alone, signing
// in, acknowledging a phone's panic, reading that act in the Audit view, signing out, and a viewer's view.
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/server.ts';
import { seriousViolations } from './support/axe.ts';
import { launchChromium } from './support/chromium.ts';
import { alertRow, liveUpdatesLine, openDashboard, rowCells, type DashboardPage } from './support/dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { expectCount, expectText } from './support/expectations.ts';
import { ADMIN_PASSWORD, createOperators, type Operator } from './support/operators.ts';
import { sendPanicFromPhone } from './support/phone.ts';

const DANA: Operator = { username: 'dana', password: 'dana has a long password', role: 'supervisor' };
const VIC: Operator = { username: 'vic', password: 'vic has a long password', role: 'viewer' };
const SESSION_ROUTES = ['/auth/me', '/auth/settings', '/auth/login', '/auth/logout'];

let server: DashboardServer;
let browser: Browser;
let dashboard: DashboardPage;
let page: Page;
let acknowledgedId: string;
/** Every answer from the API the page received, by path (static files left out). */
const answers: { path: string; status: number }[] = [];

const button = (name: string) => page.getByRole('button', { name, exact: true });
const usernameField = () => page.getByLabel('Username');
const topBar = () => page.getByRole('banner');

async function signInAs(operator: Operator) {
  await usernameField().fill(operator.username);
  await page.getByLabel('Password').fill(operator.password);
  await button('Sign in').click();
  await topBar().getByText(`${operator.username} · ${operator.role}`, { exact: true }).waitFor({ timeout: 15_000 });
}

beforeAll(async () => {
  server = await startDashboardServer({ AUTH: 'on', ADMIN_PASSWORD });
  await createOperators(server.url, [DANA, VIC]);
  browser = await launchChromium();
  dashboard = await openDashboard(browser, server.url, async (context) => {
    context.on('response', (response: Response) => {
      const { pathname } = new URL(response.url());
      if (!/\.\w+$/.test(pathname) && pathname !== '/') answers.push({ path: pathname, status: response.status() });
    });
  });
  page = dashboard.page;
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('signing in and the audit trail, end to end', () => {
  it('shows only the sign-in page before anyone signs in: no data request, no stream, no 401 storm', async () => {
    await usernameField().waitFor();
    expect(await page.getByLabel('Password').getAttribute('type')).toBe('password');
    expect(await button('Sign in').isEnabled()).toBe(true);
    await page.waitForTimeout(1_500);
    expect(answers.filter((a) => !SESSION_ROUTES.includes(a.path))).toEqual([]);
    // Only "who is signed in?" is refused, once per start of the session actor (a development build's
    // StrictMode starts it twice), and nothing asks again while the page waits.
    const refused = answers.filter((a) => a.status === 401).map((a) => a.path);
    expect(new Set(refused)).toEqual(new Set(['/auth/me']));
    expect(refused.length).toBeLessThanOrEqual(2);
    expect(await page.getByRole('table', { name: 'Alerts' }).count()).toBe(0);
  });

  it('the sign-in page has no serious or critical accessibility violation, light and dark (issue 35, axe-core)', async () => {
    for (const dark of ['1', '0']) {
      await page.evaluate((value) => localStorage.setItem('dash.dark', value), dark);
      await page.reload();
      await usernameField().waitFor();
      expect(await seriousViolations(page), `dark ${dark}`).toEqual([]);
    }
  });

  it("refuses a wrong password with the server's sentence", async () => {
    await usernameField().fill(DANA.username);
    await page.getByLabel('Password').fill('not the password');
    await button('Sign in').click();
    await expectText(page.getByRole('alert'), 'Wrong username or password.');
    expect(await usernameField().isVisible()).toBe(true);
  });

  it('signs in through the page: the dashboard loads and goes live, the top bar names the user and role', async () => {
    await signInAs(DANA);
    expect(await topBar().getByRole('button', { name: 'Sign out' }).isVisible()).toBe(true);
    await page.getByText('No alerts yet.', { exact: true }).waitFor({ timeout: 15_000 });
    await liveUpdatesLine(page, 'Live updates: connected').waitFor({ timeout: 15_000 });
    expect(await button('Seed Test Geofence').isVisible()).toBe(true);
  });

  it('acknowledges an incident a phone raised', async () => {
    const sent = await sendPanicFromPhone(server.url, 25.5788, 91.8933);
    acknowledgedId = sent.incident.id;
    const row = alertRow(page, acknowledgedId);
    await row.waitFor({ timeout: 15_000 });
    await row.getByRole('button', { name: 'Acknowledge' }).click();
    await expectText(row.getByRole('cell').nth(6), 'acknowledged');
  });

  it("the Audit view lists the acknowledge under the user's name, filters it, and says the chain is intact", async () => {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Audit' }).click();
    const table = page.getByRole('table', { name: 'Audit trail' });
    const entry = table
      .getByRole('row')
      .filter({ hasText: 'incident.acknowledge' })
      .filter({ hasText: acknowledgedId });
    await entry.waitFor({ timeout: 15_000 });
    const cells = await rowCells(entry);
    expect(cells.slice(1, 3)).toEqual([DANA.username, DANA.role]);
    expect(cells.slice(4)).toEqual(['incident.acknowledge', acknowledgedId]);
    expect(cells[3]).toMatch(/\d/);
    // The sign-in that preceded it is on the trail too, below it (newest first).
    const actions = await table
      .getByRole('row')
      .evaluateAll((rows) => rows.slice(1).map((row) => row.children[4]?.textContent));
    expect(actions.indexOf('incident.acknowledge')).toBeLessThan(actions.indexOf('auth.login'));
    await expect
      .poll(() => page.getByRole('status', { name: 'Audit chain' }).textContent())
      .toMatch(/^Chain intact: \d+ entries$/);

    await page.getByLabel('Actor').fill(DANA.username);
    await page.getByLabel('Action').fill('incident.acknowledge');
    await button('Filter').click();
    await expectCount(table.locator('tbody').getByRole('row'), 1);
    expect((await rowCells(table.locator('tbody').getByRole('row')))[5]).toBe(acknowledgedId);
  });

  it('"Sign out" returns to the sign-in page, and the session is over on the server too', async () => {
    await topBar().getByRole('button', { name: 'Sign out' }).click();
    await usernameField().waitFor({ timeout: 15_000 });
    await page.reload();
    await usernameField().waitFor({ timeout: 15_000 });
    expect(await topBar().count()).toBe(0);
  });

  it('a viewer sees the alerts but no Acknowledge, no test alerts, no export and no Audit', async () => {
    await signInAs(VIC);
    const row = alertRow(page, acknowledgedId);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getByRole('button', { name: 'Acknowledge' }).count()).toBe(0);
    expect(await row.getByRole('button', { name: 'Resolve' }).count()).toBe(0);
    expect(await page.getByRole('checkbox', { name: 'Test Alert Mode (click map)' }).count()).toBe(0);
    expect(await button('Export CSV').count()).toBe(0);
    expect(
      await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Audit' }).count(),
    ).toBe(0);
  });

  it('a session ended on the server brings the sign-in page back at the next request, saying so', async () => {
    const session = (await dashboard.context.cookies()).find((cookie) => cookie.name === 'pad_session');
    if (!session) throw new Error('no pad_session cookie after signing in');
    const ended = await call(server.url, 'POST', '/auth/logout', {}, { cookie: `${session.name}=${session.value}` });
    expect(ended.status).toBe(200);
    // The operator's next request finds out; the page may have found out already (its stream or a poll
    // answered 401), and then there is no Refresh left to click.
    await button('Refresh')
      .click({ timeout: 5_000 })
      .catch(() => undefined);
    await expectText(page.getByRole('alert'), 'Your session has ended; sign in again.');
    expect(await usernameField().isVisible()).toBe(true);
  });

  it('shows a single sign-on failure sent back in the address, then drops it from the address', async () => {
    const failure = 'The single sign-on provider refused the sign-in: access_denied.';
    await page.goto(`${server.url}/?signin_error=${encodeURIComponent(failure)}`);
    await expectText(page.getByRole('alert'), failure);
    expect(new URL(page.url()).searchParams.has('signin_error')).toBe(false);
    expect(dashboard.pageErrors).toEqual([]);
  });
});
