// Regions set up from the console (issue 31), end to end: the real server with sign-in on, the built
// dashboard in Chromium. An admin opens Regions, adds a contact to Shillong and saves it; the list shows it,
// a second admin's open page shows it without a reload (the stream's region_update), the phone app's
// GET /regions carries it, and a supervisor is offered no Regions view at all. Then Bengaluru (no boundary)
// gets one drawn by clicking on the form's map with the zone editor's tools: a panic inside it, outside every
// zone, is filed under Bengaluru, and one beside it still under `default`.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/auth.ts';
import { call } from '../helpers/server.ts';
import { launchChromium } from './support/chromium.ts';
import { openDashboard, type DashboardPage } from './support/dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { expectText } from './support/expectations.ts';
import { ADMIN_PASSWORD, createOperators, type Operator } from './support/operators.ts';
import { sendPanicFromPhone } from './support/phone.ts';
import { offsetToLatLng } from './support/web-mercator.ts';
import { clickOnMap, dragOnMap } from './support/zones-page.ts';

const ADA: Operator = { username: 'ada', password: 'ada has a long password', role: 'admin' };
const SAM: Operator = { username: 'sam', password: 'sam has a long password', role: 'supervisor' };
const STATION = { label: 'Police Bazar police station', phone: '0364-2222222' };

let server: DashboardServer;
let browser: Browser;
const opened: DashboardPage[] = [];

