// Replay (issue 34 points 2 and 9), end to end: the real server, the built dashboard in Chromium. A tourist
// walks north through Shillong for 16 minutes with a 6.5-minute rest and crosses a red zone, then raises a
// panic. From the panic's drawer the operator opens Replay: the slider moves the marker, 10× plays ten times
// as fast as 1× on the replay's own clock, the stop is listed with its duration, the zone entry and exit and
// the panic are marks on the slider, and the GPX export parses back to the same positions and times.
import { readFileSync } from 'node:fs';
import { gpx } from '@tmcw/togeojson';
import { DOMParser } from '@xmldom/xmldom';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatReplayClock } from '../../src/domain/replay-timeline.ts';
import { DEFAULT_CLOCK } from '../../src/i18n/clock.ts';
import { call } from '../helpers/server.ts';
import { seriousViolations } from './support/axe.ts';
import { launchChromium } from './support/chromium.ts';
import { alertRow, liveUpdatesLine, openDashboard, type DashboardPage } from './support/dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { sendGpsPing, sendPanicFromPhone, type SentPanic } from './support/phone.ts';

const TOURIST = 't-replay-walker';
const BASE = { latitude: 25.5788, longitude: 91.8933 };
const METRES_PER_DEGREE = 111_195;
const north = (metres: number) => BASE.latitude + metres / METRES_PER_DEGREE;

/** 450 m north in 4.5 min, 6.5 min at rest (5 m of jitter), then 600 m north through a red zone. */
function walk(start: number) {
  const steps: { y: number; s: number }[] = [];
  for (let i = 0; i <= 9; i++) steps.push({ y: i * 50, s: i * 30 });
  for (let i = 10; i <= 22; i++) steps.push({ y: 450 + (i % 2) * 5, s: 300 + (i - 10) * 30 });
  for (let i = 23; i <= 32; i++) steps.push({ y: 450 + (i - 22) * 60, s: 660 + (i - 22) * 30 });
  return steps.map(({ y, s }) => ({
    touristId: TOURIST,
    latitude: north(y),
    longitude: BASE.longitude,
    at: new Date(start + s * 1000).toISOString(),
  }));
}

const RED_ZONE = {
  id: 'gf-replay-gorge',
  name: 'Gorge edge',
  riskLevel: 'red',
  regionId: 'default',
  polygon: [
    [north(700), 91.8928],
    [north(700), 91.8938],
    [north(800), 91.8938],
    [north(800), 91.8928],
  ],
};

let server: DashboardServer;
let browser: Browser;
let dashboard: DashboardPage;
let page: Page;
let sent: SentPanic;
let pings: ReturnType<typeof walk>;

const replay = (): Locator => page.getByRole('dialog', { name: `Replay of ${TOURIST}` });
const slider = () => replay().getByRole('slider', { name: 'Replay time' });
/** What the map draws now: [touristId, longitude, latitude] per marker. */
const markers = async (): Promise<[string, number, number][]> =>
  JSON.parse((await replay().getByTestId('replay-map').getAttribute('data-positions')) ?? '[]');
/** The camera's bounds, [[west, south], [east, north]]. */
const view = async (): Promise<[[number, number], [number, number]]> =>
  JSON.parse((await replay().getByTestId('replay-map').getAttribute('data-view')) ?? 'null');
const inView = (
  [[west, south], [east, north]]: [[number, number], [number, number]],
  [, longitude, latitude]: [string, number, number],
) => longitude >= west && longitude <= east && latitude >= south && latitude <= north;
const clockSeconds = async () =>
  Number(await replay().getByRole('group', { name: 'Replay timeline' }).getAttribute('data-clock-s'));

/** The replay's span: the walk's first position to the last thing seen (the panic, sent after the walk). */
const durationS = () =>
  (Math.max(Date.parse(pings.at(-1)!.at), Date.parse(sent.incident.createdAt)) - Date.parse(pings[0]!.at)) / 1000;
