// A walk: one real server, one Chromium, one dashboard page whose steps build on each other in order.
// It starts once the page is live as the operator sees it: the first load done (the server is new, so the
// table is empty), the stream connected and the map shown. Popups are dismissed and recorded.
import type { Browser, Dialog, Page } from 'playwright-core';
import { launchChromium } from './chromium.ts';
import { liveUpdatesLine, mapPanel, openDashboard, type DashboardPage } from './dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './dashboard-server.ts';

export interface Walk {
  server: DashboardServer;
  dashboard: DashboardPage;
  page: Page;
  /** Messages of the popups shown so far. */
  dialogs: string[];
  /** Closes the browser and stops the server (dropping its storage). */
  close(): Promise<void>;
}

/** `start` starts the server (by default the browser walks' own). */
export async function startWalk(start: () => Promise<DashboardServer> = () => startDashboardServer()): Promise<Walk> {
  const server = await start();
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const dashboard = await openDashboard(browser, server.url);
    const dialogs: string[] = [];
    dashboard.page.on('dialog', (dialog: Dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const { page } = dashboard;
    await page.getByText('No alerts yet.', { exact: true }).waitFor();
    await liveUpdatesLine(page, 'Live updates: connected').waitFor();
    await mapPanel(page).waitFor({ timeout: 30_000 });
    const opened = browser;
    return {
      server,
      dashboard,
      page,
      dialogs,
      async close() {
        await opened.close();
        await server.dispose();
      },
    };
  } catch (error) {
    await browser?.close();
    await server.dispose();
    throw error;
  }
}
