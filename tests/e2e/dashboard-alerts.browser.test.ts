// Alerts as an operator meets them: the real server started like `npm start`, the built dashboard in
// Chromium, panic alerts arriving from "phones" over HTTP. One server, one page; the steps build on each
// other in order, from the first alert through acknowledging, filtering and exporting to the score they
// leave (SPEC §1, §2, §4, §5, §7). The dashboard before any alert: dashboard-before-alerts.browser.test.ts.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/server.ts';
import {
  alertRow,
  alertRows,
  alertsTable,
  chooseOption,
  hoverMapUntil,
  liveUpdatesLine,
  mapPoint,
  rowCells,
  selectByLabel,
  shownIncidentIds,
  type DashboardPage,
} from './support/dashboard-page.ts';
import type { DashboardServer } from './support/dashboard-server.ts';
import { expectAttribute, expectCount, expectText, nextRequest, queryOf, selectState } from './support/expectations.ts';
import { sendPanicFromPhone, serverStatusOf, type SentPanic } from './support/phone.ts';
import { startWalk, type Walk } from './support/walk.ts';
import { offsetToLatLng } from './support/web-mercator.ts';

const CREDIT_HELP =
  'Heuristic v1, base 900 minus penalties for incident density (weighted by severity and recency), unresolved ratio, soft alerts ratio, and night-time ratio.';
const COLUMNS = ['Time', 'Latitude', 'Longitude', 'Alert ID', 'Incident ID', 'Risk', 'Status', 'Actions'];
/** API.md's columns in their order, then the dispatch columns issue 34 appends. */
const CSV_HEADER =
  'id,touristId,deviceId,type,severity,status,latitude,longitude,createdAt,resolvedAt,regionId,riskLevel,geofenceId' +
  ',dispatchedAt,dispatchedUnit,onSceneAt,dispatchOutcome,timeToDispatchS,timeToSceneS';
const SHILLONG = { latitude: 25.5788, longitude: 91.8933 };
const SINGLE_POINT_ZOOM = 13;

let walk: Walk;
let server: DashboardServer;
let dashboard: DashboardPage;
let page: Page;
let dialogs: string[];

/** Incidents of the walk, by role in it. */
const incidents: Partial<Record<'first' | 'clicked' | 'direct' | 'elsewhere', SentPanic['incident']>> = {};
const idOf = (key: keyof typeof incidents): string => {
  const incident = incidents[key];
  if (!incident) throw new Error(`the "${key}" incident was not created by an earlier step`);
  return incident.id;
};

const button = (name: string) => page.getByRole('button', { name, exact: true });
const statusCell = (incidentId: string) => alertRow(page, incidentId).getByRole('cell').nth(6);
const visibleIncidentIds = async () => (await shownIncidentIds(page)).sort();

beforeAll(async () => {
  walk = await startWalk();
  ({ server, dashboard, page, dialogs } = walk);
});

afterAll(async () => {
  await walk?.close();
});