/** The timeline at a whole second: the slider's value and fill, the time beside it and the slider's spoken time. */
const timelineAt = (second: number) => ({
  value: String(second),
  fill: `${(second / durationS()) * 100}%`,
  time: clockAt(second),
  valueText: clockAt(second),
});
const clockAt = (second: number) =>
  formatReplayClock(new Date(Date.parse(pings[0]!.at) + second * 1000).toISOString(), DEFAULT_CLOCK);
/** What the timeline shows, as timelineAt words it, read at one moment (it moves while playing). */
const timelineShows = () =>
  replay()
    .getByRole('group', { name: 'Replay timeline' })
    .evaluate((group) => {
      const input = group.querySelector('input[type="range"]') as HTMLInputElement;
      return {
        value: input.value,
        fill: (input.closest('.fui-Slider') as HTMLElement).style.getPropertyValue('--fui-Slider--progress'),
        time: group.querySelector('[aria-label="Replay clock"]')!.textContent,
        valueText: input.getAttribute('aria-valuetext'),
      };
    });

/**
 * The replay clock's advance per second of the page's own time, over about `ms` of playing. Each reading is
 * taken as the frame writes the clock, not when the test looks: a software-drawn page may draw two frames a
 * second, and a clock read half a frame late would skew a short measure by a third.
 */
async function clockRate(ms: number): Promise<number> {
  return page.evaluate(
    (ms) =>
      new Promise<number>((resolve, reject) => {
        const timeline = document.querySelector('[aria-label="Replay timeline"]')!;
        const frames: { clock: number; at: number }[] = [];
        const observer = new MutationObserver(() =>
          frames.push({ clock: Number(timeline.getAttribute('data-clock-s')), at: performance.now() }),
        );
        observer.observe(timeline, { attributeFilter: ['data-clock-s'] });
        setTimeout(() => {
          observer.disconnect();
          const [first, last] = [frames[0], frames.at(-1)];
          if (!first || !last || last.at - first.at < 200)
            reject(new Error(`the clock was written ${frames.length} times in ${ms} ms`));
          else resolve((last.clock - first.clock) / ((last.at - first.at) / 1000));
        }, ms);
      }),
    ms,
  );
}

async function chooseSpeed(speed: string) {
  await replay().getByRole('combobox', { name: 'Speed' }).click();
  await page.getByRole('option', { name: speed, exact: true }).click();
}

