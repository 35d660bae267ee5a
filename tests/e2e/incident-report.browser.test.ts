// The incident report (issue 34 point 6), end to end: the real server (sign-in off), the built dashboard in
// Chromium. An incident with a dispatch and notes opens in the drawer; its Report link opens the report in a
// new tab, which shows the facts, the tourist, the trail as an SVG map, the dispatch, the notes, the
// timeline and who handled it. In print the toolbar is gone, and Chromium's PDF of it holds the incident id.
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/server.ts';
import { launchChromium } from './support/chromium.ts';
import { alertRow, liveUpdatesLine, openDashboard, type DashboardPage } from './support/dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { seriousViolations } from './support/axe.ts';
import { pdfHoldsText, pdfPageCount } from './support/pdf-text.ts';
import { sendPanicFromPhone, type SentPanic } from './support/phone.ts';

const TOURIST = 'tourist-report-e2e';
const UNIT = 'Ambulance 108 Shillong-1 (demo)';

let server: DashboardServer;
let browser: Browser;
let dashboard: DashboardPage;
let sent: SentPanic;
let report: Page;

const section = (name: string): Locator => report.getByRole('region', { name });
const fact = (within: Locator, term: string): Locator =>
  within
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');

beforeAll(async () => {
  server = await startDashboardServer();
  browser = await launchChromium();
  dashboard = await openDashboard(browser, server.url);
  await liveUpdatesLine(dashboard.page, 'Live updates: connected').waitFor({ timeout: 15_000 });

  await call(server.url, 'POST', '/tourists/register', { touristId: TOURIST, name: 'Meera Das' });
  const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
  const pings = [
    [25.571, 91.881, 40],
    [25.574, 91.886, 20],
    [25.577, 91.891, 5],
  ].map(([latitude, longitude, ago]) => ({ latitude, longitude, touristId: TOURIST, at: minutesAgo(ago) }));
  await call(server.url, 'POST', '/gps/batch', { pings });
  sent = await sendPanicFromPhone(server.url, 25.5788, 91.8933, TOURIST);
  const id = sent.incident.id;
  await call(server.url, 'POST', '/incidents/acknowledge', { id, note: 'Calling the tourist back' });
  const dispatched = await call(server.url, 'POST', '/incidents/dispatches', {
    id,
    unitId: 'demo-shillong-ambulance-1',
    note: 'Tourist at the viewpoint',
  });
  expect(dispatched.status).toBe(201);
  await call(server.url, 'POST', `/incidents/dispatches/${dispatched.body.dispatch.id}/status`, { status: 'on_scene' });
  await call(server.url, 'POST', '/incidents/notes', { id, note: 'Ankle sprain, walking with help' });
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('the incident report', () => {
  it('opens from the drawer in a new tab', async () => {
    const { page } = dashboard;
    await alertRow(page, sent.incident.id).getByRole('cell').nth(1).click();
    const drawer = page.getByRole('dialog', { name: `Incident ${sent.incident.id}` });
    const link = drawer.getByRole('link', { name: 'Report' });
    expect(await link.getAttribute('target')).toBe('_blank');
    const context: BrowserContext = page.context();
    [report] = await Promise.all([context.waitForEvent('page'), link.click()]);
    await report.waitForLoadState();
    expect(new URL(report.url()).hash).toBe(`#/incidents/${sent.incident.id}/report`);
    await report
      .getByRole('heading', { name: `Incident report ${sent.incident.id}`, level: 1 })
      .waitFor({ timeout: 15_000 });
  });

  it('shows the facts, the tourist, who handled it, the trail, the dispatch, the notes and the whole timeline', async () => {
    const facts = section('Facts');
    await facts.waitFor({ timeout: 15_000 });
    expect(await fact(facts, 'Incident').innerText()).toBe(sent.incident.id);
    expect(await fact(facts, 'Status').innerText()).toBe('acknowledged');
    expect((await fact(facts, 'Region').innerText()).endsWith(`(${sent.incident.regionId})`)).toBe(true);
    expect(await fact(facts, 'Position').innerText()).toBe('25.57880, 91.89330');
    expect(await fact(section('Tourist'), 'Name').innerText()).toBe('Meera Das');
    const handled = section('Who handled it');
    expect(await fact(handled, 'Acknowledged').innerText()).toMatch(/^anonymous at /);
    expect(await fact(handled, 'Time to dispatch').innerText()).not.toBe('—');
    expect(await fact(handled, 'Time to scene').innerText()).not.toBe('—');
    await section('Map of the trail')
      .getByRole('img', { name: 'Map of the trail: 3 positions and the incident' })
      .waitFor();
    const dispatch = section('Dispatches').getByRole('row').filter({ hasText: UNIT });
    expect(await dispatch.getByRole('cell').allInnerTexts()).toEqual([
      `${UNIT} (Ambulance)`,
      'On scene',
      expect.stringMatching(/ by anonymous$/),
      expect.stringMatching(/\d/),
      '—',
      'dispatched: Tourist at the viewpoint',
    ]);
    await section('Notes').getByRole('cell', { name: 'Ankle sprain, walking with help' }).waitFor();
    const steps = await section('Timeline').locator('tbody tr td:nth-child(2)').allInnerTexts();
    expect(steps).toEqual([
      `${TOURIST} raised it`,
      'anonymous acknowledged it: Calling the tourist back',
      `anonymous dispatched ${UNIT}: Tourist at the viewpoint`,
      `anonymous marked ${UNIT} on scene`,
      'anonymous added a note: Ankle sprain, walking with help',
    ]);
  });

  it('has no serious or critical accessibility violation (axe-core)', async () => {
    expect(await seriousViolations(report)).toEqual([]);
  });

  it('hides the Print button in print, and prints an A4 PDF holding the incident id', async () => {
    const print = report.getByRole('button', { name: 'Print' });
    expect(await print.isVisible()).toBe(true);
    await report.emulateMedia({ media: 'print' });
    expect(await print.isVisible()).toBe(false);
    expect(await report.getByRole('navigation').count()).toBe(0);
    const pdf = await report.pdf({ format: 'A4', printBackground: true });
    await report.emulateMedia({ media: 'screen' });
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdfHoldsText(pdf, sent.incident.id)).toBe(true);
    expect(pdfHoldsText(pdf, 'Meera Das')).toBe(true);
    // The dispatches and the timeline each start a sheet of their own.
    expect(pdfPageCount(pdf)).toBeGreaterThanOrEqual(3);
  });

  it('raised no page error', () => {
    expect(dashboard.pageErrors).toEqual([]);
  });
});