describe('alerts on the operator dashboard, end to end', () => {
  it('a panic alert sent by a phone appears in the table and on the map without a reload', async () => {
    const loadsBefore = dashboard.loads();
    const started = performance.now();
    const sent = await sendPanicFromPhone(server.url, SHILLONG.latitude, SHILLONG.longitude);
    const row = alertRow(page, sent.incident.id);
    await row.waitFor({ timeout: 15_000 });
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const toRow = performance.now() - started;
    console.log(`POST /panic-alert → row painted in the table: ${toRow.toFixed(0)} ms`);
    incidents.first = sent.incident;

    expect(await alertsTable(page).getByRole('columnheader').allInnerTexts()).toEqual(COLUMNS);
    const cells = await rowCells(row);
    expect(cells[0]).not.toBe('—');
    expect(cells.slice(1, 7)).toEqual(['25.57880', '91.89330', sent.alert.id, sent.incident.id, '—', 'open']);
    expect(dashboard.loads(), 'no reload').toBe(loadsBefore);

    // On the map: one alert, so the camera fits on it at zoom 13; the details card names it.
    await hoverMapUntil(page, 0, 0, 'Alert details', sent.incident.id);
    console.log(
      `POST /panic-alert → alert under the pointer on the map: ${(performance.now() - started).toFixed(0)} ms`,
    );
  });

  it("'Seed Test Geofence' centres on the first incident, and the zone is drawn around it", async () => {
    const first = incidents.first!;
    const [request] = await Promise.all([
      nextRequest(page, '/geofences', () => true, 'POST'),
      button('Seed Test Geofence').click(),
    ]);
    const body = request.postDataJSON();
    expect(body).toMatchObject({ name: 'Test Geofence', riskLevel: 'red', regionId: 'default' });
    const lats = body.polygon.map((p: number[]) => p[0]);
    const lngs = body.polygon.map((p: number[]) => p[1]);
    expect((Math.min(...lats) + Math.max(...lats)) / 2).toBeCloseTo(first.latitude, 6);
    expect((Math.min(...lngs) + Math.max(...lngs)) / 2).toBeCloseTo(first.longitude, 6);
    expect(Math.max(...lats) - Math.min(...lats)).toBeCloseTo(0.02, 6);
    // 60 px east of the alert, inside the ±0.01° square (±116 px at zoom 13), outside the alert's dot.
    await hoverMapUntil(page, 60, 0, 'Zone details', body.id);
    expect(await page.getByRole('tooltip', { name: 'Zone details' }).innerText()).toContain('Test Geofence');
    expect(dialogs).toEqual([]);
  });

  it('test alert mode: a map click sends the clicked position and the alert comes back in the table', async () => {
    const testMode = page.getByRole('checkbox', { name: 'Test Alert Mode (click map)' });
    await testMode.check();
    await page.getByText('Click on the map to send a test alert', { exact: true }).waitFor();
    const [dx, dy] = [60, -20];
    const point = await mapPoint(page, dx, dy);
    const [request] = await Promise.all([
      nextRequest(page, '/incidents/test-alert', () => true, 'POST'),
      page.mouse.click(point.x, point.y),
    ]);
    const body = request.postDataJSON();
    const expected = offsetToLatLng(incidents.first!, SINGLE_POINT_ZOOM, dx, dy);
    expect(Math.abs(body.latitude - expected.latitude)).toBeLessThan(0.0005);
    expect(Math.abs(body.longitude - expected.longitude)).toBeLessThan(0.0005);
    const answer = await (await request.response())!.json();
    incidents.clicked = answer.incident;
    const row = alertRow(page, answer.incident.id);
    await row.waitFor();
    // The click fell inside the seeded red zone: the server says so and the table shows it.
    expect((await rowCells(row))[5]).toBe('red');
    await testMode.uncheck();
    await expectCount(page.getByText('Click on the map to send a test alert', { exact: true }), 0);
  });

  it('acknowledge then resolve: buttons follow §4 and the server agrees', async () => {
    const id = idOf('first');
    const acknowledge = alertRow(page, id).getByRole('button', { name: 'Acknowledge' });
    const resolve = alertRow(page, id).getByRole('button', { name: 'Resolve' });
    expect(await acknowledge.isEnabled()).toBe(true);
    expect(await resolve.isEnabled()).toBe(true);

    await acknowledge.click();
    await expectText(statusCell(id), 'acknowledged');
    await expect.poll(() => acknowledge.isDisabled()).toBe(true);
    expect(await resolve.isEnabled()).toBe(true);
    await expect.poll(() => serverStatusOf(server.url, id)).toBe('acknowledged');

    await resolve.click();
    await expectText(statusCell(id), 'resolved');
    await expect.poll(() => resolve.isDisabled()).toBe(true);
    expect(await acknowledge.isDisabled()).toBe(true);
    await expect.poll(() => serverStatusOf(server.url, id)).toBe('resolved');
  });

  it('resolve straight from open; a change made elsewhere reaches the row without a reload', async () => {
    const direct = await sendPanicFromPhone(server.url, 25.5601, 91.8702);
    const elsewhere = await sendPanicFromPhone(server.url, 25.5502, 91.8601);
    incidents.direct = direct.incident;
    incidents.elsewhere = elsewhere.incident;
    await alertRow(page, direct.incident.id).waitFor();
    await alertRow(page, direct.incident.id).getByRole('button', { name: 'Resolve' }).click();
    await expectText(statusCell(direct.incident.id), 'resolved');
    await expect
      .poll(() => alertRow(page, direct.incident.id).getByRole('button', { name: 'Acknowledge' }).isDisabled())
      .toBe(true);
    await expect.poll(() => serverStatusOf(server.url, direct.incident.id)).toBe('resolved');

    // Another operator acknowledges over the API: the stream brings the new status.
    const loadsBefore = dashboard.loads();
    await alertRow(page, elsewhere.incident.id).waitFor();
    expect((await call(server.url, 'POST', '/incidents/acknowledge', { id: elsewhere.incident.id })).status).toBe(200);
    await expectText(statusCell(elsewhere.incident.id), 'acknowledged');
    expect(await alertRow(page, elsewhere.incident.id).getByRole('button', { name: 'Acknowledge' }).isDisabled()).toBe(
      true,
    );
    expect(dashboard.loads()).toBe(loadsBefore);
  });

  it('status filter and search narrow the table on the client', async () => {
    const [first, clicked, direct, elsewhere] = [idOf('first'), idOf('clicked'), idOf('direct'), idOf('elsewhere')];
    const all = [first, clicked, direct, elsewhere].sort();
    await expect.poll(visibleIncidentIds).toEqual(all);
    const status = selectByLabel(page, 'Status');
    const search = page.getByRole('searchbox', { name: 'Search' });

    await status.selectOption({ label: 'Open' });
    await expect.poll(visibleIncidentIds).toEqual([clicked]);
    await status.selectOption({ label: 'Acknowledged' });
    await expect.poll(visibleIncidentIds).toEqual([elsewhere]);
    await status.selectOption({ label: 'Resolved' });
    await expect.poll(visibleIncidentIds).toEqual([first, direct].sort());
    await search.fill(direct);
    await expect.poll(visibleIncidentIds).toEqual([direct]);
    await status.selectOption({ label: 'All' });
    await expect.poll(visibleIncidentIds).toEqual([direct]);

    await search.fill('red'); // risk
    await expect.poll(visibleIncidentIds).toEqual([clicked]);
    await search.fill('acknowledged'); // status
    await expect.poll(visibleIncidentIds).toEqual([elsewhere]);
    await search.fill('default'); // region
    await expect.poll(visibleIncidentIds).toEqual(all);
    await search.fill('no-such-incident');
    await expectCount(alertRows(page), 0);
    await page.getByText('No alerts match the status filter and search.', { exact: true }).waitFor();
    await search.fill('');
    await expect.poll(visibleIncidentIds).toEqual(all);
  });

  it('region, time window and place change the requests and persist across a reload', async () => {
    const created = await call(server.url, 'POST', '/geofences', {
      id: 'shillong-police-bazar',
      name: 'Police Bazar',
      riskLevel: 'yellow',
      regionId: 'shillong',
      polygon: [
        [25.57, 91.87],
        [25.57, 91.89],
        [25.59, 91.89],
        [25.59, 91.87],
      ],
      meta: { placeId: 'police-bazar' },
    });
    expect(created.status).toBeLessThan(300);
    // 'Refresh all' reloads everything, the geofences (and so the places) among them.
    const refreshed = [
      '/incidents/filter',
      '/geofences',
      '/safety-score',
      '/safety-credit',
      '/did/anchors',
      '/gps/last',
      '/gps/history',
      '/regions',
      '/db-mode',
      '/events',
    ];
    await Promise.all([
      ...refreshed.map((path) => nextRequest(page, path)),
      nextRequest(page, '/incidents', (q) => q.limit === '50'),
      button('Refresh all').click(),
    ]);

    const [filterRequest, scoreRequest, creditRequest] = await Promise.all([
      nextRequest(page, '/incidents/filter', (q) => q.regionId === 'shillong'),
      nextRequest(page, '/safety-score', (q) => q.regionId === 'shillong'),
      nextRequest(page, '/safety-credit', (q) => q.regionId === 'shillong'),
      selectByLabel(page, 'Region').selectOption('shillong'),
    ]);
    expect(queryOf(filterRequest)).toEqual({ regionId: 'shillong' });
    expect(queryOf(scoreRequest)).toEqual({ regionId: 'shillong' });
    expect(queryOf(creditRequest)).toEqual({ regionId: 'shillong' });
    const shillongScore = (await call(server.url, 'GET', '/safety-score?regionId=shillong')).body.score;
    await expectText(
      page.getByRole('status', { name: 'Safety Score' }),
      `Safety Score (shillong): ${shillongScore}/900`,
    );
    await expect
      .poll(() => selectState(selectByLabel(page, 'Place')))
      .toMatchObject({ options: ['(all in region)', 'police-bazar'] });

    const windowRequest = await chooseOption(
      page,
      'Time Window',
      { label: 'Last 1h' },
      '/incidents/filter',
      (q) => q.minutes === '60',
    );
    expect(queryOf(windowRequest)).toEqual({ regionId: 'shillong', minutes: '60' });

    const placeRequest = await chooseOption(
      page,
      'Place',
      'police-bazar',
      '/safety-credit',
      (q) => q.placeId === 'police-bazar',
    );
    expect(queryOf(placeRequest)).toEqual({ regionId: 'shillong', placeId: 'police-bazar' });
    expect(
      await page.evaluate(() => [
        localStorage.getItem('dash.regionId'),
        localStorage.getItem('dash.windowMinutes'),
        localStorage.getItem('dash.place.shillong'),
      ]),
    ).toEqual(['shillong', '60', 'police-bazar']);

    // Reload: the same choices, and the first requests already carry them.
    const [reloadFilter, reloadCredit] = await Promise.all([
      nextRequest(page, '/incidents/filter'),
      nextRequest(page, '/safety-credit'),
      page.reload(),
    ]);
    expect(queryOf(reloadFilter)).toEqual({ regionId: 'shillong', minutes: '60' });
    expect(queryOf(reloadCredit)).toEqual({ regionId: 'shillong', placeId: 'police-bazar' });
    await expect.poll(() => selectState(selectByLabel(page, 'Region')).then((s) => s.value)).toBe('shillong');
    expect((await selectState(selectByLabel(page, 'Time Window'))).value).toBe('60');
    await expect.poll(() => selectState(selectByLabel(page, 'Place')).then((s) => s.value)).toBe('police-bazar');

    // 'all' and 'All' are not sent.
    const allRegions = await chooseOption(page, 'Region', 'all', '/incidents/filter', (q) => !('regionId' in q));
    expect(queryOf(allRegions)).toEqual({ minutes: '60' });
    const allTime = await chooseOption(
      page,
      'Time Window',
      { label: 'All' },
      '/incidents/filter',
      (q) => !('minutes' in q),
    );
    expect(new URL(allTime.url()).search).toBe('');
    await expect
      .poll(visibleIncidentIds)
      .toEqual([idOf('first'), idOf('clicked'), idOf('direct'), idOf('elsewhere')].sort());

    await chooseOption(page, 'Region', 'default', '/incidents/filter', (q) => q.regionId === 'default');
    await liveUpdatesLine(page, 'Live updates: connected').waitFor();
  });

  it("'Export CSV' and 'Download CSV' open the export with the current region and window", async () => {
    await chooseOption(page, 'Time Window', { label: 'Last 24h' }, '/incidents/filter', (q) => q.minutes === '1440');
    for (const name of ['Export CSV', 'Download CSV']) {
      const [popup, request] = await Promise.all([
        dashboard.context.waitForEvent('page'),
        dashboard.context.waitForEvent('request', (r) => new URL(r.url()).pathname === '/incidents/export'),
        button(name).click(),
      ]);
      expect(queryOf(request)).toEqual({ regionId: 'default', minutes: '1440' });
      await popup.close();
      const csv = await call(server.url, 'GET', `/incidents/export?${new URL(request.url()).searchParams}`);
      expect(csv.status).toBe(200);
      const lines = String(csv.body).trim().split(/\r?\n/);
      expect(lines[0]).toBe(CSV_HEADER);
      for (const key of ['first', 'clicked', 'direct', 'elsewhere'] as const)
        expect(String(csv.body)).toContain(idOf(key));
    }
    await chooseOption(page, 'Time Window', { label: 'All' }, '/incidents/filter', (q) => !('minutes' in q));
  });

  it('the Safety Credit box: score/900 in its band, the help tooltip, and the raw breakdown dialog', async () => {
    const answer = (await call(server.url, 'GET', '/safety-credit?regionId=default')).body;
    const band = answer.score >= 700 ? 'green' : answer.score >= 400 ? 'yellow' : 'red';
    const credit = page.getByRole('group', { name: 'Safety Credit' });
    await Promise.all([nextRequest(page, '/safety-credit'), button('Refresh').click()]);
    await expectText(credit.getByLabel('Safety Credit score'), `${answer.score}/900`);
    await expectAttribute(credit, 'data-band', band);
    const score = (await call(server.url, 'GET', '/safety-score?regionId=default')).body.score;
    await expectText(page.getByRole('status', { name: 'Safety Score' }), `Safety Score (default): ${score}/900`);

    await page.getByRole('button', { name: 'About the safety credit' }).hover();
    await page.getByRole('tooltip').filter({ hasText: CREDIT_HELP }).waitFor({ state: 'visible' });

    await button('Breakdown').click();
    const dialog = page.getByRole('dialog', { name: 'Safety Credit Breakdown' });
    await dialog.waitFor();
    const raw = JSON.parse(await dialog.locator('pre').innerText());
    expect(raw).toMatchObject({ ok: true, score: answer.score, components: answer.components, inputs: answer.inputs });
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expectCount(page.getByRole('dialog', { name: 'Safety Credit Breakdown' }), 0);
    expect(dashboard.pageErrors).toEqual([]);
    expect(dashboard.offMachineRequests).toEqual([]);
  });
});
