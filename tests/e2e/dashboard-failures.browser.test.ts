// What the operator sees when things go wrong (SPEC §8, §4 "live stream"): failures injected between the
// real dashboard and the real server with Playwright routes, one fresh page per case.
import type { Browser, BrowserContext, Dialog, Route } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium.ts';
import { alertRow, liveUpdatesLine, openDashboard, type DashboardPage } from './support/dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { expectCount, expectText, nextRequest } from './support/expectations.ts';
import { sendPanicFromPhone, serverStatusOf } from './support/phone.ts';

const POLL_INTERVAL_MS = 10_000;
const isPath = (path: string) => (url: URL) => url.pathname === path;

let server: DashboardServer;
let browser: Browser;
let opened: DashboardPage | undefined;

beforeAll(async () => {
  server = await startDashboardServer();
  browser = await launchChromium();
});
afterEach(async () => {
  await opened?.context.close();
  opened = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

async function open(prepare?: (context: BrowserContext) => Promise<unknown>): Promise<DashboardPage> {
  opened = await openDashboard(browser, server.url, prepare);
  return opened;
}

describe('failures the operator must see, and failures that stay silent', () => {
  it("shows the skeleton and 'Refreshing…' while incidents load, then 'No alerts yet.'", async () => {
    const held: Route[] = [];
    const incidentsFilter = isPath('/incidents/filter');
    const { page, context } = await open((ctx) => ctx.route(incidentsFilter, (route) => void held.push(route)));
    await page.getByLabel('Loading alerts').waitFor();
    await page.getByRole('button', { name: 'Refreshing…' }).waitFor();
    await expect.poll(() => held.length).toBeGreaterThan(0);
    await context.unroute(incidentsFilter);
    for (const route of held) await route.continue();
    await page.getByText('No alerts yet.', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Refresh', exact: true }).waitFor();
    await expectCount(page.getByLabel('Loading alerts'), 0);
  });

  it("a failing incident load shows the server's error in the red banner, cleared by a good Refresh", async () => {
    let failing = true;
    const { page } = await open((context) =>
      context.route(isPath('/incidents/filter'), (route) =>
        failing
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({ ok: false, error: 'database on fire' }),
            })
          : route.continue(),
      ),
    );
    await expectText(page.getByRole('alert'), 'database on fire');
    failing = false;
    await Promise.all([
      nextRequest(page, '/incidents/filter'),
      page.getByRole('button', { name: 'Refresh', exact: true }).click(),
    ]);
    await expectCount(page.getByRole('alert'), 0);
    await page.getByText('No alerts yet.', { exact: true }).waitFor();
  });

  it("a malformed answer shows 'Unexpected server response'", async () => {
    let body = JSON.stringify({ ok: true, rows: [] });
    const { page } = await open((context) =>
      context.route(isPath('/incidents/filter'), (route) =>
        route.fulfill({ status: 200, contentType: 'application/json', body }),
      ),
    );
    await expectText(page.getByRole('alert'), 'Unexpected server response');
    // Not JSON at all (a proxy's error page) reads the same.
    body = '<html><body>Bad gateway</body></html>';
    await page.getByRole('button', { name: 'Refresh', exact: true }).click();
    await expectText(page.getByRole('alert'), 'Unexpected server response');
  });

  it("a failing geofence seed pops up 'Failed to seed geofence: ' with the server's error", async () => {
    const { page } = await open((context) =>
      context.route(isPath('/geofences'), (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 500,
              contentType: 'application/json',
              body: JSON.stringify({ ok: false, error: 'zone store offline' }),
            })
          : route.continue(),
      ),
    );
    // The popup blocks the page (and so the click) until it is dismissed: dismiss it as it shows.
    const shown = new Promise<{ type: string; message: string }>((resolve) =>
      page.once('dialog', (dialog: Dialog) => {
        resolve({ type: dialog.type(), message: dialog.message() });
        void dialog.dismiss();
      }),
    );
    await page.getByRole('button', { name: 'Seed Test Geofence' }).click();
    expect(await shown).toEqual({ type: 'alert', message: 'Failed to seed geofence: zone store offline' });
  });

  it('a failing acknowledge is silently ignored: the row stays open, no banner', async () => {
    const { page } = await open((context) =>
      context.route(isPath('/incidents/acknowledge'), (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({ ok: false, error: 'try later' }),
        }),
      ),
    );
    await liveUpdatesLine(page, 'Live updates: connected').waitFor();
    const sent = await sendPanicFromPhone(server.url, 25.5788, 91.8933);
    const row = alertRow(page, sent.incident.id);
    await row.waitFor();
    const failed = page.waitForResponse((r) => new URL(r.url()).pathname === '/incidents/acknowledge');
    await row.getByRole('button', { name: 'Acknowledge' }).click();
    expect((await failed).status()).toBe(500);
    await expect.poll(() => row.getByRole('button', { name: 'Acknowledge' }).isEnabled()).toBe(true);
    expect(await row.getByRole('cell').nth(6).innerText()).toBe('open');
    await expectCount(page.getByRole('alert'), 0);
    expect(await serverStatusOf(server.url, sent.incident.id)).toBe('open');
  });

  it("stream blocked: 'disconnected (fallback to polling)', alerts still arrive by polling; restored: 'connected'", async () => {
    const stream = isPath('/panic-alerts/stream');
    const seen: Record<string, number[]> = { '/gps/history': [], '/incidents/filter': [] };
    const { page, context } = await open(async (ctx) => {
      ctx.on('request', (r) => seen[new URL(r.url()).pathname]?.push(performance.now()));
      await ctx.route(stream, (route) => route.abort('connectionrefused'));
    });
    await liveUpdatesLine(page, 'Live updates: disconnected (fallback to polling)').waitFor({ timeout: 15_000 });
    await expectCount(page.getByLabel('Connection: disconnected', { exact: true }), 2);

    // The worst moment to raise an alert: just after a poll's incident reload went out. The page load
    // asks for /gps/history at once; a poll asks again about 10 s later, and its incident reload follows.
    const history = seen['/gps/history']!;
    const firstPoll = () => history.find((at) => at - history[0]! > POLL_INTERVAL_MS / 2);
    await expect.poll(firstPoll, { timeout: POLL_INTERVAL_MS + 5_000 }).toBeDefined();
    const pollAt = firstPoll()!;
    await expect.poll(() => seen['/incidents/filter']!.some((at) => at > pollAt), { timeout: 5_000 }).toBe(true);
    console.log(`stream blocked: first poll ${(pollAt - seen['/gps/history']![0]!).toFixed(0)} ms after the load`);
    const started = performance.now();
    const sent = await sendPanicFromPhone(server.url, 25.5701, 91.8801);
    await alertRow(page, sent.incident.id).waitFor({ timeout: POLL_INTERVAL_MS + 5_000 });
    const elapsed = performance.now() - started;
    const reloadsSince = seen['/incidents/filter']!.filter((at) => at > started).length;
    console.log(
      `stream blocked: alert raised just after a poll's reload reached the table by polling in ${elapsed.toFixed(0)} ms`,
    );
    // A poll reloads incidents at once (no coalescing window): the next poll's reload brings the alert, about
    // one interval later, unless the reload already on its way reached the store after the panic (panic writes
    // go first), which brings it at once. The time leaves room for a loaded machine's round trip and paint.
    expect(reloadsSince, 'incident reloads begun between the panic and its row').toBeLessThanOrEqual(1);
    expect(elapsed).toBeLessThan(POLL_INTERVAL_MS + 3_000);

    await context.unroute(stream);
    const restoredAt = performance.now();
    await liveUpdatesLine(page, 'Live updates: connected').waitFor({ timeout: 45_000 });
    console.log(`stream restored: 'connected' again after ${(performance.now() - restoredAt).toFixed(0)} ms`);
    await expectCount(page.getByLabel('Connection: connected', { exact: true }), 2);
    const live = performance.now();
    const next = await sendPanicFromPhone(server.url, 25.5702, 91.8802);
    await alertRow(page, next.incident.id).waitFor({ timeout: 5_000 });
    console.log(`stream restored: next alert painted in ${(performance.now() - live).toFixed(0)} ms`);
  });
});
