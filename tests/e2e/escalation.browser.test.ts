// Escalation (issue 11), end to end: the real server with a short ESCALATE_AFTER_S, two dashboards in
// Chromium. A panic nobody acknowledges rings at the steady pace; once the server escalates it, both
// pages show the `Escalated` badge on its row (from the same stream message), the alarm rings faster,
// and the incident's timeline says the system escalated it. Acknowledging it ends the alarm on both.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/server.ts';
import { alarmMode, countOscillators, launchChromiumWithAutoplay } from './support/alarm-probe.ts';
import { alertRow, liveUpdatesLine, openDashboard } from './support/dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { sendPanicFromPhone, serverStatusOf, type SentPanic } from './support/phone.ts';

/** Long enough to hear two steady tones (every 4 s) before the escalation, short enough for a test. */
const ESCALATE_AFTER_S = 9;
const TIMEOUT = 20_000;
/** The two notes of one tone start within this of each other; tones are seconds apart. */
const ONE_TONE_MS = 800;

let server: DashboardServer;
let browser: Browser | undefined;
let first: Page;
let second: Page;
let sent: SentPanic;

const escalatedBadge = (page: Page) => alertRow(page, sent.incident.id).getByText('Escalated', { exact: true });

/** When each tone began (page time, ms): oscillator starts grouped into tones. */
async function toneStarts(page: Page): Promise<number[]> {
  const starts = await page.evaluate(
    () => (window as unknown as { oscillatorStartTimes: number[] }).oscillatorStartTimes,
  );
  return starts.filter((start, index) => index === 0 || start - starts[index - 1]! > ONE_TONE_MS);
}

const gapsBetween = (times: number[]) => times.slice(1).map((time, index) => time - times[index]!);

async function openWatchingDashboard(): Promise<Page> {
  const { page } = await openDashboard(browser!, server.url, countOscillators);
  await liveUpdatesLine(page, 'Live updates: connected').waitFor({ timeout: TIMEOUT });
  return page;
}

beforeAll(async () => {
  server = await startDashboardServer({ ESCALATE_AFTER_S: String(ESCALATE_AFTER_S) });
  browser = await launchChromiumWithAutoplay();
  first = await openWatchingDashboard();
  second = await openWatchingDashboard();
  sent = await sendPanicFromPhone(server.url, 28.6139, 77.209);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('a panic left unacknowledged is escalated, end to end', () => {
  it('rings at the steady pace before the server escalates it', async () => {
    await alertRow(first, sent.incident.id).waitFor({ timeout: TIMEOUT });
    await expect.poll(() => alarmMode(first), { timeout: TIMEOUT }).toBe('ringing');
    await expect.poll(async () => (await toneStarts(first)).length, { timeout: TIMEOUT }).toBeGreaterThanOrEqual(2);
    expect(await escalatedBadge(first).count(), 'not escalated yet').toBe(0);
    for (const gap of gapsBetween(await toneStarts(first))) expect(gap).toBeGreaterThan(3_000);
  });

  it('every dashboard shows the Escalated badge from the server, and the alarm rings faster', async () => {
    for (const page of [first, second]) await escalatedBadge(page).waitFor({ timeout: TIMEOUT });
    const incident = (await call(server.url, 'GET', '/incidents')).body as {
      incidents: { id: string; escalatedAt: string | null }[];
    };
    const escalatedAt = incident.incidents.find((row) => row.id === sent.incident.id)?.escalatedAt;
    expect(escalatedAt, 'escalatedAt is set on the server').toBeTruthy();
    const receivedAt = Date.parse(sent.incident.createdAt);
    expect(Date.parse(escalatedAt!) - receivedAt).toBeGreaterThanOrEqual(ESCALATE_AFTER_S * 1000);

    const tonesBefore = (await toneStarts(first)).length;
    await expect
      .poll(async () => (await toneStarts(first)).length, { timeout: TIMEOUT })
      .toBeGreaterThanOrEqual(tonesBefore + 3);
    const fasterGaps = gapsBetween((await toneStarts(first)).slice(tonesBefore));
    for (const gap of fasterGaps) expect(gap, 'an escalated panic rings every 1.5 s').toBeLessThan(2_500);
  });

  it('the timeline says the system escalated it', async () => {
    const timeline = await call(server.url, 'GET', `/incidents/${sent.incident.id}/timeline`);
    const actions = (timeline.body as { entries: { actor: string; action: string }[] }).entries.map(
      (entry) => `${entry.actor} ${entry.action}`,
    );
    expect(actions).toEqual([`${sent.incident.touristId} raised`, 'system escalated']);

    await alertRow(second, sent.incident.id).getByRole('cell').nth(1).click();
    const drawer = second.getByRole('dialog', { name: `Incident ${sent.incident.id}` });
    await drawer
      .getByRole('region', { name: 'Timeline' })
      .getByText('system escalated it')
      .waitFor({ timeout: TIMEOUT });
  });

  it('acknowledging it ends the alarm on both pages', async () => {
    await alertRow(first, sent.incident.id).getByRole('button', { name: 'Acknowledge', exact: true }).click();
    for (const page of [first, second]) await expect.poll(() => alarmMode(page), { timeout: TIMEOUT }).toBe('quiet');
    expect(await serverStatusOf(server.url, sent.incident.id)).toBe('acknowledged');
  });
});
