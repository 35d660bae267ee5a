// Responders (issue 34), end to end: the real server (sign-in off), the built dashboard in Chromium. The
// Regions view lists Shillong's demo units beside its contacts; an admin marks one unavailable and adds a
// unit. A phone's panic in Shillong opens in the drawer with its nearest units; the operator dispatches one,
// marks it on scene, and the timeline, the facts and the server's record say so.
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/server.ts';
import { launchChromium } from './support/chromium.ts';
import { alertRow, liveUpdatesLine, openDashboard, type DashboardPage } from './support/dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { expectText } from './support/expectations.ts';
import { sendPanicFromPhone, type SentPanic } from './support/phone.ts';

const SHILLONG = { latitude: 25.5788, longitude: 91.8933 };

let server: DashboardServer;
let browser: Browser;
let dashboard: DashboardPage;
let page: Page;
let sent: SentPanic;

const drawer = (): Locator => page.getByRole('dialog', { name: `Incident ${sent.incident.id}` });
const fact = (term: string): Locator =>
  drawer()
    .getByRole('term')
    .filter({ hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');

beforeAll(async () => {
  server = await startDashboardServer();
  browser = await launchChromium();
  dashboard = await openDashboard(browser, server.url);
  page = dashboard.page;
  await liveUpdatesLine(page, 'Live updates: connected').waitFor({ timeout: 15_000 });
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('responders in the dashboard', () => {
  it("lists Shillong's demo units beside its contacts; an admin marks one unavailable and adds a unit", async () => {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Regions' }).click();
    await page.getByRole('button', { name: 'Edit Shillong' }).click();
    const units = page.getByRole('region', { name: 'Responder units' });
    const ambulance = units.getByRole('row', { name: 'Ambulance 108 Shillong-1 (demo)' });
    await ambulance.waitFor({ timeout: 15_000 });
    await expectText(ambulance.getByText('Demo', { exact: true }), 'Demo');
    await units.getByRole('switch', { name: 'Ambulance 108 Shillong-1 (demo) available' }).click();
    await expect
      .poll(() => units.getByRole('switch', { name: 'Ambulance 108 Shillong-1 (demo) available' }).isChecked(), {
        timeout: 10_000,
      })
      .toBe(false);

    await units.getByLabel('Unit name').fill('Umiam rescue boat');
    await units.getByLabel('Unit kind').selectOption('rescue_team');
    await units.getByLabel('Unit phone').fill('+91 364 250-0000');
    await units.getByLabel('Unit latitude').fill('25.66');
    await units.getByLabel('Unit longitude').fill('91.90');
    await units.getByRole('button', { name: 'Add unit' }).click();
    await units.getByRole('row', { name: 'Umiam rescue boat' }).waitFor({ timeout: 10_000 });

    const stored = (await call(server.url, 'GET', '/regions/shillong/units')).body.units as {
      name: string;
      available: boolean;
      demo: boolean;
      phone: string;
    }[];
    expect(stored.find((unit) => unit.name === 'Ambulance 108 Shillong-1 (demo)')).toMatchObject({
      available: false,
      demo: true,
    });
    expect(stored.find((unit) => unit.name === 'Umiam rescue boat')).toMatchObject({
      available: true,
      demo: false,
      phone: '+913642500000',
    });

    // Edited in place: a refused phone leaves the fields as typed beside the server's sentence.
    await units.getByRole('button', { name: 'Edit Umiam rescue boat' }).click();
    const edit = units.getByRole('group', { name: 'Edit Umiam rescue boat' });
    await edit.getByLabel('Unit name').fill('Umiam lake rescue boat');
    await edit.getByLabel('Unit phone').fill('1070');
    await edit.getByRole('button', { name: 'Save unit' }).click();
    await units.getByText(/phone must be a phone number: with its country code/).waitFor({ timeout: 10_000 });
    expect(await edit.getByLabel('Unit name').inputValue()).toBe('Umiam lake rescue boat');
    await edit.getByLabel('Unit phone').fill('+91-364-250-0001');
    await edit.getByRole('button', { name: 'Save unit' }).click();
    await units.getByRole('row', { name: 'Umiam lake rescue boat' }).waitFor({ timeout: 10_000 });
    const edited = (await call(server.url, 'GET', '/regions/shillong/units')).body.units as {
      name: string;
      phone: string;
      position: number[];
    }[];
    expect(edited.find((unit) => unit.name === 'Umiam lake rescue boat')).toMatchObject({
      phone: '+913642500001',
      position: [25.66, 91.9],
    });
  });

  it("shows a panic's nearest units in the drawer; the operator dispatches one and marks it on scene", async () => {
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Dashboard' }).click();
    sent = await sendPanicFromPhone(server.url, SHILLONG.latitude, SHILLONG.longitude, 'tourist-responders');
    await alertRow(page, sent.incident.id).getByRole('cell').nth(1).click();
    const nearest = drawer().getByRole('table', { name: 'Nearest units' });
    await nearest.waitFor({ timeout: 15_000 });
    const names = await nearest.locator('tbody tr td:first-child').allInnerTexts();
    // Five available units first; the ambulance marked unavailable, 400 m away, is listed after them, marked.
    expect(names.slice(0, 5).some((name) => name.endsWith('(unavailable)'))).toBe(false);
    expect(names.slice(5)).toContain('Ambulance 108 Shillong-1 (demo) (unavailable)');
    const first = names[0];
    await drawer()
      .getByRole('button', { name: `Dispatch ${first}` })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Dispatch a unit' });
    await dialog.getByLabel('Note (optional)').fill('Tourist at the viewpoint');
    await dialog.getByRole('button', { name: 'Dispatch', exact: true }).click();
    const record = drawer().getByRole('listitem', { name: `Dispatch of ${first}` });
    await record.waitFor({ timeout: 10_000 });
    await drawer()
      .getByRole('region', { name: 'Timeline' })
      .getByText(`anonymous dispatched ${first}: Tourist at the viewpoint`)
      .waitFor({ timeout: 10_000 });
    await expect.poll(() => fact('Time to dispatch').innerText(), { timeout: 10_000 }).not.toBe('—');

    await record.getByRole('button', { name: 'On scene' }).click();
    await drawer()
      .getByRole('region', { name: 'Timeline' })
      .getByText(`anonymous marked ${first} on scene`)
      .waitFor({ timeout: 10_000 });
    await expect.poll(() => fact('Time to scene').innerText(), { timeout: 10_000 }).not.toBe('—');
    const { dispatches } = (await call(server.url, 'GET', `/incidents/${sent.incident.id}/nearest-units`)).body;
    expect(dispatches).toMatchObject([{ unitName: first, state: 'on_scene', dispatchedBy: 'anonymous' }]);
  });

  it('raised no page error', () => {
    expect(dashboard.pageErrors).toEqual([]);
  });
});
