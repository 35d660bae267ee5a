// The page's first requests (issue 12): who is signed in, then the table's incidents, asked for as the page's
// code starts and ahead of every other data request and the stream, so that the table is what comes first.
// The built dashboard in Chromium against the real server with sign-in off; with sign-in on, the page asks
// for no data before anyone signs in (sign-in-audit.browser.test.ts).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium.ts';
import { alertRow, openDashboard, type DashboardPage } from './support/dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { sendPanicFromPhone } from './support/phone.ts';

let browser: Browser;
let server: DashboardServer;
let dashboard: DashboardPage | undefined;
const DATA_PATHS = [
  '/incidents',
  '/geofences',
  '/safety-score',
  '/safety-credit',
  '/did/anchors',
  '/gps/last',
  '/gps/history',
  '/events',
  '/regions',
  '/db-mode',
  '/panic-alerts/stream',
];

beforeAll(async () => {
  browser = await launchChromium();
  server = await startDashboardServer();
});
afterAll(async () => {
  await dashboard?.context.close();
  await browser?.close();
  await server?.dispose();
});

describe('the page on opening', () => {
  it('asks who is signed in, then for the table, before any other data, and shows the table from that answer', async () => {
    const sent = await sendPanicFromPhone(server.url, 25.5788, 91.8933);
    const requested: string[] = [];
    dashboard = await openDashboard(browser, server.url, async (context) => {
      context.on('request', (request) => {
        const { pathname, search } = new URL(request.url());
        if (pathname.startsWith('/auth/') || DATA_PATHS.includes(pathname) || pathname === '/incidents/filter')
          requested.push(`${pathname}${search}`);
      });
    });
    await alertRow(dashboard.page, sent.incident.id).waitFor({ timeout: 15_000 });
    expect(requested[0]).toBe('/auth/me');
    expect(requested[1]).toBe('/incidents/filter?regionId=default');
    const otherData = requested.slice(2).filter((path) => DATA_PATHS.includes(path.split('?')[0]));
    expect(otherData).toEqual(expect.arrayContaining(['/geofences', '/regions', '/panic-alerts/stream']));
  });
});
