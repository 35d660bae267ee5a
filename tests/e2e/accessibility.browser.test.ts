// WCAG 2.2 AA in Chromium (issue 35): axe-core finds no serious or critical violation on the dashboard (light
// and dark, with a panic, the map and the drawer), the wall and the phone layouts, and the admin and
// supervisor views, and the offline last known state (the sign-in page's check is in
// sign-in-audit.browser.test.ts, whose server has sign-in on). No focus guard is drawn where nothing is open (tabster's
// sentinels, which axe's aria-hidden-focus reports: see src/views/WhileOpen.tsx and src/views/useArrowKeyFocus.ts) and
// focus never rests on one, new panics are announced once, and the map has a text alternative.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations, TABSTER_DUMMY } from './support/axe.ts';
import { launchChromium } from './support/chromium.ts';
import { alertRow, consoleShown, openDashboard, type DashboardPage } from './support/dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { sendPanicFromPhone, serverStatusOf } from './support/phone.ts';

let server: DashboardServer;
let browser: Browser;
let dashboard: DashboardPage;
let incidentId: string;

beforeAll(async () => {
  server = await startDashboardServer();
  browser = await launchChromium();
  dashboard = await openDashboard(browser, server.url);
  incidentId = (await sendPanicFromPhone(server.url, 25.5788, 91.8933)).incident.id;
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

async function open(
  page: Page,
  { dark, width = 1440, height = 900, path = '/' }: { dark: boolean; width?: number; height?: number; path?: string },
) {
  await page.setViewportSize({ width, height });
  await page.evaluate((value) => localStorage.setItem('dash.dark', value), dark ? '1' : '0');
  await page.goto(`${server.url}${path}`);
  await consoleShown(page);
}

const noViolations = async (page: Page) => expect(await seriousViolations(page)).toEqual([]);

describe('axe-core: no serious or critical violation', () => {
  it.each([false, true])('dashboard at 1440×900 with a panic, the map and the drawer (dark: %s)', async (dark) => {
    const { page } = dashboard;
    await open(page, { dark });
    await page.locator('[data-panic-bar]').waitFor();
    await page.getByTestId('map-panel').waitFor();
    await noViolations(page);
    await alertRow(page, incidentId).getByRole('button', { name: incidentId }).click();
    await page.getByRole('dialog').filter({ hasText: incidentId }).getByText('Timeline').first().waitFor();
    await noViolations(page);
  });

  it.each([false, true])('phone layout and its controls panel (dark: %s)', async (dark) => {
    const { page } = dashboard;
    await open(page, { dark, width: 390, height: 844 });
    await page.locator(`[data-alert-card="${incidentId}"]`).waitFor();
    await noViolations(page);
    await page.getByRole('button', { name: 'Filters and controls' }).click();
    await page
      .getByRole('dialog', { name: 'Filters and controls' })
      .getByRole('combobox', { name: 'Region' })
      .waitFor();
    await noViolations(page);
  });

  it('wall mode', async () => {
    const { page } = dashboard;
    await open(page, { dark: true, width: 1920, height: 1080, path: '/?wall' });
    await page.locator(`[data-wall-alert="${incidentId}"]`).waitFor();
    await noViolations(page);
  });

  describe('the last known state', () => {
    // Its own context: the service worker that serves the shell offline is blocked in the others. One install
    // serves both themes: the second reload on a lost network opens the shell the first one cached.
    let installed: DashboardPage;
    beforeAll(async () => {
      installed = await openDashboard(browser, server.url, undefined, { serviceWorkers: 'allow' });
      await installed.page.evaluate(async () => navigator.serviceWorker.ready);
    });
    afterAll(async () => installed?.context.close());

    it.each([false, true])('reloaded on a lost network from the cached shell (dark: %s)', async (dark) => {
      const { page, context } = installed;
      await context.setOffline(false);
      // What the theme before kept is no evidence that this load keeps it too.
      await page.evaluate(() => localStorage.removeItem('dash.lastKnown'));
      await open(page, { dark });
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      await alertRow(page, incidentId).waitFor();
      await expect
        .poll(() => page.evaluate(() => localStorage.getItem('dash.lastKnown') ?? ''), { timeout: 15_000 })
        .toContain(incidentId);
      await context.setOffline(true);
      await page.reload();
      await page.locator('tr[data-stale]').filter({ hasText: incidentId }).waitFor();
      await noViolations(page);
    });
  });

  it('every view of the menu: Audit, Zones, Regions, Webhooks, Accounts, Verify tourist, Analytics', async () => {
    const { page } = dashboard;
    await open(page, { dark: false });
    for (const view of ['Audit', 'Zones', 'Regions', 'Webhooks', 'Accounts', 'Verify tourist', 'Analytics']) {
      await page.getByRole('navigation').getByText(view, { exact: true }).click();
      await page.waitForFunction(() => !document.querySelector('[aria-label^="Loading"]'), undefined, {
        timeout: 20_000,
      });
      // A view's first answer re-enables its buttons, fading their colour: checked once the view has settled.
      await expect.poll(() => seriousViolations(page), { message: view, timeout: 10_000, interval: 1_000 }).toEqual([]);
    }
  });
});

describe('keyboard and screen reader', () => {
  it('focus never rests on a focus guard while tabbing through the dashboard', async () => {
    const { page } = dashboard;
    await open(page, { dark: false });
    await page.locator('[data-panic-bar]').waitFor();
    const stops = new Set<string>();
    for (let press = 0; press < 60; press++) {
      await page.keyboard.press('Tab');
      const stop = await page.evaluate((dummy) => {
        const element = document.activeElement;
        return element?.hasAttribute(dummy)
          ? 'DUMMY'
          : `${element?.tagName}:${element?.getAttribute('aria-label') ?? element?.textContent?.slice(0, 30)}`;
      }, TABSTER_DUMMY);
      expect(stop, `Tab ${press + 1}`).not.toBe('DUMMY');
      stops.add(stop);
    }
    expect(stops.size, 'tabbing moves through the page').toBeGreaterThan(10);
  });

  it('the main menu is one Tab stop, the arrow keys move between its items, and no focus guard surrounds it', async () => {
    const { page } = dashboard;
    await open(page, { dark: false });
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    const item = (name: string) => menu.getByRole('button', { name, exact: true });
    await item('Dashboard').waitFor();
    expect(await page.locator(`[${TABSTER_DUMMY}]`).count(), 'focus guards on the page').toBe(0);
    const focusedItem = () =>
      page.evaluate(() =>
        document.activeElement?.closest('[role="navigation"]')
          ? document.activeElement.textContent
          : 'outside the menu',
      );
    await item('Dashboard').focus();
    await page.keyboard.press('ArrowDown');
    expect(await focusedItem()).toBe('Anchors');
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowUp');
    expect(await focusedItem(), 'the arrows go round').toBe('Wall screen');
    await page.keyboard.press('Home');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Tab');
    expect(await focusedItem(), 'Tab leaves the menu at once').toBe('outside the menu');
    await page.keyboard.press('Shift+Tab');
    expect(await focusedItem(), 'and comes back to the item focused last').toBe('Anchors');
  });

  it('the operator flow by keyboard alone: reach the newest alert, open it, add a note, acknowledge, close', async () => {
    const { page } = dashboard;
    await open(page, { dark: false });
    const panic = await sendPanicFromPhone(server.url, 25.5788, 91.8933);
    await alertRow(page, panic.incident.id).waitFor();
    const focused = () =>
      page.evaluate(() => {
        const element = document.activeElement as HTMLElement | null;
        return {
          text: element?.innerText?.trim() ?? '',
          label: element?.getAttribute('aria-label') ?? '',
          tag: element?.tagName ?? '',
          visible: element?.matches(':focus-visible') ?? false,
        };
      });
    async function tabTo(
      matches: (stop: Awaited<ReturnType<typeof focused>>) => boolean,
      most: number,
      backwards = false,
    ) {
      for (let press = 0; press < most; press++) {
        await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
        const stop = await focused();
        expect(stop.visible, `focus is visible on ${stop.tag} ${stop.label || stop.text}`).toBe(true);
        if (process.env.A11Y_TRACE) console.log('stop', stop.tag, stop.label || stop.text.slice(0, 40));
        if (matches(stop)) return press + 1;
      }
      throw new Error(`not reached in ${most} presses of Tab`);
    }
    await tabTo((stop) => stop.text === 'Skip to the alerts', 1);
    await page.keyboard.press('Enter');
    const presses = await tabTo((stop) => stop.text === panic.incident.id, 8);
    await page.keyboard.press('Enter');
    const drawer = page.getByRole('dialog').filter({ hasText: panic.incident.id });
    await drawer.getByText('Timeline').first().waitFor();
    await tabTo((stop) => stop.tag === 'TEXTAREA', 40);
    await page.keyboard.type('Called the tourist: no answer');
    await tabTo((stop) => stop.text === 'Add note', 3);
    await page.keyboard.press('Enter');
    await expect
      .poll(() => drawer.locator('textarea').inputValue(), {
        message: 'the note is written and the draft cleared',
        timeout: 15_000,
      })
      .toBe('');
    await drawer.getByText('Called the tourist: no answer').first().waitFor();
    await tabTo((stop) => stop.text === 'Acknowledge', 6);
    await page.keyboard.press('Enter');
    await expect.poll(() => serverStatusOf(server.url, panic.incident.id), { timeout: 15_000 }).toBe('acknowledged');
    await expect.poll(() => drawer.innerText(), { timeout: 15_000 }).toMatch(/acknowledged/i);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    console.log(`keyboard flow: the newest alert ${presses} presses of Tab after the skip link`);
  });

  it('announces a new panic once, assertively, and not again after a reload', async () => {
    const { page } = dashboard;
    await open(page, { dark: false });
    await page.locator('[data-panic-bar]').waitFor();
    expect(await page.locator('[data-announce="assertive"]').innerText()).toBe('');
    const panic = await sendPanicFromPhone(server.url, 25.5788, 91.8933);
    await alertRow(page, panic.incident.id).waitFor();
    await expect
      .poll(() => page.locator('[data-announce="assertive"]').innerText(), { timeout: 15_000 })
      .toMatch(/^Panic alert in \S+ at /);
    expect(await page.locator('[aria-live="assertive"]').count()).toBe(1);
    expect(await page.locator('[data-announce="polite"]').innerText()).toBe('');
    await page.reload();
    await consoleShown(page);
    await alertRow(page, panic.incident.id).waitFor();
    await page.waitForTimeout(500);
    expect(await page.locator('[data-announce="assertive"]').innerText(), 'a reload announces nothing').toBe('');
  });

  it('the map has a text alternative: the alerts it draws', async () => {
    const { page } = dashboard;
    await open(page, { dark: false });
    const alternative = page.getByRole('region', { name: 'Alerts on the map' });
    await expect.poll(() => alternative.innerText(), { timeout: 15_000 }).toContain('Panic alert');
    expect(await alternative.innerText()).toMatch(/The map draws \d+ alerts/);
    expect(await alternative.getByRole('listitem').count()).toBeGreaterThan(0);
  });
});
