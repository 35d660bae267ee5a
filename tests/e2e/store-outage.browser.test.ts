// The console while PostgreSQL is away (issue 47, point 4): the real server on PostgreSQL through a TCP proxy,
// cut as a failover or a partition would. The open console says so in a banner, keeps its rows, shows the panic
// raised meanwhile at once, and drops the banner by itself: no reload, nothing shown twice.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { launchChromium } from './support/chromium.ts';
import { alertRow, alertRows, liveUpdatesLine, openDashboard, type DashboardPage } from './support/dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { expectCount } from './support/expectations.ts';
import { sendPanicFromPhone } from './support/phone.ts';
import { addressOf, startTcpProxy, type TcpProxy } from '../helpers/tcp-proxy.ts';

/** Longer than the server's and the page's retries together (a few seconds each), far below a test's time-out. */
const BACK_WITHIN_MS = 45_000;

describe.runIf(process.env.DATABASE_URL)('the console through a PostgreSQL outage', () => {
  let proxy: TcpProxy;
  let server: DashboardServer;
  let browser: Browser;
  let dashboard: DashboardPage;

  beforeAll(async () => {
    const direct = process.env.DATABASE_URL!;
    proxy = await startTcpProxy(addressOf(direct));
    server = await startDashboardServer({ DATABASE_URL: proxy.through(direct) });
    browser = await launchChromium();
    dashboard = await openDashboard(browser, server.url);
  });
  afterAll(async () => {
    await browser?.close();
    await proxy?.restore().catch(() => {});
    await server?.dispose();
    await proxy?.close();
  });

  it('says the store is away, keeps its rows, and catches up by itself when it is back', async () => {
    const { page } = dashboard;
    const banner = page.getByRole('status', { name: /The database has been unavailable since \d\d:\d\d\./ });
    await liveUpdatesLine(page, 'Live updates: connected').waitFor();
    const before = await sendPanicFromPhone(server.url, 25.5788, 91.8933);
    await alertRow(page, before.incident.id).waitFor();

    await proxy.cut();
    // The operator reads again: the server answers 503 with `store: "unavailable"` (and its stream says so).
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await banner.waitFor({ timeout: BACK_WITHIN_MS });
    expect(await banner.innerText()).toContain('New panics are still being taken and appear here as they come');
    await expectCount(alertRow(page, before.incident.id), 1);
    expect(await seriousViolations(page, '[data-store-banner]')).toEqual([]);
    // The server's English sentence is not shown beside it in a red banner.
    await expectCount(page.getByRole('alert'), 0);

    // A phone's panic is taken meanwhile (from the server's journal) and shown at once, the store still away.
    const during = await sendPanicFromPhone(server.url, 25.5711, 91.8811);
    await alertRow(page, during.incident.id).waitFor({ timeout: 5000 });
    expect(await banner.isVisible()).toBe(true);

    await proxy.restore();
    await banner.waitFor({ state: 'detached', timeout: BACK_WITHIN_MS });
    for (const sent of [before, during]) await expectCount(alertRow(page, sent.incident.id), 1);
    await expectCount(alertRows(page), 2);
    await expectCount(page.getByRole('alert'), 0);
    expect(dashboard.loads()).toBe(1);
    expect(dashboard.pageErrors).toEqual([]);
  });
});
