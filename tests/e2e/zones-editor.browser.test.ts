// The Zones view end to end (issue 31): the real server with sign-in on, the built dashboard in Chromium. A
// supervisor draws a polygon by clicking on the map (its first vertex snapped to a neighbour's), names it and
// saves it; an operator's page, open all along, lists it without a reload, and a phone's GPS ping inside it opens
// an incident there. A vertex moved on a version someone else has since saved shows their sentence, and their
// version loads. A viewer sees the zones but no editing control. Steps build on each other, in order.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Geofence } from '../../src/api/entities.ts';
import { signIn } from '../helpers/auth.ts';
import { call } from '../helpers/server.ts';
import { launchChromium } from './support/chromium.ts';
import { alertRow, liveUpdatesLine, openDashboard, rowCells, type DashboardPage } from './support/dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { expectCount, expectText } from './support/expectations.ts';
import { ADMIN_PASSWORD, createOperators, type Operator } from './support/operators.ts';
import { sendGpsPing } from './support/phone.ts';
import {
  clickOnMap,
  dragOnMap,
  latLngToOffset,
  mapCentre,
  offsetToLatLng,
  openZonesView,
  zoneRow,
  zonesTable,
  ZONES_START_ZOOM,
} from './support/zones-page.ts';

const SAM: Operator = { username: 'sam', password: 'sam has a long password', role: 'supervisor' };
const OTTO: Operator = { username: 'otto', password: 'otto has a long password', role: 'operator' };
const VIC: Operator = { username: 'vic', password: 'vic has a long password', role: 'viewer' };

/** A square market zone near Police Bazar, Shillong: the neighbour the new zone snaps to. */
const CENTRE = { latitude: 25.5788, longitude: 91.8933 };
const HALF = 0.004;
const NEIGHBOUR_NE: [number, number] = [CENTRE.latitude + HALF, CENTRE.longitude + HALF];
const NEIGHBOUR = {
  id: 'market-square',
  name: 'Market square',
  riskLevel: 'yellow',
  regionId: 'default',
  polygon: [
    [CENTRE.latitude - HALF, CENTRE.longitude - HALF],
    [CENTRE.latitude - HALF, CENTRE.longitude + HALF],
    NEIGHBOUR_NE,
    [CENTRE.latitude + HALF, CENTRE.longitude - HALF],
  ],
};
const NEW_ZONE = 'Ghat steps';

let server: DashboardServer;
let browser: Browser;
let sam: DashboardPage;
let otto: DashboardPage;
let adminCookie: string;

