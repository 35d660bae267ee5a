// The dashboard as an operator first meets it, before any alert: the real server started like `npm start`,
// the built dashboard in Chromium, data arriving from devices over HTTP. One server, one page, steps in
// order: the empty states first, then seeding with no incident, the side cards and dark mode, none of
// which raises an alert (SPEC §1, §2, §3, §7, §9). Alerts and everything that follows them:
// dashboard-alerts.browser.test.ts.
import { createHash } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/server.ts';
import {
  consoleShown,
  liveUpdatesLine,
  mapPanel,
  rowCells,
  selectByLabel,
  type DashboardPage,
} from './support/dashboard-page.ts';
import type { DashboardServer } from './support/dashboard-server.ts';
import {
  expectAttribute,
  expectCount,
  expectText,
  isOnTop,
  nextRequest,
  queryOf,
  selectState,
} from './support/expectations.ts';
import { sendGpsPing } from './support/phone.ts';
import { startWalk, type Walk } from './support/walk.ts';

let walk: Walk;
let server: DashboardServer;
let dashboard: DashboardPage;
let page: Page;
let dialogs: string[];

const button = (name: string) => page.getByRole('button', { name, exact: true });
const switchNamed = (name: string) => page.getByRole('switch', { name, exact: true });

beforeAll(async () => {
  walk = await startWalk();
  ({ server, dashboard, page, dialogs } = walk);
});

afterAll(async () => {
  await walk?.close();
});

