// Binding a phone's Digital ID at an entry point (issue 30), end to end: the server as `npm start` runs it
// with sign-in on and DEVICE_AUTH=required; the tourist's app on another origin issues its Digital ID
// without a tourist and registers with it; a supervisor in Chromium pastes the DID into "Verify tourist",
// sees the registered tourist and binds them; the phone's next panic is verified and its next ping accepted.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium.ts';
import { openDashboard } from './support/dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { ADMIN_PASSWORD, createOperators, type Operator } from './support/operators.ts';
import { serveStatic, type StaticServer } from './map-static-server.ts';

const SUPERVISOR: Operator = { username: 'sumi', password: 'sumi has a long password', role: 'supervisor' };
const SHILLONG = { latitude: 25.5788, longitude: 91.8933 };

let server: DashboardServer;
let phoneSite: StaticServer;
let siteDir: string;
let browser: Browser;
let phone: Page;
let console_: Page;

/** The reference app's calls, made from its own origin with its token attached to every call. */
async function fromPhone(path: string, body?: object): Promise<{ status: number; body: Record<string, unknown> }> {
  return phone.evaluate(
    async ({ api, path, body }) => {
      const token = localStorage.getItem('did.token');
      const headers: Record<string, string> = {
        'Content-Type': 'application/json',
        ...(token && { Authorization: `Bearer ${token}` }),
      };
      const response = await fetch(
        `${api}${path}`,
        body ? { method: 'POST', headers, body: JSON.stringify(body) } : { headers },
      );
      return { status: response.status, body: await response.json() };
    },
    { api: server.url, path, body },
  );
}

beforeAll(async () => {
  server = await startDashboardServer({ AUTH: 'on', ADMIN_PASSWORD, DEVICE_AUTH: 'required' });
  await createOperators(server.url, [SUPERVISOR]);
  siteDir = mkdtempSync(join(tmpdir(), 'phone-app-'));
  writeFileSync(
    join(siteDir, 'index.html'),
    '<!doctype html><meta charset="utf-8"><title>Smart Tourist Safety</title>',
  );
  phoneSite = await serveStatic(siteDir);
  browser = await launchChromium();
  phone = await (await browser.newContext()).newPage();
  await phone.goto(`${phoneSite.url}/`);
  console_ = (await openDashboard(browser, server.url)).page;
});

afterAll(async () => {
  await browser?.close();
  await phoneSite?.close();
  await server?.dispose();
  rmSync(siteDir, { recursive: true, force: true });
});

describe('a supervisor binds the Digital ID a phone shows', () => {
  let touristId: string;
  let didToken: string;

  it('before binding: the phone registered with its own Digital ID, its panic is unverified and its ping refused', async () => {
    const issued = await fromPhone('/did/issue', { kycType: 'passport', kycHash: 'a1'.repeat(32) });
    expect(issued.status).toBe(201);
    didToken = String(issued.body.didToken);
    await phone.evaluate((token) => localStorage.setItem('did.token', token), didToken);
    const registered = await fromPhone('/tourists/register', { name: 'Asha Das' });
    touristId = String(registered.body.touristId);
    const raised = await fromPhone('/panic-alert', { ...SHILLONG, touristId, deviceId: null });
    expect(raised.status).toBe(201);
    expect(raised.body.incident).toMatchObject({ touristId, verified: false });
    const ping = await fromPhone('/gps/update', { ...SHILLONG, touristId, deviceId: null });
    expect(ping.status).toBe(401);
  });

  it('the supervisor pastes the Digital ID, sees the registered tourist and binds them after confirming', async () => {
    await console_.getByLabel('Username').fill(SUPERVISOR.username);
    await console_.getByLabel('Password').fill(SUPERVISOR.password);
    await console_.getByRole('button', { name: 'Sign in', exact: true }).click();
    await console_
      .getByRole('navigation', { name: 'Main menu' })
      .getByRole('button', { name: 'Verify tourist' })
      .click();
    const view = console_.getByRole('region', { name: 'Verify tourist' });
    await view.getByLabel('Digital ID').fill(didToken);
    await view.getByRole('button', { name: 'Look up' }).click();

    const card = view.getByRole('group', { name: /^Digital ID did:local:/ });
    await card.getByText('Not bound', { exact: true }).waitFor();
    const row = card.getByRole('row', { name: new RegExp(`Asha Das \\(${touristId}\\)`) });
    await row.getByRole('button', { name: `Bind to Asha Das (${touristId})` }).click();
    const dialog = console_.getByRole('dialog');
    await dialog.getByText(`Bind to Asha Das (${touristId})?`).waitFor();
    await dialog.getByRole('button', { name: 'Bind', exact: true }).click();

    await view
      .getByRole('status')
      .getByText(/now proves Asha Das/)
      .waitFor();
    await card.getByText('Bound', { exact: true }).waitFor();
    expect(
      await card.getByText(new RegExp(`Proves Asha Das \\(${touristId}\\), bound by ${SUPERVISOR.username}`)).count(),
    ).toBe(1);
  });

  it("after binding: the same token's next panic is verified, its next ping accepted, and its history lists its alerts", async () => {
    const raised = await fromPhone('/panic-alert', { ...SHILLONG, touristId, deviceId: null });
    expect(raised.body.incident).toMatchObject({ touristId, verified: true });
    expect((await fromPhone('/gps/update', { ...SHILLONG, touristId, deviceId: null })).status).toBe(201);
    const history = await fromPhone('/panic-alerts');
    const alerts = history.body.alerts as { touristId: string; verified: boolean; location: string }[];
    expect(alerts.map((alert) => [alert.touristId, alert.verified])).toEqual([
      [touristId, true],
      [touristId, false],
    ]);
  });
});
