// A crowd's panics at once, end to end: the real server, the built dashboard in Chromium, dozens of
// phones pressing the button together. The stream then brings dozens of messages back to back, each one a
// render of the page; the page must neither fall over (a component whose effect set state on every render
// once made React give up with "Maximum update depth exceeded", blanking the page with its panics) nor
// leave any panic out of the table, also with an incident's drawer open while phones move.
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { alertRow, alertRows } from './support/dashboard-page.ts';
import { expectCount } from './support/expectations.ts';
import { sendGpsPing, sendPanicFromPhone, type SentPanic } from './support/phone.ts';
import { startWalk, type Walk } from './support/walk.ts';

/** Both bursts together stay below the table's windowing threshold: every row is in the page to count. */
const FIRST_BURST = 60;
const SECOND_BURST = 30;
const MOVING_PHONES = 60;

let walk: Walk;
let first: SentPanic[] = [];

const sendPanics = (count: number, offset: number) =>
  Promise.all(
    Array.from({ length: count }, (_, i) =>
      sendPanicFromPhone(walk.server.url, 25.5 + (offset + i) * 0.001, 91.8 + (offset + i) * 0.001),
    ),
  );

const drawerOf = (panic: SentPanic): Locator =>
  walk.page.getByRole('dialog', { name: `Incident ${panic.incident.id}` });

beforeAll(async () => {
  walk = await startWalk();
});

afterAll(async () => {
  await walk?.close();
});

describe('bursts of panics from a crowd', () => {
  it(`shows all ${FIRST_BURST} without a page error, the page still whole`, async () => {
    first = await sendPanics(FIRST_BURST, 0);
    const { page } = walk;
    await expectCount(alertRows(page), FIRST_BURST, 30_000);
    for (const panic of first) await alertRow(page, panic.incident.id).waitFor({ state: 'attached' });
    expect(walk.dashboard.pageErrors).toEqual([]);
    await page.getByRole('heading', { name: 'Panic Alerts Dashboard' }).waitFor();
  });

  it(`with a drawer open and ${MOVING_PHONES} phones moving, ${SECOND_BURST} more panics all show too`, async () => {
    const { page } = walk;
    await alertRow(page, first[0]!.incident.id).getByRole('cell').nth(1).click();
    await drawerOf(first[0]!).waitFor({ timeout: 15_000 });
    const [second] = await Promise.all([
      sendPanics(SECOND_BURST, FIRST_BURST),
      Promise.all(
        Array.from({ length: MOVING_PHONES }, (_, i) =>
          sendGpsPing(walk.server.url, { touristId: `walker-${i}`, latitude: 25.57 + i * 0.0005, longitude: 91.88 }),
        ),
      ),
    ]);
    await expectCount(alertRows(page), FIRST_BURST + SECOND_BURST, 30_000);
    for (const panic of second) await alertRow(page, panic.incident.id).waitFor({ state: 'attached' });
    expect(walk.dashboard.pageErrors).toEqual([]);
    await drawerOf(first[0]!).waitFor();
  });
});
