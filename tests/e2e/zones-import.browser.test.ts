// Importing and exporting zones from the Zones view (issue 31), with the real server and the built dashboard:
// a GeoJSON file with one self-crossing feature is previewed (new, refused and why, per feature and field) and
// cannot be applied, so nothing is stored; a valid KML file imports; the export downloaded from the view imports
// again into identical zones. One server, one page (sign-in off: the spec's open dashboard), steps in order.
import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Geofence } from '../../src/api/entities.ts';
import { call } from '../helpers/server.ts';
import { launchChromium } from './support/chromium.ts';
import { openDashboard, rowCells, type DashboardPage } from './support/dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { expectCount } from './support/expectations.ts';
import { openZonesView, zoneRow } from './support/zones-page.ts';

const fixture = (name: string) => new URL(`./fixtures/${name}`, import.meta.url).pathname;

let server: DashboardServer;
let browser: Browser;
let dashboard: DashboardPage;
let page: Page;

const storedZones = async () => (await call(server.url, 'GET', '/geofences')).body.geofences as Geofence[];
/** A zone as a file carries it: without who saved it, when, or its version. */
const asInFile = ({ id, name, riskLevel, regionId, polygon, meta }: Geofence) => ({
  id,
  name,
  riskLevel,
  regionId,
  polygon,
  meta,
});
const byId = (a: { id: string }, b: { id: string }) => (a.id < b.id ? -1 : 1);

const importPanel = () => page.getByRole('region', { name: 'Import zones' });
const previewRows = () =>
  importPanel().getByRole('table', { name: 'Import preview' }).locator('tbody').getByRole('row');

async function chooseImportFile(path: string) {
  if ((await importPanel().count()) === 0) await page.getByRole('button', { name: 'Import' }).click();
  await importPanel().getByLabel('Zone file (GeoJSON or KML, at most 5 MB)').setInputFiles(path);
}

async function previewCells(): Promise<string[][]> {
  await previewRows().first().waitFor({ timeout: 15_000 });
  return Promise.all((await previewRows().all()).map((row) => rowCells(row)));
}

beforeAll(async () => {
  server = await startDashboardServer();
  browser = await launchChromium();
  dashboard = await openDashboard(browser, server.url);
  page = dashboard.page;
  await openZonesView(page);
  await page.getByLabel('Region').selectOption('all');
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('importing and exporting zones in the Zones view', () => {
  it('a GeoJSON file with one self-crossing feature shows the preview with its reason, cannot be applied, and stores nothing', async () => {
    await chooseImportFile(fixture('zones-one-bad.geojson'));
    const rows = await previewCells();
    expect(rows.map((cells) => cells.slice(0, 3))).toEqual([
      ['1', 'Kamakhya temple steps', 'new'],
      ['2', 'Umananda ferry (bow tie)', 'refused'],
      ['3', 'Fancy Bazar market', 'new'],
    ]);
    expect(rows[1][3]).toBe(
      'geometry: geometry crosses itself: the edge from point 1 to point 2 meets the edge from point 3 to point 4.',
    );
    expect(rows[0][3]).toBe('');
    expect(await importPanel().getByRole('status', { name: 'Import summary' }).textContent()).toBe(
      '2 new, 0 changed, 0 unchanged, 1 refused',
    );
    expect(await importPanel().getByRole('button', { name: 'Apply import' }).isEnabled()).toBe(false);
    expect(await storedZones()).toEqual([]);
  });

  it('a valid KML file previews as new and imports: its zones are listed and stored', async () => {
    await chooseImportFile(fixture('zones-valid.kml'));
    await expect
      .poll(async () => (await previewCells()).map((cells) => cells.slice(1, 3)))
      .toEqual([
        ["Ward's Lake", 'new'],
        ['Police Bazar', 'new'],
      ]);
    await importPanel().getByRole('button', { name: 'Apply import' }).click();
    await zoneRow(page, 'Police Bazar').waitFor({ timeout: 15_000 });
    expect((await rowCells(zoneRow(page, "Ward's Lake"))).slice(0, 4)).toEqual([
      "Ward's Lake",
      'green',
      'wards-lake',
      '4',
    ]);
    expect((await storedZones()).map(asInFile).sort(byId)).toEqual([
      {
        id: 'police-bazar',
        name: 'Police Bazar',
        riskLevel: 'red',
        regionId: 'shillong',
        polygon: [
          [25.577, 91.892],
          [25.577, 91.895],
          [25.58, 91.895],
          [25.58, 91.892],
        ],
        meta: { placeId: 'police-bazar' },
      },
      {
        id: 'wards-lake',
        name: "Ward's Lake",
        riskLevel: 'green',
        regionId: 'shillong',
        polygon: [
          [25.576, 91.888],
          [25.576, 91.891],
          [25.5785, 91.891],
          [25.5785, 91.888],
        ],
        meta: { placeId: 'wards-lake' },
      },
    ]);
  });

  it('the export downloaded from the view imports again into identical zones', async () => {
    const before = (await storedZones()).map(asInFile).sort(byId);
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'All regions as GeoJSON' }).click(),
    ]);
    const path = await download.path();
    expect(download.suggestedFilename()).toBe('zones-all.geojson');
    const file = JSON.parse(readFileSync(path, 'utf8')) as { type: string; features: unknown[] };
    expect(file.type).toBe('FeatureCollection');
    expect(file.features).toHaveLength(2);

    // The same file again changes nothing.
    await chooseImportFile(path);
    await expect.poll(async () => (await previewCells()).map((cells) => cells[2])).toEqual(['unchanged', 'unchanged']);
    await importPanel().getByRole('button', { name: 'Cancel' }).click();

    // Deleted, then imported from the file: the same zones as before.
    for (const zone of await storedZones()) {
      expect(
        (await call(server.url, 'DELETE', `/geofences/${zone.id}`, undefined, { 'if-match': String(zone.version) }))
          .status,
      ).toBe(200);
    }
    await expectCount(zoneRow(page, 'Police Bazar'), 0);
    await chooseImportFile(path);
    await expect.poll(async () => (await previewCells()).map((cells) => cells[2])).toEqual(['new', 'new']);
    await importPanel().getByRole('button', { name: 'Apply import' }).click();
    await zoneRow(page, 'Police Bazar').waitFor({ timeout: 15_000 });
    expect((await storedZones()).map(asInFile).sort(byId)).toEqual(before);
    expect(dashboard.pageErrors).toEqual([]);
  });
});