async function signInAs(page: Page, operator: Operator) {
  await page.getByLabel('Username').fill(operator.username);
  await page.getByLabel('Password').fill(operator.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page
    .getByRole('banner')
    .getByText(`${operator.username} · ${operator.role}`, { exact: true })
    .waitFor({ timeout: 15_000 });
  await liveUpdatesLine(page, 'Live updates: connected').waitFor({ timeout: 15_000 });
}

async function storedZones(): Promise<Geofence[]> {
  return (await call(server.url, 'GET', '/geofences', undefined, { cookie: adminCookie })).body.geofences as Geofence[];
}

/** Where a pixel offset from the map's centre lands, and where a point is on the page. */
async function mapGeometry(page: Page) {
  const centre = await mapCentre(page);
  return {
    pixelOf: (latitude: number, longitude: number) => {
      const { dx, dy } = latLngToOffset(CENTRE, ZONES_START_ZOOM, { latitude, longitude });
      return { x: centre.x + dx, y: centre.y + dy };
    },
    at: (dx: number, dy: number) => ({ x: centre.x + dx, y: centre.y + dy }),
    latLngAt: (dx: number, dy: number) => offsetToLatLng(CENTRE, ZONES_START_ZOOM, dx, dy),
  };
}

beforeAll(async () => {
  server = await startDashboardServer({ AUTH: 'on', ADMIN_PASSWORD });
  await createOperators(server.url, [SAM, OTTO, VIC]);
  adminCookie = await signIn(server.url, 'admin', ADMIN_PASSWORD);
  const created = await call(server.url, 'POST', '/geofences', NEIGHBOUR, { cookie: adminCookie });
  if (created.status >= 300) throw new Error(`seeding the neighbour answered ${created.status}`);
  browser = await launchChromium();
  otto = await openDashboard(browser, server.url);
  await signInAs(otto.page, OTTO);
  await openZonesView(otto.page);
  sam = await openDashboard(browser, server.url);
  await signInAs(sam.page, SAM);
  await openZonesView(sam.page);
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('drawing, sharing and editing zones in the Zones view', () => {
  it("lists the region's zones with risk, vertices and area, for a supervisor with the drawing tools", async () => {
    const row = zoneRow(sam.page, NEIGHBOUR.name);
    await row.waitFor({ timeout: 15_000 });
    const cells = await rowCells(row);
    expect(cells.slice(0, 4)).toEqual(['Market square', 'yellow', '', '4']);
    expect(cells[4]).toMatch(/^0\.\d\d km²$/);
    expect(cells[5]).toMatch(/^admin · /);
    for (const tool of ['Draw polygon', 'Draw rectangle', 'Draw circle', 'Import']) {
      expect(await sam.page.getByRole('button', { name: tool }).isEnabled()).toBe(true);
    }
  });

  it('selecting a row selects the zone; a click on the map selects the zone under it', async () => {
    const row = zoneRow(sam.page, NEIGHBOUR.name);
    await row.click();
    await expect.poll(() => row.getAttribute('aria-selected')).toBe('true');
    expect(await sam.page.getByRole('button', { name: 'Edit zone' }).isEnabled()).toBe(true);
    // Click beside the zone: nothing selected; on it: selected again.
    const map = await mapGeometry(sam.page);
    await sam.page.mouse.click(map.at(-150, 150).x, map.at(-150, 150).y);
    await expect.poll(() => row.getAttribute('aria-selected')).toBe('false');
    await sam.page.mouse.click(map.at(0, 0).x, map.at(0, 0).y);
    await expect.poll(() => row.getAttribute('aria-selected')).toBe('true');
  });

  it("draws a polygon by clicking on the map, its first vertex snapped to the neighbour's, names it and saves it", async () => {
    const { page } = sam;
    const map = await mapGeometry(page);
    await page.getByRole('button', { name: 'Draw polygon' }).click();
    await page.getByRole('status', { name: 'Drawing' }).waitFor();
    const corner = map.pixelOf(...NEIGHBOUR_NE);
    // 4 px beside the neighbour's corner: within the snapping distance.
    const first = { x: corner.x + 4, y: corner.y + 3 };
    await clickOnMap(page, [first, map.at(170, corner.y - map.at(0, 0).y), map.at(170, 90), map.at(70, 90), corner]);
    const form = page.getByRole('form', { name: 'Zone' });
    await form.waitFor({ timeout: 10_000 });
    expect(await form.getByText(/^4 vertices, /).count()).toBe(1);
    await form.getByLabel('Name').fill(NEW_ZONE);
    await form.getByLabel('Risk level').selectOption('red');
    await form.getByLabel('Place id').fill('ghat-steps');
    await form.getByRole('button', { name: 'Save zone' }).click();

    const row = zoneRow(page, NEW_ZONE);
    await row.waitFor({ timeout: 15_000 });
    const cells = await rowCells(row);
    expect(cells.slice(0, 4)).toEqual([NEW_ZONE, 'red', 'ghat-steps', '4']);
    expect(cells[5]).toMatch(/^sam · /);
    const saved = (await storedZones()).find((zone) => zone.name === NEW_ZONE)!;
    expect(saved).toMatchObject({
      riskLevel: 'red',
      regionId: 'default',
      version: 1,
      updatedBy: 'sam',
      meta: { placeId: 'ghat-steps' },
    });
    expect(saved.polygon).toHaveLength(4);
    // Snapped: exactly the neighbour's vertex, not where the pointer was.
    expect(saved.polygon).toContainEqual(NEIGHBOUR_NE);
  });

  it("the operator's page lists the new zone without a reload, and sees no editing control", async () => {
    const loadsBefore = otto.loads();
    const row = zoneRow(otto.page, NEW_ZONE);
    await row.waitFor({ timeout: 15_000 });
    expect((await rowCells(row))[1]).toBe('red');
    expect(otto.loads()).toBe(loadsBefore);
    for (const tool of ['Draw polygon', 'Draw rectangle', 'Draw circle', 'Edit zone', 'Delete zone', 'Import']) {
      expect(await otto.page.getByRole('button', { name: tool }).count()).toBe(0);
    }
  });

  it("a GPS ping inside the new zone opens an incident on the operator's dashboard", async () => {
    const map = await mapGeometry(sam.page);
    const inside = map.latLngAt(120, 30);
    await otto.page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Dashboard' }).click();
    await sendGpsPing(server.url, { ...inside, touristId: 'tourist-on-the-ghat' });
    const zoneId = (await storedZones()).find((zone) => zone.name === NEW_ZONE)!.id;
    let incidentId: string | undefined;
    await expect
      .poll(
        async () => {
          const incidents = (await call(server.url, 'GET', '/incidents?limit=20', undefined, { cookie: adminCookie }))
            .body.incidents as { id: string; meta: { geofenceId?: string } }[];
          incidentId = incidents.find((incident) => incident.meta.geofenceId === zoneId)?.id;
          return incidentId;
        },
        { timeout: 15_000 },
      )
      .toBeDefined();
    const row = alertRow(otto.page, incidentId!);
    await row.waitFor({ timeout: 15_000 });
    expect((await rowCells(row))[5]).toBe('red');
  });

  it('a vertex moved on a version someone else saved meanwhile shows who saved it, and their version loads', async () => {
    const { page } = sam;
    const map = await mapGeometry(page);
    await zoneRow(page, NEW_ZONE).click();
    await page.getByRole('button', { name: 'Edit zone' }).click();
    const form = page.getByRole('form', { name: 'Zone' });
    await form.waitFor();
    // Meanwhile the admin renames it (version 1 → 2).
    const zone = (await storedZones()).find((stored) => stored.name === NEW_ZONE)!;
    const renamed = await call(
      server.url,
      'PUT',
      `/geofences/${zone.id}`,
      { ...zone, name: 'Ghat steps (lower)' },
      { cookie: adminCookie, 'if-match': '1' },
    );
    expect(renamed.status).toBe(200);
    // Sam drags the far corner inwards and saves on version 1.
    await dragOnMap(page, map.at(170, 90), map.at(140, 120));
    await expect.poll(() => form.getByRole('button', { name: 'Undo' }).isEnabled()).toBe(true);
    await form.getByRole('button', { name: 'Save zone' }).click();
    const conflict = form.getByRole('alert');
    await expect
      .poll(() => conflict.textContent(), { timeout: 15_000 })
      .toMatch(
        /^Zone "Ghat steps \(lower\)" was changed by admin at .+ \(version 2\); reload their version before saving\.Load their version$/,
      );
    expect((await storedZones()).find((stored) => stored.id === zone.id)).toMatchObject({
      name: 'Ghat steps (lower)',
      version: 2,
      polygon: zone.polygon,
    });

    await form.getByRole('button', { name: 'Load their version' }).click();
    await expect.poll(() => form.getByLabel('Name').inputValue()).toBe('Ghat steps (lower)');
    await form.getByRole('button', { name: 'Save zone' }).click();
    await zoneRow(page, 'Ghat steps (lower)').waitFor({ timeout: 15_000 });
    expect((await storedZones()).find((stored) => stored.id === zone.id)).toMatchObject({
      version: 3,
      updatedBy: 'sam',
    });
  });

  it('undo and redo step the outline back and forth before saving; Cancel keeps the stored zone', async () => {
    const { page } = sam;
    const map = await mapGeometry(page);
    await zoneRow(page, 'Ghat steps (lower)').click();
    await page.getByRole('button', { name: 'Edit zone' }).click();
    const form = page.getByRole('form', { name: 'Zone' });
    const area = () => form.getByText(/ vertices, /).textContent();
    const before = await area();
    await dragOnMap(page, map.at(70, 90), map.at(40, 140));
    await expect.poll(area).not.toBe(before);
    const after = await area();
    await form.getByRole('button', { name: 'Undo' }).click();
    await expect.poll(area).toBe(before);
    await form.getByRole('button', { name: 'Redo' }).click();
    await expect.poll(area).toBe(after);
    await form.getByRole('button', { name: 'Cancel' }).click();
    await zonesTable(page).waitFor();
    expect((await storedZones()).find((stored) => stored.name === 'Ghat steps (lower)')).toMatchObject({ version: 3 });
  });

  it('deleting asks first, naming the zone, and the zone leaves both pages', async () => {
    const { page } = sam;
    await openZonesView(otto.page);
    await zoneRow(otto.page, 'Ghat steps (lower)').waitFor({ timeout: 15_000 });
    await zoneRow(page, 'Ghat steps (lower)').click();
    await page.getByRole('button', { name: 'Delete zone' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete zone' });
    await expectText(
      dialog.getByText(/^Delete the zone/),
      'Delete the zone “Ghat steps (lower)”? Pings inside it will no longer raise its alerts, on every dashboard at once.',
    );
    await dialog.getByRole('button', { name: 'Delete' }).click();
    await expectCount(zoneRow(page, 'Ghat steps (lower)'), 0);
    await expectCount(zoneRow(otto.page, 'Ghat steps (lower)'), 0);
    expect((await storedZones()).map((zone) => zone.name)).toEqual([NEIGHBOUR.name]);
    expect(sam.pageErrors).toEqual([]);
    expect(otto.pageErrors).toEqual([]);
  });

  it('a viewer sees the zones but no editing control', async () => {
    const vic = await openDashboard(browser, server.url);
    await signInAs(vic.page, VIC);
    await openZonesView(vic.page);
    await zoneRow(vic.page, NEIGHBOUR.name).waitFor({ timeout: 15_000 });
    expect(await vic.page.getByRole('toolbar', { name: 'Zone tools' }).getByRole('button').allInnerTexts()).toEqual([
      'Export',
    ]);
    await zoneRow(vic.page, NEIGHBOUR.name).click();
    expect(await vic.page.getByRole('button', { name: 'Edit zone' }).count()).toBe(0);
    expect(await vic.page.getByRole('form', { name: 'Zone' }).count()).toBe(0);
    await vic.context.close();
  });
});
