// Never missed (issue 11), end to end: the real server with the built dashboard in Chromium, region
// `default` selected, panics arriving from phones in Shillong. The bar and the tab title name them, the
// alarm rings until Silence (and again for the next new panic), Show brings the row into view, and
// acknowledging the last open panic ends the bar, the count and the alarm. A second page under the
// desktop autoplay policy (audio held until a gesture) shows `Enable sound` until the operator's click.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/server.ts';
import {
  alarmMode,
  countOscillators,
  holdAudioUntilGesture,
  launchChromiumWithAutoplay,
  oscillatorsStarted,
} from './support/alarm-probe.ts';
import { alertRow, liveUpdatesLine, openDashboard, selectByLabel } from './support/dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { expectCount } from './support/expectations.ts';
import { sendPanicFromPhone, serverStatusOf } from './support/phone.ts';

const SHILLONG = { latitude: 25.5788, longitude: 91.8933 };
/** The alarm's steady interval is 4 s: a wait longer than it proves a silence. */
const LONGER_THAN_A_TONE_INTERVAL_MS = 5_000;
const TIMEOUT = 15_000;

let server: DashboardServer;
let browser: Browser | undefined;
let page: Page;
const raised: string[] = [];

const panicBar = (name: string | RegExp) => page.getByRole('group', { name });
const button = (name: string, scope: Page | Locator = page) => scope.getByRole('button', { name, exact: true });

async function expectEventually<T>(read: () => Promise<T>, expected: T) {
  await expect.poll(read, { timeout: TIMEOUT }).toBe(expected);
}

/** Panics are placed in a region by the zone they fall in: a zone of region shillong around the city. */
async function zoneAroundShillong(url: string) {
  const { latitude: lat, longitude: lng } = SHILLONG;
  const half = 0.05;
  const polygon = [
    [lat - half, lng - half],
    [lat - half, lng + half],
    [lat + half, lng + half],
    [lat + half, lng - half],
  ];
  const response = await call(url, 'POST', '/geofences', {
    id: 'shillong-city',
    name: 'Shillong',
    riskLevel: 'yellow',
    regionId: 'shillong',
    polygon,
  });
  if (response.status >= 300)
    throw new Error(`POST /geofences answered ${response.status}: ${JSON.stringify(response.body)}`);
}