beforeAll(async () => {
  server = await startDashboardServer();
  expect(
    (await call(server.url, 'POST', '/tourists/register', { touristId: TOURIST, name: 'Walker Replay' })).status,
  ).toBe(201);
  expect((await call(server.url, 'POST', '/geofences', RED_ZONE)).status).toBe(201);
  pings = walk(Date.now() - 20 * 60_000);
  expect((await call(server.url, 'POST', '/gps/batch', { pings })).status).toBeLessThan(300);
  browser = await launchChromium();
  dashboard = await openDashboard(browser, server.url);
  page = dashboard.page;
  await liveUpdatesLine(page, 'Live updates: connected').waitFor({ timeout: 15_000 });
  sent = await sendPanicFromPhone(server.url, north(1050), BASE.longitude, TOURIST);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('replay from an incident', () => {
  it('opens from the drawer with the stop, the summary and the marks on the slider', async () => {
    await alertRow(page, sent.incident.id).getByRole('cell').nth(1).click();
    await page
      .getByRole('dialog', { name: `Incident ${sent.incident.id}` })
      .getByRole('button', { name: 'Replay' })
      .click();
    const stops = replay().getByRole('table', { name: `Stops of ${TOURIST}` });
    await stops.waitFor({ timeout: 30_000 });
    expect(await stops.locator('tbody tr').allInnerTexts()).toEqual([expect.stringContaining('6 min 30 s')]);
    expect(await stops.locator('tbody tr td').first().innerText()).toBe(formatReplayClock(pings[9]!.at, DEFAULT_CLOCK));
    await expect
      .poll(() => replay().getByLabel(`Summary of ${TOURIST}`).innerText())
      .toMatch(/33 positions · distance 1\.1 km · moving 9 min 30 s · stopped 6 min 30 s/);
    const marks = replay().getByRole('list', { name: 'Marks' }).getByRole('button');
    expect(await marks.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-label')))).toEqual([
      `Entered Gorge edge (red) at ${formatReplayClock(pings[27]!.at, DEFAULT_CLOCK)}`,
      `Left Gorge edge (red) at ${formatReplayClock(pings[28]!.at, DEFAULT_CLOCK)}`,
      `Panic (high) at ${formatReplayClock(sent.incident.createdAt, DEFAULT_CLOCK)}`,
    ]);
  });

  it('has no serious accessibility violation (WCAG 2.2 AA, axe-core)', async () => {
    await replay().getByTestId('replay-map').locator('canvas').first().waitFor({ timeout: 30_000 });
    expect(await seriousViolations(page, `[role="dialog"][aria-label="Replay of ${TOURIST}"]`)).toEqual([]);
  });

  it('moves the marker with the slider and to a mark clicked', async () => {
    await replay().getByTestId('replay-map').locator('canvas').first().waitFor({ timeout: 30_000 });
    await slider().focus();
    await page.keyboard.press('Home');
    await expect
      .poll(markers, { timeout: 10_000 })
      .toEqual([[TOURIST, BASE.longitude, expect.closeTo(pings[0]!.latitude, 6)]]);
    await page.keyboard.press('End');
    await expect
      .poll(markers, { timeout: 10_000 })
      .toEqual([[TOURIST, BASE.longitude, expect.closeTo(pings.at(-1)!.latitude, 6)]]);
    // The slider's last whole second is the span's very end, not a fraction of a second before it.
    expect(await clockSeconds()).toBe(durationS());
    await replay()
      .getByRole('button', { name: /^Entered Gorge edge/ })
      .click();
    await expect
      .poll(markers, { timeout: 10_000 })
      .toEqual([[TOURIST, BASE.longitude, expect.closeTo(pings[27]!.latitude, 6)]]);
    expect(await clockSeconds()).toBe((Date.parse(pings[27]!.at) - Date.parse(pings[0]!.at)) / 1000);
    expect(await timelineShows()).toEqual(timelineAt((Date.parse(pings[27]!.at) - Date.parse(pings[0]!.at)) / 1000));
  });

  it("plays ten times as fast at 10× as at 1×, by the replay's clock", async () => {
    await slider().focus();
    await page.keyboard.press('Home');
    await chooseSpeed('1×');
    await replay().getByRole('button', { name: 'Play', exact: true }).click();
    const atOne = await clockRate(2000);
    await chooseSpeed('10×');
    const atTen = await clockRate(2000);
    const playing = await timelineShows();
    await replay().getByRole('button', { name: 'Pause', exact: true }).click();
    const paused = await clockSeconds();
    await page.waitForTimeout(300);
    expect(await clockSeconds()).toBe(paused);
    // The timeline followed the clock while playing, and shows the paused second: the slider, its fill and the time.
    expect(Number(playing.value)).toBeGreaterThan(0);
    expect(playing).toEqual(timelineAt(Number(playing.value)));
    expect(await timelineShows()).toEqual(timelineAt(Math.floor(paused)));
    // The clock runs on each frame's wall time: at 1× one second per second, at 10× ten (measured within 1 %).
    expect(atOne).toBeGreaterThan(0.9);
    expect(atOne).toBeLessThan(1.1);
    expect(atTen / atOne).toBeGreaterThan(9);
    expect(atTen / atOne).toBeLessThan(11);
    // The marker moved with the clock: it is where the track was at the paused time.
    const [[, , latitude]] = await markers();
    expect(latitude).toBeGreaterThan(pings[0]!.latitude);
  });

  it('follows the tourist with the camera when Follow is on, and leaves the camera alone when it is off', async () => {
    const follow = replay().getByRole('switch', { name: 'Follow' });
    await follow.uncheck();
    // Closer in than the whole walk: its start is out of view.
    await replay().locator('.maplibregl-canvas').focus();
    for (let step = 0; step < 3; step++) {
      const before = await view();
      await page.keyboard.press('=');
      await expect.poll(view, { timeout: 15_000 }).not.toEqual(before);
    }
    // The walk's end, 1 km north of where the camera was left.
    await slider().focus();
    await page.keyboard.press('End');
    await expect
      .poll(markers, { timeout: 10_000 })
      .toEqual([[TOURIST, BASE.longitude, expect.closeTo(pings.at(-1)!.latitude, 6)]]);
    const closeIn = await view();
    expect(inView(closeIn, (await markers())[0]!)).toBe(false);
    await page.waitForTimeout(500);
    expect(await view(), 'the camera stays put while Follow is off').toEqual(closeIn);

    await follow.check();
    await expect.poll(async () => inView(await view(), (await markers())[0]!), { timeout: 15_000 }).toBe(true);
    // Back to the start, 1 km south: the camera goes with the tourist, and walks with them.
    await slider().focus();
    await page.keyboard.press('Home');
    await expect.poll(async () => inView(await view(), (await markers())[0]!), { timeout: 15_000 }).toBe(true);
    expect((await markers())[0]![2]).toBeCloseTo(pings[0]!.latitude, 6);
    await chooseSpeed('60×');
    await replay().getByRole('button', { name: 'Play', exact: true }).click();
    await page.waitForTimeout(3000);
    await replay().getByRole('button', { name: 'Pause', exact: true }).click();
    const [marker] = await markers();
    expect(marker![2], 'the tourist walked on').toBeGreaterThan(pings[2]!.latitude);
    expect(marker![2], 'the tourist walked on').toBeLessThan(pings.at(-1)!.latitude);
    expect(inView(await view(), marker!), 'the camera kept the tourist in view').toBe(true);
  });

  it('exports GPX that parses back to the same positions and times', async () => {
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      replay().getByRole('button', { name: 'Export GPX' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^replay-t-replay-walker-.*\.gpx$/);
    const text = readFileSync((await download.path())!, 'utf8');
    const parsed = gpx(new DOMParser().parseFromString(text, 'text/xml') as unknown as Document);
    expect(parsed.features).toHaveLength(1);
    expect(parsed.features[0]!.geometry).toEqual({
      type: 'LineString',
      coordinates: pings.map((p) => [p.longitude, p.latitude]),
    });
    expect(parsed.features[0]!.properties?.coordinateProperties).toEqual({ times: pings.map((p) => p.at) });
  });

  it("opens from the tourist's profile on its last hour", async () => {
    await replay().getByRole('button', { name: 'Close replay' }).click();
    await replay().waitFor({ state: 'detached' });
    await page
      .getByRole('dialog', { name: `Incident ${sent.incident.id}` })
      .getByRole('button', { name: 'Profile' })
      .click();
    await page
      .getByRole('dialog', { name: 'Tourist Walker Replay' })
      .getByRole('button', { name: 'Replay', exact: true })
      .click();
    const stops = replay().getByRole('table', { name: `Stops of ${TOURIST}` });
    await stops.waitFor({ timeout: 30_000 });
    expect(await stops.locator('tbody tr').allInnerTexts()).toEqual([expect.stringContaining('6 min 30 s')]);
  });

  it('replays a group together: the tourists of the GPS card, each with its summary', async () => {
    await page.reload(); // the drawers of the tests before, closed
    await liveUpdatesLine(page, 'Live updates: connected').waitFor({ timeout: 15_000 });
    const friend = 't-replay-friend';
    await sendGpsPing(server.url, { touristId: friend, latitude: north(100), longitude: BASE.longitude });
    await sendGpsPing(server.url, { touristId: TOURIST, latitude: north(1050), longitude: BASE.longitude });
    const card = page.getByRole('button', { name: /^Replay these \d+ tourists$/ });
    await card.waitFor({ timeout: 15_000 });
    const count = Number((await card.innerText()).match(/\d+/)![0]);
    await card.click();
    const group = page.getByRole('dialog', { name: `Replay of ${count} tourists` });
    for (const touristId of [TOURIST, friend])
      await group.getByLabel(`Summary of ${touristId}`).waitFor({ timeout: 30_000 });
    await group.getByRole('button', { name: 'Close replay' }).click();
  });

  it('raised no page error', () => {
    expect(dashboard.pageErrors).toEqual([]);
  });
});
