// The Dashboard flow's signed-in end on a fresh install with sign-in on (AUTH=on, the first admin from
// ADMIN_PASSWORD, who makes an operator and a viewer): the real server started like `npm start` on an empty
// DATA_DIR, its store as it makes it, the built dashboard in Chromium, one page per person. The operator finds
// a Shillong panic in the default table and acknowledges it; a viewer sees the next panic and cannot.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/auth.ts';
import { launchChromium } from '../e2e/support/chromium.ts';
import {
  alertRow,
  liveUpdatesLine,
  openDashboard,
  selectByLabel,
  type DashboardPage,
} from '../e2e/support/dashboard-page.ts';
import type { DashboardServer } from '../e2e/support/dashboard-server.ts';
import { startFreshInstall } from '../e2e/support/fresh-install.ts';
import { expectText } from '../e2e/support/expectations.ts';
import { ADMIN_PASSWORD, createOperators, signInOnPage, type Operator } from '../e2e/support/operators.ts';
import { sendPanicFromPhone, serverStatusOf } from '../e2e/support/phone.ts';

const SHILLONG = { latitude: 25.5788, longitude: 91.8933 };
/** Sohra (Cherrapunji): outside every region's boundary and every zone. */
const SOHRA = { latitude: 25.2702, longitude: 91.7323 };
const OLA: Operator = { username: 'ola', password: 'ola has a long password', role: 'operator' };
const VIC: Operator = { username: 'vic', password: 'vic has a long password', role: 'viewer' };

let server: DashboardServer;
let browser: Browser;
let operatorSide: DashboardPage;
let viewerSide: DashboardPage;
let adminCookie: string;

const statusOf = (id: string) => serverStatusOf(server.url, id, { cookie: adminCookie });

async function signedInAndLive(page: Page, operator: Operator) {
  await signInOnPage(page, operator);
  await liveUpdatesLine(page, 'Live updates: connected').waitFor({ timeout: 15_000 });
  expect(await selectByLabel(page, 'Region').inputValue()).toBe('default');
}

beforeAll(async () => {
  server = await startFreshInstall({ AUTH: 'on', ADMIN_PASSWORD });
  await createOperators(server.url, [OLA, VIC]);
  adminCookie = await signIn(server.url, 'admin', ADMIN_PASSWORD);
  browser = await launchChromium();
  operatorSide = await openDashboard(browser, server.url);
  viewerSide = await openDashboard(browser, server.url);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('signed in on a fresh install', () => {
  it("an operator signs in, finds a panic at Shillong's coordinates in the default table and acknowledges it", async () => {
    const page = operatorSide.page;
    await signedInAndLive(page, OLA);
    const sent = await sendPanicFromPhone(server.url, SHILLONG.latitude, SHILLONG.longitude);
    const row = alertRow(page, sent.incident.id);
    await row.waitFor({ timeout: 15_000 });
    await row.getByRole('button', { name: 'Acknowledge' }).click();
    await expectText(row.getByRole('cell').nth(6), 'acknowledged');
    await expect.poll(() => statusOf(sent.incident.id)).toBe('acknowledged');
  });

  it('a viewer sees the next panic without Acknowledge or Resolve, and the server refuses its acknowledge', async () => {
    const page = viewerSide.page;
    await signedInAndLive(page, VIC);
    const sent = await sendPanicFromPhone(server.url, SOHRA.latitude, SOHRA.longitude);
    const row = alertRow(page, sent.incident.id);
    await row.waitFor({ timeout: 15_000 });
    expect(await row.getByRole('cell').nth(6).innerText()).toBe('open');
    expect(await row.getByRole('button', { name: 'Acknowledge' }).count()).toBe(0);
    expect(await row.getByRole('button', { name: 'Resolve' }).count()).toBe(0);
    // What a viewer's page could still send: its own session, the route the button would call.
    const refused = await page.evaluate(async (id) => {
      const response = await fetch('/incidents/acknowledge', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id }),
      });
      return { status: response.status, body: await response.json() };
    }, sent.incident.id);
    expect(refused.status, JSON.stringify(refused.body)).toBe(403);
    expect(refused.body.ok).toBe(false);
    expect(await statusOf(sent.incident.id)).toBe('open');
    expect([...operatorSide.pageErrors, ...viewerSide.pageErrors]).toEqual([]);
  });
});
