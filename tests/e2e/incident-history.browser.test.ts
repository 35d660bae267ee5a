// Every incident has a history (issue 11), end to end: the real server (sign-in off, so everyone is
// `anonymous`), the built dashboard in two Chromium pages. One operator opens a phone's panic, writes a
// note, takes it and acknowledges it with a reason; the other, with the same incident's drawer open,
// sees each step arrive live, without reloading anything. The server's timeline says the same.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/server.ts';
import { launchChromium } from './support/chromium.ts';
import { alertRow, liveUpdatesLine, openDashboard } from './support/dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { expectText } from './support/expectations.ts';
import { sendGpsPing, sendPanicFromPhone, type SentPanic } from './support/phone.ts';

const SHILLONG = { latitude: 25.5788, longitude: 91.8933 };
const TOURIST = 'tourist-history';
const NOTE = 'Called the tourist: safe, waiting at the police post';
const REASON = 'Patrol on the way';

let server: DashboardServer;
let browser: Browser;
let writer: Page;
let watcher: Page;
let sent: SentPanic;

const drawer = (page: Page): Locator => page.getByRole('dialog', { name: `Incident ${sent.incident.id}` });
const timeline = (page: Page): Locator => drawer(page).getByRole('region', { name: 'Timeline' }).getByRole('listitem');
const fact = (page: Page, term: string): Locator =>
  drawer(page)
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');

async function openDrawer(page: Page) {
  await alertRow(page, sent.incident.id).getByRole('cell').nth(1).click();
  await drawer(page).waitFor({ timeout: 15_000 });
  await timeline(page).filter({ hasText: 'raised it' }).waitFor({ timeout: 15_000 });
}

/** The timeline's sentences (each entry is its time, then what happened). */
const timelineTexts = (page: Page): Promise<string[]> => timeline(page).locator('span').allInnerTexts();

async function expectValue(field: Locator, value: string) {
  await expect.poll(() => field.inputValue(), { timeout: 10_000 }).toBe(value);
}

beforeAll(async () => {
  server = await startDashboardServer();
  browser = await launchChromium();
  writer = (await openDashboard(browser, server.url)).page;
  watcher = (await openDashboard(browser, server.url)).page;
  for (const page of [writer, watcher])
    await liveUpdatesLine(page, 'Live updates: connected').waitFor({ timeout: 15_000 });
  await sendGpsPing(server.url, {
    touristId: TOURIST,
    latitude: SHILLONG.latitude - 0.002,
    longitude: SHILLONG.longitude,
  });
  await sendGpsPing(server.url, {
    touristId: TOURIST,
    latitude: SHILLONG.latitude - 0.001,
    longitude: SHILLONG.longitude,
  });
  sent = await sendPanicFromPhone(server.url, SHILLONG.latitude, SHILLONG.longitude, TOURIST);
  for (const page of [writer, watcher]) await alertRow(page, sent.incident.id).waitFor({ timeout: 15_000 });
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe("an incident's history, live in two dashboards", () => {
  it("a row's click opens its drawer with the facts, the region's contacts to call and the timeline", async () => {
    await openDrawer(watcher);
    await expectText(fact(watcher, 'Status'), 'open');
    await expectText(fact(watcher, 'Tourist'), TOURIST);
    await expectText(fact(watcher, 'Coordinates'), '25.57880, 91.89330');
    await expectText(fact(watcher, 'Assigned to'), '—');
    // A phone's panic carries no region: it is the default region's, whose contact is the emergency number.
    expect(await drawer(watcher).getByRole('link', { name: 'Emergency: 112' }).getAttribute('href')).toBe('tel:112');
    expect(await timelineTexts(watcher)).toEqual([`${TOURIST} raised it`]);
    await drawer(watcher)
      .getByRole('img', { name: /^Recent trail: [1-9]\d* positions$/ })
      .waitFor();
  });

  it("a note written in one page appears in the other page's open drawer", async () => {
    await openDrawer(writer);
    await drawer(writer).getByLabel('Note').fill(NOTE);
    await drawer(writer).getByRole('button', { name: 'Add note', exact: true }).click();
    await expectValue(drawer(writer).getByLabel('Note'), '');
    await timeline(watcher).filter({ hasText: NOTE }).waitFor({ timeout: 10_000 });
    expect(await timelineTexts(watcher)).toEqual([`${TOURIST} raised it`, `anonymous added a note: ${NOTE}`]);
  });

  it("an assignment made in one page appears in the other page's drawer and both tables", async () => {
    await drawer(writer).getByRole('button', { name: 'Assign to me', exact: true }).click();
    await expectText(fact(watcher, 'Assigned to'), 'anonymous');
    await timeline(watcher).filter({ hasText: 'assigned it to anonymous' }).waitFor({ timeout: 10_000 });
    // The watcher now may unassign it, and is no longer offered to take what it could take already.
    await drawer(watcher).getByRole('button', { name: 'Unassign', exact: true }).waitFor();
    for (const page of [writer, watcher]) {
      await expectText(alertRow(page, sent.incident.id).getByRole('cell').nth(6), 'open · anonymous');
    }
  });

  it("acknowledging with a reason in one page shows in the other's drawer, and the server keeps every step", async () => {
    await drawer(writer).getByLabel('Note').fill(REASON);
    await drawer(writer).getByRole('button', { name: 'Acknowledge', exact: true }).click();
    await expectText(fact(watcher, 'Status'), 'acknowledged');
    await expectText(fact(watcher, 'Acknowledged by'), 'anonymous');
    await timeline(watcher)
      .filter({ hasText: `anonymous acknowledged it: ${REASON}` })
      .waitFor({ timeout: 10_000 });
    expect(await drawer(watcher).getByRole('button', { name: 'Acknowledge', exact: true }).isDisabled()).toBe(true);
    await expectText(alertRow(watcher, sent.incident.id).getByRole('cell').nth(6), 'acknowledged · anonymous');

    const answer = await call(server.url, 'GET', `/incidents/${sent.incident.id}/timeline`);
    const steps = (answer.body.entries as { actor: string; action: string; note?: string }[]).map((e) => [
      e.actor,
      e.action,
      e.note,
    ]);
    expect(steps).toEqual([
      [TOURIST, 'raised', undefined],
      ['anonymous', 'note', NOTE],
      ['anonymous', 'assigned', undefined],
      ['anonymous', 'acknowledged', REASON],
    ]);
    expect(await timelineTexts(watcher)).toEqual(await timelineTexts(writer));
  });
});