beforeAll(async () => {
  server = await startDashboardServer();
  await zoneAroundShillong(server.url);
  browser = await launchChromiumWithAutoplay();
  const dashboard = await openDashboard(browser, server.url, countOscillators);
  page = dashboard.page;
  await liveUpdatesLine(page, 'Live updates: connected').waitFor({ timeout: TIMEOUT });
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('a panic is never missed, end to end', () => {
  it('with region default selected, a panic in Shillong raises the bar and the title count, and the alarm rings', async () => {
    expect(await selectByLabel(page, 'Region').inputValue()).toBe('default');
    expect(await page.title()).toBe('Panic Alerts Dashboard');
    expect(await alarmMode(page)).toBe('quiet');
    const sent = await sendPanicFromPhone(server.url, SHILLONG.latitude, SHILLONG.longitude);
    raised.push(sent.incident.id);
    await panicBar('New panic alert in shillong').waitFor({ timeout: TIMEOUT });
    await expectEventually(() => page.title(), '(1) Panic Alerts Dashboard');
    await expectEventually(() => alarmMode(page), 'ringing');
    await expect.poll(() => oscillatorsStarted(page), { timeout: TIMEOUT }).toBeGreaterThan(0);
    // Not in the table: region default is still what the operator looks at.
    expect(await alertRow(page, sent.incident.id).count()).toBe(0);
  });

  it('Silence stops the alarm, and the next new panic rings it again', async () => {
    await button('Silence').click();
    await expectEventually(() => alarmMode(page), 'silenced');
    await expectCount(button('Silence'), 0);
    const silencedAt = await oscillatorsStarted(page);
    await page.waitForTimeout(LONGER_THAN_A_TONE_INTERVAL_MS);
    expect(await oscillatorsStarted(page), 'no tone while silenced').toBe(silencedAt);

    const second = await sendPanicFromPhone(server.url, SHILLONG.latitude + 0.001, SHILLONG.longitude);
    raised.push(second.incident.id);
    await panicBar('2 open panic alerts').waitFor({ timeout: TIMEOUT });
    await expectEventually(() => page.title(), '(2) Panic Alerts Dashboard');
    await expectEventually(() => alarmMode(page), 'ringing');
    await expect.poll(() => oscillatorsStarted(page), { timeout: TIMEOUT }).toBeGreaterThan(silencedAt);
  });

  it("Show selects shillong and brings the newest panic's row into view, highlighted", async () => {
    await button('Show', panicBar('2 open panic alerts')).click();
    await expectEventually(() => selectByLabel(page, 'Region').inputValue(), 'shillong');
    const row = alertRow(page, raised[1]!);
    await row.waitFor({ timeout: TIMEOUT });
    await expectEventually(() => row.getAttribute('data-highlighted'), 'true');
    // The map flew to it and holds it there: the region's reload does not fit the camera away.
    await page.getByText('Auto-fit paused', { exact: true }).waitFor({ timeout: TIMEOUT });
    await expect.poll(() => row.isVisible(), { timeout: TIMEOUT }).toBe(true);
    await expect
      .poll(
        () =>
          row.evaluate((element) => {
            const box = element.getBoundingClientRect();
            return box.top >= 0 && box.bottom <= window.innerHeight;
          }),
        { timeout: TIMEOUT },
      )
      .toBe(true);
  });

  it('acknowledging the last open panic ends the bar, the title count and the alarm', async () => {
    // One from the bar (the newest), the other from its row in the table.
    await button('Acknowledge', panicBar('2 open panic alerts')).click();
    await panicBar('New panic alert in shillong').waitFor({ timeout: TIMEOUT });
    await expectEventually(() => page.title(), '(1) Panic Alerts Dashboard');
    await expectEventually(() => serverStatusOf(server.url, raised[1]!), 'acknowledged');

    await button('Acknowledge', alertRow(page, raised[0]!)).click();
    await expectCount(page.getByRole('group', { name: /panic alert/ }), 0);
    await expectEventually(() => page.title(), 'Panic Alerts Dashboard');
    await expectEventually(() => alarmMode(page), 'quiet');
    const quietAt = await oscillatorsStarted(page);
    await page.waitForTimeout(LONGER_THAN_A_TONE_INTERVAL_MS);
    expect(await oscillatorsStarted(page), 'no tone once every panic is acknowledged').toBe(quietAt);
  });

  it("under the desktop autoplay policy the top bar offers Enable sound, and the operator's click starts the tone", async () => {
    const { page: blocked } = await openDashboard(browser!, server.url, async (context) => {
      await holdAudioUntilGesture(context);
      await countOscillators(context);
    });
    await liveUpdatesLine(blocked, 'Live updates: connected').waitFor({ timeout: TIMEOUT });
    const sent = await sendPanicFromPhone(server.url, SHILLONG.latitude, SHILLONG.longitude + 0.001);
    await blocked.getByRole('group', { name: 'New panic alert in shillong' }).waitFor({ timeout: TIMEOUT });
    await expect.poll(() => alarmMode(blocked), { timeout: TIMEOUT }).toBe('blocked');
    expect(await oscillatorsStarted(blocked)).toBe(0);
    await blocked.getByRole('button', { name: 'Enable sound', exact: true }).click();
    await expect.poll(() => alarmMode(blocked), { timeout: TIMEOUT }).toBe('ringing');
    await expect.poll(() => oscillatorsStarted(blocked), { timeout: TIMEOUT }).toBeGreaterThan(0);
    // The first page hears the same panic and rings too; acknowledging it ends both.
    await expectEventually(() => alarmMode(page), 'ringing');
    await button('Acknowledge', blocked.getByRole('group', { name: 'New panic alert in shillong' })).click();
    await expect.poll(() => alarmMode(blocked), { timeout: TIMEOUT }).toBe('quiet');
    await expectEventually(() => alarmMode(page), 'quiet');
    expect(await serverStatusOf(server.url, sent.incident.id)).toBe('acknowledged');
  });
});
