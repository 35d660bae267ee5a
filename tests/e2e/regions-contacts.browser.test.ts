// Regions set up from the console (issue 31), end to end: the real server with sign-in on, the built
// dashboard in Chromium. An admin opens Regions, adds a contact to Shillong and saves it; the list shows it,
// a second admin's open page shows it without a reload (the stream's region_update), the phone app's
// GET /regions carries it, and a supervisor is offered no Regions view at all.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../helpers/auth.ts';
import { call } from '../helpers/server.ts';
import { launchChromium } from './support/chromium.ts';
import { openDashboard, type DashboardPage } from './support/dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { expectText } from './support/expectations.ts';
import { ADMIN_PASSWORD, createOperators, type Operator } from './support/operators.ts';

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
  await page.getByRole('banner').getByText(`${operator.username} · ${operator.role}`, { exact: true }).waitFor({ timeout: 15_000 });
  return page;
}

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });
const shillongContacts = (page: Page) => page.getByRole('list', { name: 'Contacts of Shillong' });

async function openRegions(page: Page): Promise<void> {
  await menu(page).getByRole('button', { name: 'Regions' }).click();
  await shillongContacts(page).waitFor({ timeout: 15_000 });
}

beforeAll(async () => {
  server = await startDashboardServer({ AUTH: 'on', ADMIN_PASSWORD }, { boundaries: 'seeded' });
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

  it('lists the seeded regions with India\'s numbers in the Regions view', async () => {
    otherAdminPage = await signedInPage({ username: 'admin', password: ADMIN_PASSWORD, role: 'admin' });
    await openRegions(otherAdminPage);
    adminPage = await signedInPage(ADA);
    await openRegions(adminPage);
    await expectText(shillongContacts(adminPage).getByRole('listitem').first(), 'Emergency: 112');
    expect(await shillongContacts(adminPage).getByText('Meghalaya Tourism: 1800-599-2026', { exact: true }).count()).toBe(1);
  });

  it('adds a police station to Shillong and saves: the list shows it, and so does another admin\'s open page', async () => {
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

  it('the phone app\'s GET /regions carries the contact with its label, phone, kind and station', async () => {
    const cookie = await signIn(server.url, ADA.username, ADA.password);
    const shillong = (await call(server.url, 'GET', '/regions', undefined, { cookie })).body.regions.find((region: { id: string }) => region.id === 'shillong');
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
