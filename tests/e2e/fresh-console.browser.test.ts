// A console just opened (issue 33): the map's start (MapLibre, deck.gl, their shaders, compiled in software
// here) is the page's heaviest work, and must neither hold back the alerts that come while it runs nor run
// before the table is live. A fresh server and a fresh Chromium for each, so nothing is compiled beforehand.
import type { Browser } from 'playwright-core';
import { afterEach, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium.ts';
import { alertRow, liveUpdatesLine, mapPanel, openDashboard } from './support/dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { sendPanicFromPhone } from './support/phone.ts';

const BURST = 20;
/** Longer than the table takes to show, shorter than the map's own wait for a stream that never answers. */
const STREAM_DELAY_MS = 2_500;

/** Page script: the order in which the (empty) alerts table shows, the stream is live and the map creates its first canvas. */
const RECORD_START_ORDER = `
  window.startOrder = [];
  const seen = (what) => window.startOrder.includes(what) || window.startOrder.push(what);
  document.addEventListener('DOMContentLoaded', () => {
    new MutationObserver(() => {
      if ([...document.querySelectorAll('span')].some((s) => s.textContent === 'No alerts yet.')) seen('table');
      if ([...document.querySelectorAll('[role="status"]')].some((s) => s.textContent === 'Live updates: connected')) seen('live');
      if (document.querySelector('[data-testid="map-panel"] canvas')) seen('map');
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
`;

/** Page script: how often the hidden rehearsal of a first panic was drawn, whether it ever showed, and that it went. */
const RECORD_REHEARSAL = `
  window.rehearsal = { drawn: 0, shown: false, gone: false };
  document.addEventListener('DOMContentLoaded', () => {
    let present = false;
    new MutationObserver(() => {
      const drawing = document.querySelector('[data-rehearsal]');
      if (drawing && !present) window.rehearsal.drawn += 1;
      if (drawing && drawing.getBoundingClientRect().height > 0) window.rehearsal.shown = true;
      if (!drawing && present) window.rehearsal.gone = true;
      present = Boolean(drawing);
    }).observe(document.body, { childList: true, subtree: true });
  });
`;

let server: DashboardServer | undefined;
let browser: Browser | undefined;

afterEach(async () => {
  await browser?.close();
  await server?.dispose();
  browser = undefined;
  server = undefined;
});

describe('a console just opened', () => {
  it(`shows all ${BURST} panics sent the moment its stream connects in the panic bar, and the first one's row`, async () => {
    server = await startDashboardServer();
    browser = await launchChromium();
    const { page, pageErrors } = await openDashboard(browser, server.url);
    await liveUpdatesLine(page, 'Live updates: connected').waitFor();
    const url = server.url;
    const sent = await Promise.all(
      Array.from({ length: BURST }, (_, i) => sendPanicFromPhone(url, 25.5 + i * 0.001, 91.8)),
    );

    await page.getByText(`${BURST} open panic alerts`, { exact: true }).waitFor({ timeout: 30_000 });
    await alertRow(page, sent[0]!.incident.id).waitFor({ timeout: 15_000 });
    await mapPanel(page).locator('canvas').first().waitFor({ timeout: 60_000 });
    expect(pageErrors).toEqual([]);
  });

  it('starts the map only once the alerts table is live: shown, and its stream connected', async () => {
    server = await startDashboardServer();
    browser = await launchChromium();
    const { page, pageErrors } = await openDashboard(browser, server.url, async (context) => {
      await context.addInitScript({ content: RECORD_START_ORDER });
      // A slow stream: the table shows from its first load well before the stream is live.
      await context.route(
        (url) => url.pathname === '/panic-alerts/stream',
        async (route) => {
          await new Promise((resolve) => setTimeout(resolve, STREAM_DELAY_MS));
          await route.continue();
        },
      );
    });
    await mapPanel(page).locator('canvas').first().waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => (window as unknown as { startOrder: string[] }).startOrder)).toEqual([
      'table',
      'live',
      'map',
    ]);
    expect(pageErrors).toEqual([]);
  });

  it('draws one made-up panic hidden while the table is empty, then takes it away: never seen, never in the way of a real one', async () => {
    server = await startDashboardServer();
    browser = await launchChromium();
    const { page, pageErrors } = await openDashboard(browser, server.url, async (context) => {
      await context.addInitScript({ content: RECORD_REHEARSAL });
    });
    await liveUpdatesLine(page, 'Live updates: connected').waitFor();
    await page.waitForFunction(
      () => (window as unknown as { rehearsal: { drawn: number; gone: boolean } }).rehearsal.gone,
      undefined,
      { timeout: 15_000 },
    );
    const rehearsal = await page.evaluate(
      () => (window as unknown as { rehearsal: { drawn: number; shown: boolean } }).rehearsal,
    );
    expect(rehearsal).toMatchObject({ drawn: 1, shown: false });
    expect(await page.getByRole('table').count()).toBe(0);

    const sent = await sendPanicFromPhone(server.url, 25.5, 91.8);
    await alertRow(page, sent.incident.id).waitFor({ timeout: 15_000 });
    expect(await page.locator('[data-rehearsal]').count()).toBe(0);
    expect(await page.getByRole('table', { name: 'Alerts' }).locator('tbody tr').count()).toBe(1);
    expect(pageErrors).toEqual([]);
  });
});