async function signedInPage(operator: Operator | { username: string; password: string; role: string }): Promise<Page> {
  const dashboard = await openDashboard(browser, server.url);
  opened.push(dashboard);
  const { page } = dashboard;
  await page.getByLabel('Username').fill(operator.username);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page
    .getByRole('banner')
    .getByText(`${operator.username} · ${operator.role}`, { exact: true })
    .waitFor({ timeout: 15_000 });
  return page;
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const shillongContacts = (page: Page) => page.getByRole('list', { name: 'Contacts of Shillong' });

async function openRegions(page: Page): Promise<void> {
  await menu(page).getByRole('button', { name: 'Regions' }).click();
  await shillongContacts(page).waitFor({ timeout: 15_000 });
}

beforeAll(async () => {
  server = await startDashboardServer({ AUTH: 'on', ADMIN_PASSWORD });
  await createOperators(server.url, [ADA, SAM]);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('an admin adds a contact to a region', () => {
  let adminPage: Page;
  let otherAdminPage: Page;

  it("lists the seeded regions with India's numbers in the Regions view", async () => {
    otherAdminPage = await signedInPage({ username: 'admin', password: ADMIN_PASSWORD, role: 'admin' });
    await openRegions(otherAdminPage);
    adminPage = await signedInPage(ADA);
    await openRegions(adminPage);
    await expectText(shillongContacts(adminPage).getByRole('listitem').first(), 'Emergency: 112');
    expect(
      await shillongContacts(adminPage).getByText('Meghalaya Tourism: 1800-599-2026', { exact: true }).count(),
    ).toBe(1);
  });

  it("adds a police station to Shillong and saves: the list shows it, and so does another admin's open page", async () => {
    await adminPage.getByRole('button', { name: 'Edit Shillong' }).click();
    const form = adminPage.getByRole('form', { name: 'Edit region shillong' });
    await form.getByRole('button', { name: 'Add contact' }).waitFor({ timeout: 15_000 });
    const contacts = form.getByRole('table', { name: 'Contacts' });
    const before = await contacts.locator('tbody tr').count();
    await form.getByRole('button', { name: 'Add contact' }).click();
    const row = before + 1;
    await form.getByLabel(`Contact ${row} label`).fill(STATION.label);
    await form.getByLabel(`Contact ${row} phone`).fill(STATION.phone);
    await form.getByLabel(`Contact ${row} kind`).selectOption('police');
    await form.getByLabel(`Contact ${row} station latitude`).fill('25.5762');
    await form.getByLabel(`Contact ${row} station longitude`).fill('91.8829');
    await form.getByRole('button', { name: 'Save region' }).click();

    await expectText(adminPage.getByRole('status').filter({ hasText: 'Saved region' }), 'Saved region Shillong.');
    const shown = `${STATION.label}: ${STATION.phone}`;
    await shillongContacts(adminPage).getByText(shown, { exact: true }).waitFor();
    // The other page was open all along: the stream brought the change, no reload.
    await shillongContacts(otherAdminPage).getByText(shown, { exact: true }).waitFor({ timeout: 15_000 });
    expect(opened[0].loads()).toBe(1);
  });

  it("the phone app's GET /regions carries the contact with its label, phone, kind and station", async () => {
    const cookie = await signIn(server.url, ADA.username, ADA.password);
    const shillong = (await call(server.url, 'GET', '/regions', undefined, { cookie })).body.regions.find(
      (region: { id: string }) => region.id === 'shillong',
    );
    expect(shillong.contacts).toContainEqual({ ...STATION, kind: 'police', position: [25.5762, 91.8829] });
  });

  it('a supervisor is offered no Regions view', async () => {
    const supervisorPage = await signedInPage(SAM);
    await menu(supervisorPage).getByRole('button', { name: 'Audit' }).waitFor();
    expect(await menu(supervisorPage).getByRole('button', { name: 'Regions' }).count()).toBe(0);
  });

  it('raised no page error on any page', () => {
    expect(opened.flatMap((dashboard) => dashboard.pageErrors)).toEqual([]);
  });
});

describe("an admin draws a region's boundary on the map", () => {
  let page: Page;
  let bengaluru: { homeView: { center: [number, number]; zoom: number }; boundary: [number, number][] | null };
  /** The corners clicked, as pixel offsets from the map's centre (the map starts at the region's home view). */
  const corners = [
    [-120, -80],
    [110, -90],
    [120, 80],
    [-100, 70],
  ] as const;
  const home = () => ({ latitude: bengaluru.homeView.center[0], longitude: bengaluru.homeView.center[1] });
  const at = (dx: number, dy: number) => offsetToLatLng(home(), bengaluru.homeView.zoom, dx, dy);

  const regionNamed = async (id: string) => {
    const cookie = await signIn(server.url, ADA.username, ADA.password);
    return (await call(server.url, 'GET', '/regions', undefined, { cookie })).body.regions.find(
      (region: { id: string }) => region.id === id,
    );
  };

  it('a panic in Bengaluru outside every zone goes to default while Bengaluru has no boundary', async () => {
    bengaluru = await regionNamed('bengaluru');
    expect(bengaluru.boundary).toBeNull();
    const { latitude, longitude } = at(0, 0);
    expect((await sendPanicFromPhone(server.url, latitude, longitude)).incident.regionId).toBe('default');
  });

  it("draws a polygon by clicking on the form's map, and saves it", async () => {
    page = await signedInPage(ADA);
    await openRegions(page);
    await page.getByRole('button', { name: 'Edit Bengaluru' }).click();
    const form = page.getByRole('form', { name: 'Edit region bengaluru' });
    const map = form.getByTestId('region-map');
    await map.locator('canvas').first().waitFor({ timeout: 20_000 });
    expect(await form.getByRole('button', { name: 'Edit on the map' }).isEnabled()).toBe(false);
    await form.getByRole('button', { name: 'Draw polygon' }).click();
    await form.getByRole('status', { name: 'Drawing the boundary' }).waitFor();
    const box = (await map.boundingBox())!;
    const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const points = corners.map(([dx, dy]) => ({ x: centre.x + dx, y: centre.y + dy }));
    // The first vertex clicked again closes the polygon.
    await clickOnMap(page, [...points, points[0]]);
    await expect
      .poll(() => form.getByLabel('Boundary summary').textContent(), { timeout: 10_000 })
      .toMatch(/^4 vertices, /);
    // Closed, it is ready to reshape with the zone editor's handles, and the drawing can be undone.
    await expect
      .poll(() => form.getByRole('button', { name: 'Edit on the map' }).getAttribute('aria-pressed'))
      .toBe('true');
    // A vertex dragged with the handles changes the area; Undo puts it back.
    const summary = () => form.getByLabel('Boundary summary').textContent();
    const drawn = await summary();
    await dragOnMap(page, points[2], { x: points[2].x + 40, y: points[2].y + 30 });
    await expect.poll(summary).not.toBe(drawn);
    await form.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(summary).toBe(drawn);
    await form.getByRole('button', { name: 'Save region' }).click();
    await expectText(page.getByRole('status').filter({ hasText: 'Saved region' }), 'Saved region Bengaluru.');
    await expect
      .poll(() =>
        page
          .getByRole('row', { name: 'Bengaluru', exact: true })
          .getByText(/ vertices, /)
          .textContent(),
      )
      .toMatch(/^4 vertices, /);

    const saved = (await regionNamed('bengaluru')).boundary as [number, number][];
    expect(saved).toHaveLength(4);
    // Each vertex where it was clicked, within a pixel or two at this zoom (terra-draw may start the ring elsewhere).
    const pixel = 360 / (512 * 2 ** bengaluru.homeView.zoom);
    const near = (vertex: [number, number], { latitude, longitude }: { latitude: number; longitude: number }) =>
      Math.abs(vertex[0] - latitude) < 3 * pixel && Math.abs(vertex[1] - longitude) < 3 * pixel;
    for (const [dx, dy] of corners)
      expect(
        saved.filter((vertex) => near(vertex, at(dx, dy))),
        `the vertex clicked at ${dx}, ${dy}`,
      ).toHaveLength(1);
  });

  it('a panic inside the drawn boundary, outside every zone, is filed under Bengaluru; one beside it under default', async () => {
    const inside = at(10, 5);
    await expect
      .poll(async () => (await sendPanicFromPhone(server.url, inside.latitude, inside.longitude)).incident.regionId, {
        timeout: 15_000,
      })
      .toBe('bengaluru');
    const beside = at(200, 0);
    expect((await sendPanicFromPhone(server.url, beside.latitude, beside.longitude)).incident.regionId).toBe('default');
  });

  it('raised no page error', () => {
    expect(opened.flatMap((dashboard) => dashboard.pageErrors)).toEqual([]);
  });
});
