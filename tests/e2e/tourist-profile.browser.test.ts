// The tourist profile panel (issue 34 point 1), end to end: the real server (sign-in off, so everyone is
// `anonymous` with every power) and the built dashboard in Chromium. A tourist registered with a whole profile
// raises a panic; the operator opens the profile from the alert's card on the map, from the incident drawer and
// from the GPS table, and each shows who they are, whom to call, their trip and their alerts. Each read is audited.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/server.ts';
import { launchChromium } from './support/chromium.ts';
import {
  alertRow,
  hoverMapUntil,
  liveUpdatesLine,
  mapPoint,
  openDashboard as openDashboardPage,
  type DashboardPage,
} from './support/dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { sendGpsPing, sendPanicFromPhone, type SentPanic } from './support/phone.ts';

const TOURIST = 'tourist-profiled';
const PROFILE = {
  touristId: TOURIST,
  name: 'Asha Rao',
  phone: '+919876543210',
  nationality: 'IN',
  languages: ['Hindi', 'English'],
  idType: 'aadhaar',
  idLast4: '4321',
  // A contact as the reference phone app sends one, a phone string, beside a structured one (issue 46).
  emergencyContacts: [{ name: 'Ravi Rao', relation: 'brother', phone: '+919812345678' }, '+91-98765 00001'],
  itinerary: [{ place: 'Shillong', from: '2026-11-20', to: '2026-11-30' }],
};
/** The app's itinerary is free text: kept beside the stops. */
const ITINERARY_NOTE = 'Guwahati → Shillong → Cherrapunji';

let server: DashboardServer;
let browser: Browser;
let sent: SentPanic;
let opened: DashboardPage | undefined;

/** A fresh page per test, closed after it: the ones before would otherwise draw every later change too. */
async function openDashboard(): Promise<DashboardPage> {
  opened = await openDashboardPage(browser, server.url);
  return opened;
}

const panel = (page: Page): Locator => page.getByRole('dialog', { name: 'Tourist Asha Rao' });

/** What an operator on the phone with the tourist needs first, as the panel shows it. */
async function expectProfileShown(page: Page): Promise<void> {
  await panel(page).getByRole('region', { name: 'Identity' }).waitFor({ timeout: 15_000 });
  const identity = await panel(page).getByRole('region', { name: 'Identity' }).innerText();
  expect(identity).toContain('+919876543210');
  expect(identity).toContain('Aadhaar ending 4321');
  expect(identity).toContain('Hindi, English');
  expect(identity).toContain('Not verified');
  expect(await panel(page).getByRole('region', { name: 'Emergency contacts' }).innerText()).toContain(
    'Ravi Rao (brother): +919812345678',
  );
  expect(await panel(page).getByRole('link', { name: '+919812345678' }).getAttribute('href')).toBe('tel:+919812345678');
  expect(await panel(page).getByRole('link', { name: '+919876500001' }).getAttribute('href')).toBe('tel:+919876500001');
  const itinerary = await panel(page).getByRole('region', { name: 'Itinerary' }).innerText();
  expect(itinerary).toContain('Shillong: 2026-11-20 to 2026-11-30');
  expect(itinerary).toContain(ITINERARY_NOTE);
  const history = panel(page).getByRole('table', { name: 'Alert history' });
  expect(await history.getByRole('row').nth(1).innerText()).toMatch(/panic\s+open/);
}

async function profileReads(): Promise<number> {
  const { body } = await call(server.url, 'GET', '/audit?action=tourist.profile_read&limit=100');
  return (body.entries as { target: string }[]).filter((entry) => entry.target === TOURIST).length;
}

beforeAll(async () => {
  server = await startDashboardServer();
  browser = await launchChromium();
  expect((await call(server.url, 'POST', '/tourists/register', PROFILE)).status).toBe(201);
  expect(
    (await call(server.url, 'POST', '/tourists/register', { touristId: TOURIST, itinerary: ITINERARY_NOTE })).status,
  ).toBe(200);
  sent = await sendPanicFromPhone(server.url, 25.5788, 91.8933, TOURIST);
});

