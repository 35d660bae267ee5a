// The spec's Dashboard flow as an operator runs it on a fresh install: the real server started like
// `npm start` on an empty DATA_DIR (its store exactly as it makes it, seeded regions untouched), the built
// dashboard in Chromium, panics sent as the phone app sends them. One server, one browser; the steps build
// on each other in order. SPEC §2, §3 (an incident outside every zone is in region `default`), §4, §7.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  alertRow,
  alertRows,
  hoverMapUntil,
  liveUpdatesLine,
  openDashboard,
  rowCells,
  selectByLabel,
  shownIncidentIds,
  type DashboardPage,
} from '../e2e/support/dashboard-page.ts';
import type { DashboardServer } from '../e2e/support/dashboard-server.ts';
import { expectCount, expectText, nextRequest } from '../e2e/support/expectations.ts';
import { sendPanicFromPhone, serverStatusOf, type SentPanic } from '../e2e/support/phone.ts';
import { startFreshInstall } from '../e2e/support/fresh-install.ts';
import { startWalk, type Walk } from '../e2e/support/walk.ts';

const SHILLONG = { latitude: 25.5788, longitude: 91.8933 };
/** Sohra (Cherrapunji): outside every region's boundary and every zone. */
const SOHRA = { latitude: 25.2702, longitude: 91.7323 };
/** In Shillong's city limits, away from the zone seeded around the first panic. */
const LAITUMKHRAH = { latitude: 25.6102, longitude: 91.8711 };
const POLL_INTERVAL_MS = 10_000;

let walk: Walk;
let server: DashboardServer;
let dashboard: DashboardPage;
let page: Page;
const panics: Partial<Record<'shillong' | 'sohra', SentPanic>> = {};
const idOf = (key: keyof typeof panics): string => {
  const sent = panics[key];
  if (!sent) throw new Error(`no ${key} panic: the step that sends it failed`);
  return sent.incident.id;
};
const statusCell = (incidentId: string) => alertRow(page, incidentId).getByRole('cell').nth(6);
const visibleIds = async () => (await shownIncidentIds(page)).sort();

beforeAll(async () => {
  walk = await startWalk(() => startFreshInstall());
  ({ server, dashboard, page } = walk);
});

afterAll(async () => {
  await walk?.close();
});