describe('the operator dashboard before any alert, end to end', () => {
  it('opens on empty states: title, menu, badges, banner, cards and controls as specified', async () => {
    const title = page.getByRole('heading', { name: 'Panic Alerts Dashboard', level: 1 });
    await title.waitFor();
    expect(await page.title()).toBe('Panic Alerts Dashboard');
    expect(await isOnTop(title), 'nothing may cover the dashboard (the title is not what a pointer on it hits)').toBe(
      true,
    );
    await button('Menu').waitFor();
    await page.getByRole('img', { name: 'Logo' }).waitFor();
    for (const item of ['Dashboard', 'Anchors', 'Analytics'])
      await page.getByLabel('Main menu').getByText(item, { exact: true }).waitFor();

    // Connection: badge in the top bar and in the status strip, and the live-updates line.
    await expectCount(page.getByLabel('Connection: connected', { exact: true }), 2);
    await liveUpdatesLine(page, 'Live updates: connected').waitFor();
    const dbMode = (await call(server.url, 'GET', '/db-mode')).body.mode;
    await page.getByText(`DB: ${dbMode}`, { exact: true }).waitFor();

    // Scores of an empty region: 900/900, green.
    const banner = page.getByRole('status', { name: 'Safety Score' });
    await expectText(banner, 'Safety Score (default): 900/900');
    await expectAttribute(banner, 'data-band', 'green');
    const credit = page.getByRole('group', { name: 'Safety Credit' });
    await expectText(credit.getByLabel('Safety Credit score'), '900/900');
    await expectAttribute(credit, 'data-band', 'green');

    // Empty texts; the dev card only with the Dev toggle.
    for (const text of ['No alerts yet.', 'No anchors yet.', 'No GPS pings yet.'])
      await page.getByText(text, { exact: true }).waitFor();
    await page.getByRole('heading', { name: 'DID Anchors' }).waitFor();
    await page.getByRole('heading', { name: 'GPS Pings (latest)' }).waitFor();
    await expectCount(page.getByRole('heading', { name: 'Dev: Recent Events' }), 0);
    await expectCount(page.getByRole('alert'), 0);

    // Controls and filters with their defaults.
    const regions = (await call(server.url, 'GET', '/regions')).body.regions.map((r: { id: string }) => r.id);
    expect(regions).toEqual(expect.arrayContaining(['default', 'shillong', 'guwahati']));
    await expect
      .poll(() => selectState(selectByLabel(page, 'Region')))
      .toEqual({ options: ['all', ...regions], values: ['all', ...regions], value: 'default' });
    expect(await selectState(selectByLabel(page, 'Time Window'))).toEqual({
      options: ['All', 'Last 15m', 'Last 1h', 'Last 24h'],
      values: ['0', '15', '60', '1440'],
      value: '0',
    });
    expect(await selectState(selectByLabel(page, 'Place'))).toEqual({
      options: ['(all in region)'],
      values: [''],
      value: '',
    });
    expect((await selectState(selectByLabel(page, 'Status'))).options).toEqual([
      'All',
      'Open',
      'Acknowledged',
      'Resolved',
    ]);
    await page.getByRole('searchbox', { name: 'Search' }).waitFor();
    expect(await switchNamed('Dark mode').isChecked()).toBe(false);
    expect(await switchNamed('Dark').isChecked()).toBe(false);
    expect(await switchNamed('Dev').isChecked()).toBe(false);
    expect(await switchNamed('Show live GPS').isChecked()).toBe(true);
    expect(await switchNamed('Fit GPS').isChecked()).toBe(false);
    for (const name of ['Refresh', 'Refresh all', 'Download CSV', 'Seed Test Geofence', 'Export CSV', 'Breakdown'])
      await button(name).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Test Alert Mode (click map)' }).isChecked()).toBe(false);

    // Map card: risk legend and a 400 px map.
    expect(await page.getByRole('list', { name: 'Risk legend' }).getByRole('listitem').allInnerTexts()).toEqual([
      'red',
      'yellow',
      'green',
    ]);
    await mapPanel(page).waitFor({ timeout: 30_000 });
    expect((await mapPanel(page).boundingBox())?.height).toBe(400);
    expect(dashboard.pageErrors).toEqual([]);
  });

  it('shows the Analytics placeholder from the menu; Anchors only highlights', async () => {
    const menu = page.getByLabel('Main menu');
    await menu.getByText('Analytics', { exact: true }).click();
    await page.getByRole('heading', { name: 'Analytics (coming soon)' }).waitFor();
    await page.getByLabel('Analytics loading').waitFor();
    await expectCount(page.getByRole('heading', { name: 'Alerts', exact: true }), 0);
    await menu.getByText('Anchors', { exact: true }).click();
    await page.getByRole('heading', { name: 'Alerts', exact: true }).waitFor();
    await expectCount(page.getByRole('heading', { name: 'Analytics (coming soon)' }), 0);
    await menu.getByText('Dashboard', { exact: true }).click();
    await page.getByRole('heading', { name: 'Alerts', exact: true }).waitFor();
  });

  it("'Seed Test Geofence' with no incident posts a 0.01° red square around Bengaluru, and the server keeps it", async () => {
    const [request] = await Promise.all([
      nextRequest(page, '/geofences', () => true, 'POST'),
      button('Seed Test Geofence').click(),
    ]);
    const body = request.postDataJSON();
    expect(body).toMatchObject({ name: 'Test Geofence', riskLevel: 'red', regionId: 'bengaluru' });
    const lats = body.polygon.map((p: number[]) => p[0]);
    const lngs = body.polygon.map((p: number[]) => p[1]);
    expect(Math.min(...lats)).toBeCloseTo(12.9716 - 0.01, 6);
    expect(Math.max(...lats)).toBeCloseTo(12.9716 + 0.01, 6);
    expect(Math.min(...lngs)).toBeCloseTo(77.5946 - 0.01, 6);
    expect(Math.max(...lngs)).toBeCloseTo(77.5946 + 0.01, 6);
    await expect
      .poll(async () => (await call(server.url, 'GET', '/geofences')).body.geofences.map((g: { id: string }) => g.id))
      .toContain(body.id);
    expect(dialogs).toEqual([]);
  });

  it('GPS pings arrive live (5 decimals) and DID anchors show after Refresh (digest cut to 16)', async () => {
    const ping = await sendGpsPing(server.url, {
      touristId: 'tourist-gps-1',
      latitude: 25.581234567,
      longitude: 91.891234567,
    });
    const pings = page.getByRole('table', { name: 'GPS Pings (latest)' });
    const pingRow = pings.getByRole('row').filter({ hasText: 'tourist-gps-1' });
    await pingRow.waitFor();
    expect((await rowCells(pingRow)).slice(1)).toEqual(['25.58123', '91.89123', 'tourist-gps-1', '—']);
    expect(ping.touristId).toBe('tourist-gps-1');

    const issued = await call(server.url, 'POST', '/did/issue', {
      kycType: 'passport',
      kycHash: createHash('sha256').update('kyc-e2e').digest('hex'),
    });
    expect(issued.status).toBe(201);
    const anchor = issued.body.anchor as { didId: string; digest: string; chain: string; status: string };
    await Promise.all([
      nextRequest(page, '/did/anchors'),
      page.getByRole('button', { name: 'Refresh DID Anchors' }).click(),
    ]);
    const anchorRow = page
      .getByRole('table', { name: 'DID Anchors' })
      .getByRole('row')
      .filter({ hasText: anchor.didId });
    await anchorRow.waitFor();
    expect((await rowCells(anchorRow)).slice(1)).toEqual([
      anchor.didId,
      anchor.digest.slice(0, 16),
      anchor.chain,
      anchor.status,
    ]);
  });

  it("the Dev toggle shows 'Dev: Recent Events' with the latest events", async () => {
    const sent = await call(server.url, 'POST', '/events', {
      deviceId: 'band-e2e',
      touristId: 'tourist-e2e',
      events: [{ type: 'ble', payload: { rssi: -60 } }],
    });
    expect(sent.status).toBe(201);
    const [request] = await Promise.all([nextRequest(page, '/events'), switchNamed('Dev').click()]);
    expect(queryOf(request)).toEqual({ limit: '20' });
    const table = page.getByRole('table', { name: 'Dev: Recent Events' });
    const row = table.getByRole('row').filter({ hasText: 'band-e2e' });
    await row.waitFor();
    expect((await rowCells(row)).slice(1)).toEqual(['ble', 'band-e2e', 'tourist-e2e']);
    await switchNamed('Dev').click();
    await expectCount(page.getByRole('heading', { name: 'Dev: Recent Events' }), 0);
  });

  it('dark mode switches the theme and survives a reload', async () => {
    const background = () =>
      page
        .locator('.fui-FluentProvider')
        .first()
        .evaluate((e) => getComputedStyle(e).backgroundColor);
    const light = await background();
    await switchNamed('Dark mode').click();
    await expect.poll(() => switchNamed('Dark').isChecked()).toBe(true);
    await expect.poll(background).not.toBe(light);
    const dark = await background();
    expect(await page.evaluate(() => localStorage.getItem('dash.dark'))).toBe('1');
    await page.reload();
    await consoleShown(page);
    await expect.poll(() => switchNamed('Dark mode').isChecked()).toBe(true);
    expect(await background()).toBe(dark);
    await switchNamed('Dark').click();
    await expect.poll(() => switchNamed('Dark mode').isChecked()).toBe(false);
    expect(await page.evaluate(() => localStorage.getItem('dash.dark'))).toBe('0');
    await expect.poll(background).toBe(light);
    expect(dashboard.pageErrors).toEqual([]);
    expect(dashboard.offMachineRequests).toEqual([]);
  });
});
