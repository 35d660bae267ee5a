// The built dashboard in Chromium under the Content-Security-Policy the server sends: the page, its
// stream, MapLibre's workers and the basemap (the default OpenStreetMap tiles, or an inline data: style)
// load without a single violation. Nothing leaves the machine: tile requests are recorded and refused.
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium.ts';
import { alertRow, liveUpdatesLine, mapPanel, openDashboard, type DashboardPage } from './support/dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { sendPanicFromPhone } from './support/phone.ts';

const OSM_TILE_HOST = 'https://tile.openstreetmap.org/';

declare global {
  interface Window {
    cspViolations?: string[];
  }
}

/** Collects every CSP violation the page reports, and the console's CSP complaints (workers report there). */
async function recordViolations(context: BrowserContext, consoleComplaints: string[]): Promise<void> {
  await context.addInitScript(() => {
    const seen: string[] = (window.cspViolations = []);
    document.addEventListener('securitypolicyviolation', (event) =>
      seen.push(
        `${event.violatedDirective} ${event.blockedURI} at ${event.sourceFile}:${event.lineNumber}:${event.columnNumber}`,
      ),
    );
  });
  context.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) consoleComplaints.push(message.text());
  });
}

async function violationsOf(dashboard: DashboardPage, consoleComplaints: string[]): Promise<string[]> {
  const reported = await dashboard.page.evaluate(() => window.cspViolations ?? ['the recorder did not run']);
  return [...reported, ...consoleComplaints, ...dashboard.pageErrors];
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
});

describe('the dashboard with the default OpenStreetMap tiles', () => {
  let server: DashboardServer;
  afterAll(async () => {
    await server?.dispose();
  });

  it('asks the tile host for tiles, shows a live panic, and breaks no rule of its policy', async () => {
    server = await startDashboardServer({ MAP_STYLE_URL: '' });
    const consoleComplaints: string[] = [];
    let tileRequest: Promise<unknown> | undefined;
    const dashboard = await openDashboard(browser, server.url, async (context) => {
      await recordViolations(context, consoleComplaints);
      // A tile request the policy blocks never reaches the network layer, so this would never come.
      tileRequest = context.waitForEvent('request', {
        predicate: (request) => request.url().startsWith(OSM_TILE_HOST),
        timeout: 60_000,
      });
    });
    const { page } = dashboard;
    await liveUpdatesLine(page, 'Live updates: connected').waitFor();
    const sent = await sendPanicFromPhone(server.url, 25.5788, 91.8933);
    await alertRow(page, sent.incident.id).waitFor();
    await tileRequest;
    // The request event comes before the route that refuses it has recorded it.
    await expect.poll(() => dashboard.offMachineRequests.some((url) => url.startsWith(OSM_TILE_HOST))).toBe(true);
    expect(await violationsOf(dashboard, consoleComplaints)).toEqual([]);
  });
});

describe('the dashboard with an inline (data:) style, as the other browser tests run it', () => {
  let server: DashboardServer;
  afterAll(async () => {
    await server?.dispose();
  });

  it('lets the map read its style and breaks no rule of its policy', async () => {
    server = await startDashboardServer();
    const consoleComplaints: string[] = [];
    const dashboard = await openDashboard(browser, server.url, (context) =>
      recordViolations(context, consoleComplaints),
    );
    const { page } = dashboard;
    await liveUpdatesLine(page, 'Live updates: connected').waitFor();
    await mapPanel(page).waitFor();
    // The same fetch MapLibre makes for the configured style, from the page, under its policy.
    const style = await page.evaluate(async () => {
      const config = await (await fetch('/app-config.json')).json();
      return (await fetch(config.map.styleUrl)).json();
    });
    expect(style).toMatchObject({ version: 8 });
    expect(await violationsOf(dashboard, consoleComplaints)).toEqual([]);
  });
});