describe("the spec's Dashboard flow on a fresh install", () => {
  it("opens on region default, and a panic at Shillong's coordinates appears in its table and on the map without a reload", async () => {
    expect(await selectByLabel(page, 'Region').inputValue()).toBe('default');
    const loadsBefore = dashboard.loads();
    panics.shillong = await sendPanicFromPhone(server.url, SHILLONG.latitude, SHILLONG.longitude);
    const row = alertRow(page, panics.shillong.incident.id);
    await row.waitFor({ timeout: 15_000 });
    expect((await rowCells(row)).slice(1, 7)).toEqual([
      '25.57880',
      '91.89330',
      panics.shillong.alert.id,
      panics.shillong.incident.id,
      '—',
      'open',
    ]);
    expect(dashboard.loads(), 'no reload').toBe(loadsBefore);
    await hoverMapUntil(page, 0, 0, 'Alert details', panics.shillong.incident.id);
  });

  it("'Seed Test Geofence' puts its zone where the panic is, and the map draws both", async () => {
    const first = panics.shillong?.incident ?? { latitude: NaN, longitude: NaN };
    const [request] = await Promise.all([
      nextRequest(page, '/geofences', () => true, 'POST'),
      page.getByRole('button', { name: 'Seed Test Geofence', exact: true }).click(),
    ]);
    const body = request.postDataJSON();
    const lats = body.polygon.map((point: number[]) => point[0]);
    const lngs = body.polygon.map((point: number[]) => point[1]);
    const centre = {
      latitude: (Math.min(...lats) + Math.max(...lats)) / 2,
      longitude: (Math.min(...lngs) + Math.max(...lngs)) / 2,
    };
    expect(
      centre.latitude,
      `zone centred on ${JSON.stringify(centre)}, the panic is at ${JSON.stringify(SHILLONG)}`,
    ).toBeCloseTo(first.latitude, 6);
    expect(centre.longitude).toBeCloseTo(first.longitude, 6);
    expect((await (await request.response())!.json()).ok).toBe(true);
    // The camera sits on the single alert at zoom 13, where the ±0.01° square reaches ±116 px: 60 px east of
    // the alert is inside the zone and off the alert's dot.
    await hoverMapUntil(page, 0, 0, 'Alert details', idOf('shillong'));
    await hoverMapUntil(page, 60, 0, 'Zone details', body.id);
  });

  it('a panic outside every region appears in the same table, filed under default', async () => {
    panics.sohra = await sendPanicFromPhone(server.url, SOHRA.latitude, SOHRA.longitude);
    expect(panics.sohra.incident.regionId).toBe('default');
    await alertRow(page, panics.sohra.incident.id).waitFor({ timeout: 15_000 });
    expect(await selectByLabel(page, 'Region').inputValue()).toBe('default');
  });

  it('acknowledge then resolve the Shillong panic: the row follows and the server agrees', async () => {
    const id = idOf('shillong');
    await alertRow(page, id).waitFor({ timeout: 15_000 });
    const acknowledge = alertRow(page, id).getByRole('button', { name: 'Acknowledge' });
    const resolve = alertRow(page, id).getByRole('button', { name: 'Resolve' });
    await acknowledge.click();
    await expectText(statusCell(id), 'acknowledged');
    await expect.poll(() => serverStatusOf(server.url, id)).toBe('acknowledged');
    await resolve.click();
    await expectText(statusCell(id), 'resolved');
    await expect.poll(() => resolve.isDisabled()).toBe(true);
    await expect.poll(() => serverStatusOf(server.url, id)).toBe('resolved');
  });

  it('the Open filter leaves the open panic only; the search finds a panic by its id and both by region', async () => {
    const [shillong, sohra] = [idOf('shillong'), idOf('sohra')];
    await expect.poll(visibleIds).toEqual([shillong, sohra].sort());
    const status = selectByLabel(page, 'Status');
    const search = page.getByRole('searchbox', { name: 'Search' });
    await status.selectOption({ label: 'Open' });
    await expect.poll(visibleIds).toEqual([sohra]);
    await status.selectOption({ label: 'All' });
    await search.fill(shillong);
    await expect.poll(visibleIds).toEqual([shillong]);
    await search.fill('default');
    await expect.poll(visibleIds).toEqual([shillong, sohra].sort());
    await search.fill('');
    await expectCount(alertRows(page), 2);
  });

  it('a second page whose stream is blocked shows a new Shillong panic through polling', async () => {
    const blocked = await openDashboard(dashboard.context.browser()!, server.url, (context) =>
      context.route(
        (url) => url.pathname === '/panic-alerts/stream',
        (route) => route.abort('connectionrefused'),
      ),
    );
    try {
      await liveUpdatesLine(blocked.page, 'Live updates: disconnected (fallback to polling)').waitFor({
        timeout: 15_000,
      });
      const started = performance.now();
      const next = await sendPanicFromPhone(server.url, LAITUMKHRAH.latitude, LAITUMKHRAH.longitude);
      await alertRow(blocked.page, next.incident.id).waitFor({ timeout: POLL_INTERVAL_MS + 5_000 });
      console.log(
        `stream blocked: the panic reached the table by polling in ${(performance.now() - started).toFixed(0)} ms`,
      );
      await alertRow(page, next.incident.id).waitFor({ timeout: 5_000 });
      expect(blocked.pageErrors).toEqual([]);
    } finally {
      await blocked.context.close();
    }
    expect(dashboard.pageErrors).toEqual([]);
  });
});
