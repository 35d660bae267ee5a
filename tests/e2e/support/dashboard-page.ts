// The dashboard in a Chromium page: nothing may leave the machine (requests to other origins are
// refused and recorded), page errors are collected, and the locators read the page by role and name.
import type { Browser, BrowserContext, Locator, Page, Request } from 'playwright-core';
import { nextRequest } from './expectations.ts';

export interface DashboardPage {
  context: BrowserContext;
  page: Page;
  pageErrors: string[];
  offMachineRequests: string[];
  /** Number of times the top document was (re)loaded. */
  loads(): number;
}

export async function openDashboard(
  browser: Browser,
  url: string,
  prepare?: (context: BrowserContext) => Promise<unknown>,
  { serviceWorkers = 'block' }: { serviceWorkers?: 'allow' | 'block' } = {},
): Promise<DashboardPage> {
  // The console's service worker (issue 35) would serve the page's files from its cache, out of reach of the
  // routes a test sets: only the installable-app test lets it run.
  const context = await browser.newContext({
    viewport: { width: 1280, height: 900 },
    deviceScaleFactor: 1,
    serviceWorkers,
  });
  const origin = new URL(url).origin;
  const offMachineRequests: string[] = [];
  await context.route(
    (requestUrl) => requestUrl.protocol.startsWith('http') && requestUrl.origin !== origin,
    (route) => {
      offMachineRequests.push(route.request().url());
      return route.abort('internetdisconnected');
    },
  );
  await prepare?.(context);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (error) => pageErrors.push(String(error)));
  let loads = 0;
  page.on('load', () => loads++);
  await page.goto(`${url}/`);
  await consoleShown(page);
  return { context, page, pageErrors, offMachineRequests, loads: () => loads };
}

/** The console is up: its title is shown and the first paint (an alerts table drawn before it) is gone. */
export async function consoleShown(page: Page): Promise<void> {
  // The first paint has a title of its own, on screen beside the console's until the console has its rows.
  await page.locator('#root').getByRole('heading', { name: 'Panic Alerts Dashboard' }).waitFor();
  await page.waitForFunction(() => document.getElementById('first-paint') === null);
}

export const alertsTable = (page: Page): Locator => page.getByRole('table', { name: 'Alerts' });

/** The table rows (header excluded). */
export const alertRows = (page: Page): Locator => alertsTable(page).locator('tbody').getByRole('row');

export const alertRow = (page: Page, incidentId: string): Locator =>
  alertRows(page).filter({ has: page.getByRole('cell', { name: incidentId, exact: true }) });

/** The incident ids of the table's rows, in table order. */
export async function shownIncidentIds(page: Page): Promise<string[]> {
  return Promise.all((await alertRows(page).all()).map((row) => row.getByRole('cell').nth(4).innerText()));
}

/** A row's cells as text, in column order. */
export async function rowCells(row: Locator): Promise<string[]> {
  return row.getByRole('cell').allInnerTexts();
}

export const liveUpdatesLine = (page: Page, text: string): Locator => page.getByText(text, { exact: true });

export const selectByLabel = (page: Page, label: string): Locator =>
  page.getByRole('combobox', { name: label, exact: true });

/** Chooses `option` in the select labelled `label`; resolves with the GET of `path` (query accepted by `accept`) it causes. */
export async function chooseOption(
  page: Page,
  label: string,
  option: string | { label: string },
  path: string,
  accept?: (query: Record<string, string>) => boolean,
): Promise<Request> {
  const [request] = await Promise.all([
    nextRequest(page, path, accept),
    selectByLabel(page, label).selectOption(option),
  ]);
  return request;
}

export const mapPanel = (page: Page): Locator => page.getByTestId('map-panel');

/** Absolute page coordinates of a point in the map panel, relative to its centre. */
export async function mapPoint(page: Page, dx = 0, dy = 0): Promise<{ x: number; y: number }> {
  await mapPanel(page).scrollIntoViewIfNeeded();
  const box = await mapPanel(page).boundingBox();
  if (!box) throw new Error('the map panel is not on screen');
  return { x: box.x + box.width / 2 + dx, y: box.y + box.height / 2 + dy };
}

/**
 * Moves the pointer over a point of the map (relative to its centre) until the details card `name`
 * shows there with `text`, or the time runs out; the camera may still be easing to the data meanwhile.
 */
export async function hoverMapUntil(
  page: Page,
  dx: number,
  dy: number,
  name: string,
  text: string,
  timeoutMs = 20_000,
): Promise<void> {
  const card = page.getByRole('tooltip', { name });
  const deadline = Date.now() + timeoutMs;
  let jiggle = 0;
  for (;;) {
    const { x, y } = await mapPoint(page, dx, dy);
    // deck.gl picks on pointer moves: move away and back so every attempt is a fresh hover.
    await page.mouse.move(x + 1 + (jiggle++ % 2), y);
    await page.mouse.move(x, y);
    const shown = await card
      .filter({ hasText: text })
      .waitFor({ timeout: 500 })
      .then(
        () => true,
        () => false,
      );
    if (shown) return;
    if (Date.now() > deadline) {
      const cards = await page.getByRole('tooltip').allInnerTexts();
      throw new Error(
        `no "${name}" card with "${text}" at map offset (${dx}, ${dy}); cards shown: ${JSON.stringify(cards)}`,
      );
    }
  }
}
