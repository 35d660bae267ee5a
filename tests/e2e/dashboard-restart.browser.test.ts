// The server dies mid-session and comes back on the same port and storage: the open dashboard must
// reconnect by itself and show every alert raised meanwhile, each exactly once (SPEC §4 live stream, §7).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium.ts';
import {
  alertRow,
  liveUpdatesLine,
  openDashboard,
  shownIncidentIds,
  type DashboardPage,
} from './support/dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { expectCount } from './support/expectations.ts';
import { sendPanicFromPhone } from './support/phone.ts';

let server: DashboardServer;
let browser: Browser;
let dashboard: DashboardPage;

beforeAll(async () => {
  server = await startDashboardServer();
  browser = await launchChromium();
  dashboard = await openDashboard(browser, server.url);
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const incidentIds = () => shownIncidentIds(dashboard.page);

describe('server restart mid-session', () => {
  it('reconnects by itself and shows every alert raised around the restart, none twice', async () => {
    const { page } = dashboard;
    const streamRequests: number[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/panic-alerts/stream') streamRequests.push(performance.now());
    });
    await liveUpdatesLine(page, 'Live updates: connected').waitFor();
    const before = await sendPanicFromPhone(server.url, 25.5788, 91.8933);
    await alertRow(page, before.incident.id).waitFor();

    await server.down('SIGKILL');
    await liveUpdatesLine(page, 'Live updates: disconnected (fallback to polling)').waitFor({ timeout: 15_000 });
    await expectCount(page.getByLabel('Connection: disconnected', { exact: true }), 2);

    await server.up();
    const upAt = performance.now();
    // Raised at once, before the page's stream has come back (the browser retries every few seconds).
    const during = [];
    for (const [latitude, longitude] of [
      [25.571, 91.881],
      [25.572, 91.882],
      [25.573, 91.883],
    ] as const) {
      during.push(await sendPanicFromPhone(server.url, latitude, longitude));
    }
    const postedAt = performance.now();
    const reconnectedBeforePosts = streamRequests.some((at) => at >= upAt && at < postedAt);
    console.log(
      `restart: alerts posted ${(postedAt - upAt).toFixed(0)} ms after the server answered; stream re-requested before they were all in: ${reconnectedBeforePosts}`,
    );

    await liveUpdatesLine(page, 'Live updates: connected').waitFor({ timeout: 45_000 });
    console.log(`restart: 'connected' again ${(performance.now() - upAt).toFixed(0)} ms after the server answered`);
    for (const sent of during) await alertRow(page, sent.incident.id).waitFor({ timeout: 15_000 });

    // One more alert through the restored stream; then every row is there exactly once.
    const after = await sendPanicFromPhone(server.url, 25.574, 91.884);
    await alertRow(page, after.incident.id).waitFor({ timeout: 10_000 });
    const expected = [before, ...during, after].map((sent) => sent.incident.id).sort();
    await expect.poll(async () => (await incidentIds()).sort()).toEqual(expected);
    for (const id of expected) await expectCount(alertRow(page, id), 1);
    // The banner left by the polls that failed while the server was down is gone after a good load.
    await expectCount(page.getByRole('alert'), 0);
    expect(dashboard.pageErrors).toEqual([]);
  });
});