afterEach(async () => {
  await opened?.context.close();
  opened = undefined;
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('the tourist profile panel', () => {
  it("opens from the alert's card on the map, and the read is audited", async () => {
    const { page } = await openDashboard();
    await liveUpdatesLine(page, 'Live updates: connected').waitFor({ timeout: 15_000 });
    const readsBefore = await profileReads();
    // One alert: the camera fits on it, so it sits at the map's centre; a click pins its card.
    await hoverMapUntil(page, 0, 0, 'Alert details', sent.incident.id);
    const { x, y } = await mapPoint(page);
    await page.mouse.click(x, y);
    const card = page.getByRole('dialog', { name: 'Alert details' });
    await card.getByRole('button', { name: 'Profile' }).click();
    await expectProfileShown(page);
    await expect.poll(profileReads, { timeout: 5_000 }).toBe(readsBefore + 1);
  });

  it('opens from the incident drawer', async () => {
    const { page } = await openDashboard();
    await alertRow(page, sent.incident.id).waitFor({ timeout: 15_000 });
    await alertRow(page, sent.incident.id).getByRole('cell').nth(1).click();
    const drawer = page.getByRole('dialog', { name: `Incident ${sent.incident.id}` });
    await drawer.getByRole('button', { name: 'Profile' }).click();
    await expectProfileShown(page);
    await panel(page).getByRole('button', { name: 'Close profile' }).click();
    await panel(page).waitFor({ state: 'detached', timeout: 10_000 });
    expect(await drawer.isVisible()).toBe(true);
  });

  it('shows a tourist who never registered (as the demo simulates them) as not registered, with what is known', async () => {
    const simulated = 'tourist-never-registered';
    await sendGpsPing(server.url, { touristId: simulated, latitude: 25.5801, longitude: 91.8901 });
    const panic = await sendPanicFromPhone(server.url, 25.5801, 91.8901, simulated);
    const { page } = await openDashboard();
    await alertRow(page, panic.incident.id).waitFor({ timeout: 15_000 });
    await alertRow(page, panic.incident.id).getByRole('cell').nth(1).click();
    await page
      .getByRole('dialog', { name: `Incident ${panic.incident.id}` })
      .getByRole('button', { name: 'Profile' })
      .click();
    const identity = page
      .getByRole('dialog', { name: `Tourist ${simulated}` })
      .getByRole('region', { name: 'Identity' });
    await identity.waitFor({ timeout: 15_000 });
    expect(await identity.innerText()).toMatch(/Not registered: this tourist never registered/);
    expect(
      await page
        .getByRole('dialog', { name: `Tourist ${simulated}` })
        .getByRole('region', { name: 'Devices and position' })
        .innerText(),
    ).toContain('25.5801');
  });

  it("opens from the tourist's id in the GPS table, with the last 24 hours' trail", async () => {
    const { page } = await openDashboard();
    await liveUpdatesLine(page, 'Live updates: connected').waitFor({ timeout: 15_000 });
    await sendGpsPing(server.url, { touristId: TOURIST, latitude: 25.579, longitude: 91.894 });
    await sendGpsPing(server.url, { touristId: TOURIST, latitude: 25.58, longitude: 91.895 });
    await page
      .getByRole('button', { name: `Profile of ${TOURIST}` })
      .first()
      .click();
    await expectProfileShown(page);
    const whereabouts = await panel(page).getByRole('region', { name: 'Devices and position' }).innerText();
    expect(whereabouts).toContain('25.58000, 91.89500');
    expect(await panel(page).getByRole('img', { name: 'Recent trail: 2 positions' }).isVisible()).toBe(true);
  });

  it('lets an admin download the export and erase the tourist after confirming; the incident stays, anonymised', async () => {
    const erasable = 'tourist-erasable';
    await call(server.url, 'POST', '/tourists/register', { ...PROFILE, touristId: erasable, name: 'Erin Erasable' });
    const panic = await sendPanicFromPhone(server.url, 25.5788, 91.8933, erasable);
    const { page } = await openDashboard();
    await alertRow(page, panic.incident.id).waitFor({ timeout: 15_000 });
    await alertRow(page, panic.incident.id).getByRole('cell').nth(1).click();
    await page
      .getByRole('dialog', { name: `Incident ${panic.incident.id}` })
      .getByRole('button', { name: 'Profile' })
      .click();
    const profile = page.getByRole('dialog', { name: 'Tourist Erin Erasable' });
    await profile.getByRole('region', { name: 'Identity' }).waitFor({ timeout: 15_000 });
    expect(await profile.getByRole('link', { name: 'Export data' }).getAttribute('href')).toBe(
      `/tourists/${erasable}/export`,
    );

    await profile.getByRole('button', { name: 'Erase tourist' }).click();
    const confirm = page.getByRole('dialog', { name: `Erase tourist ${erasable}?` });
    await confirm.getByRole('button', { name: 'Erase', exact: true }).click();
    // The name went with the profile: the panel is titled by the id now.
    await page
      .getByRole('dialog', { name: `Tourist ${erasable}` })
      .getByText(/^Erased: tourist-erasable's personal data is gone; their incidents stay as erased-/)
      .waitFor({ timeout: 10_000 });
    expect((await call(server.url, 'GET', `/tourists/${erasable}`)).status).toBe(404);
    const { body } = await call(server.url, 'GET', '/incidents?limit=500');
    const kept = (body.incidents as { id: string; touristId: string | null }[]).find(
      (incident) => incident.id === panic.incident.id,
    );
    expect(kept?.touristId).toMatch(/^erased-/);
  });
});
