// Outgoing notifications as an admin meets them (issue 34 point 5): the real server with sign-in on, the
// built dashboard in Chromium and a real receiver that checks signatures. The admin creates a webhook in the
// Webhooks view and reads its secret once; a phone's panic reaches the receiver signed with it; a panic the
// receiver refuses until the attempts are used up is listed among the dead letters, and "Send again" delivers it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookReceiver } from '../helpers/webhook-receiver.ts';
import { launchChromium } from './support/chromium.ts';
import { openDashboard, type DashboardPage } from './support/dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { ADMIN_PASSWORD } from './support/operators.ts';
import { sendPanicFromPhone } from './support/phone.ts';

let server: DashboardServer;
let browser: Browser;
let adminSide: DashboardPage;
let receiver: WebhookReceiver;
const page = (): Page => adminSide.page;

beforeAll(async () => {
  // Retries quick and two attempts in all, so a dead letter comes within the walk.
  server = await startDashboardServer({
    AUTH: 'on',
    ADMIN_PASSWORD,
    WEBHOOK_POLL_MS: '20',
    WEBHOOK_RETRY_BASE_MS: '10',
    WEBHOOK_RETRY_CAP_MS: '40',
    WEBHOOK_MAX_ATTEMPTS: '2',
  });
  browser = await launchChromium();
  adminSide = await openDashboard(browser, server.url);
  receiver = await WebhookReceiver.start();
});

afterAll(async () => {
  await browser?.close();
  await server?.dispose();
  await receiver?.close();
});

/** Refresh until `locator` shows: the page reads the log when asked, not live. */
async function refreshUntil(locator: ReturnType<Page['getByRole']>): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    await page().getByRole('button', { name: 'Refresh' }).click();
    if (await locator.isVisible()) return;
    await page().waitForTimeout(200);
  }
  throw new Error('never shown');
}

describe('webhooks, end to end', () => {
  it("an admin creates a webhook, reads its secret once, and a phone's panic reaches the receiver signed with it", async () => {
    await page().getByLabel('Username').fill('admin');
    await page().getByLabel('Password').fill(ADMIN_PASSWORD);
    await page().getByRole('button', { name: 'Sign in', exact: true }).click();
    await page().getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Webhooks' }).click();
    await page().getByText('No webhook is configured: nothing is sent.').waitFor({ timeout: 15_000 });

    await page().getByRole('button', { name: 'New webhook' }).click();
    const form = page().getByRole('form', { name: 'New webhook' });
    await form.getByLabel('Name').fill('Control room relay');
    await form.getByLabel('URL').fill(receiver.url);
    await form.getByRole('button', { name: 'Create' }).click();
    const dialog = page().getByRole('alertdialog', { name: 'Signing secret for Control room relay' });
    await dialog.waitFor({ timeout: 15_000 });
    receiver.secret = await dialog.getByLabel('Signing secret').inputValue();
    expect(receiver.secret).toMatch(/^whsec_/);
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page().content()).not.toContain(receiver.secret);
    await page()
      .getByRole('table', { name: 'Webhooks' })
      .getByRole('cell', { name: 'Control room relay', exact: true })
      .waitFor();

    const panic = await sendPanicFromPhone(server.url, 25.5788, 91.8933);
    const [received] = await receiver.until((entries) => entries.length > 0 && entries);
    expect(received).toMatchObject({
      signatureValid: true,
      timestampFresh: true,
      event: { type: 'panic.created', data: { incident: { id: panic.incident.id } } },
    });
    await refreshUntil(
      page().getByRole('table', { name: 'Delivery log' }).getByRole('cell', { name: received.id, exact: true }),
    );
  });

  it('a delivery the receiver refused until its attempts were used up is a dead letter, and "Send again" delivers it', async () => {
    receiver.mode = 'fail';
    const panic = await sendPanicFromPhone(server.url, 25.5788, 91.8933);
    const failed = await receiver.until(
      (entries) =>
        entries.filter((entry) => entry.event.data.incident?.id === panic.incident.id).length >= 2 && entries.at(-1),
    );
    const deadLetters = page().getByRole('table', { name: 'Dead letters' });
    await refreshUntil(deadLetters.getByRole('cell', { name: failed.id, exact: true }));
    expect(await deadLetters.getByRole('row').filter({ hasText: failed.id }).textContent()).toContain(
      'HTTP 500: receiver failed',
    );

    receiver.mode = 'ok';
    await page()
      .getByRole('button', { name: `Send ${failed.id} again` })
      .click();
    await page()
      .getByRole('status')
      .filter({ hasText: `${failed.id} will be sent again.` })
      .waitFor({ timeout: 15_000 });
    await receiver.until((entries) => entries.some((entry) => entry.id === failed.id && entry.answered === 'ok'));
    await refreshUntil(page().getByText('Dead letters: none.'));
    expect(
      receiver.received
        .filter((entry) => entry.id === failed.id)
        .map((entry) => [entry.answered, entry.signatureValid]),
    ).toEqual([
      ['fail', true],
      ['fail', true],
      ['ok', true],
    ]);
  });

  it('at 390 px the delivery log scrolls sideways in its own box: its columns do not overlap and the page does not scroll', async () => {
    await page().setViewportSize({ width: 390, height: 844 });
    const log = page().getByRole('region', { name: 'Delivery log, scrolls sideways' });
    await log.waitFor();
    const widths = await log.evaluate((box) => ({
      box: box.clientWidth,
      table: box.scrollWidth,
      page: document.documentElement.scrollWidth,
    }));
    expect(widths.table).toBeGreaterThan(widths.box);
    expect(widths.page).toBeLessThanOrEqual(390);
    const headers = await log
      .getByRole('columnheader')
      .evaluateAll((cells) =>
        cells.map((cell) => cell.getBoundingClientRect()).map(({ left, right }) => ({ left, right })),
      );
    for (let index = 1; index < headers.length; index++)
      expect(headers[index].left).toBeGreaterThanOrEqual(headers[index - 1].right - 1);
    await page().setViewportSize({ width: 1280, height: 900 });
  });
});
