// Web Push with the console's tab closed (issue 35 point 5): the service worker, woken by the browser for a
// push message, shows the notification itself. Chromium's DevTools protocol delivers the message
// (ServiceWorker.deliverPushMessage) as a push service would, after every console page has been closed: only
// an about:blank page is left in the browser context, to hold the protocol session.
// A notification's click is not driven: Chromium gives window interaction (clients.openWindow, client.focus)
// only to a notificationclick it dispatches for a real click, and a script's `new NotificationEvent(...)`
// dispatched in the worker is refused ("Can not call waitUntil on a script constructed ExtendableEvent",
// "Not allowed to open a window"). What the click leads to is checked instead: the address it opens with no
// console open, and the message the worker posts to an open console.
import type { Browser, BrowserContext, CDPSession, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium.ts';
import { alertRow, consoleShown, openDashboard, type DashboardPage } from './support/dashboard-page.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { sendPanicFromPhone } from './support/phone.ts';
import { incidentHref, SHOW_INCIDENT_MESSAGE } from '../../src/domain/incident-route.ts';

let server: DashboardServer;
let browser: Browser;
let dashboard: DashboardPage;

interface Registration {
  registrationId: string;
  scopeURL: string;
  isDeleted: boolean;
}

/** The console's worker registration, as the protocol names it. */
async function registrationOf(session: CDPSession, scope: string): Promise<Registration> {
  const found = new Promise<Registration>((resolve) => {
    session.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }: { registrations: Registration[] }) => {
      const match = registrations.find((registration) => registration.scopeURL === scope && !registration.isDeleted);
      if (match) resolve(match);
    });
  });
  await session.send('ServiceWorker.enable');
  return found;
}

/**
 * Delivers `message` to the registration and answers what `read` finds in its worker once it finds anything.
 * Twice in whole browser suites (never in this file alone, nor with its neighbours, nor beside busy cores) a
 * push delivered this way just after the last console tab closed showed nothing for 15 s; a push service
 * delivers a message again when the worker did not take it, and so does this, up to three times, 5 s apart.
 * The worker is looked up on every read: the browser may have started a new one for the push.
 */
async function deliverUntilShown<T>(
  context: BrowserContext,
  session: CDPSession,
  registration: Registration,
  message: object,
  read: (worker: Worker) => Promise<T[]>,
): Promise<T[]> {
  for (let delivery = 1; delivery <= 3; delivery++) {
    if (delivery > 1) console.warn(`push-notifications: nothing shown 5 s after delivery ${delivery - 1}; again`);
    await session.send('ServiceWorker.deliverPushMessage', {
      origin: server.url,
      registrationId: registration.registrationId,
      data: JSON.stringify(message),
    });
    for (const deadline = Date.now() + 5000; Date.now() < deadline; ) {
      const worker = context.serviceWorkers().at(-1);
      const found = worker ? await read(worker).catch((): T[] => []) : [];
      if (found.length > 0) return found;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  return [];
}

beforeAll(async () => {
  server = await startDashboardServer();
  browser = await launchChromium();
  dashboard = await openDashboard(
    browser,
    server.url,
    (context) => context.grantPermissions(['notifications'], { origin: server.url }),
    { serviceWorkers: 'allow' },
  );
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

describe('push to this device', () => {
  it('shows the panic as a notification, tagged by incident and held until seen, with no console tab open', async () => {
    const { page, context } = dashboard;
    await page.waitForFunction(async () => (await navigator.serviceWorker.ready).active !== null, undefined, {
      timeout: 30_000,
    });
    const holder = await context.newPage();
    const session = await context.newCDPSession(holder);
    const registration = await registrationOf(session, `${server.url}/`);
    await page.close();
    expect(context.pages().map((open) => open.url())).toEqual(['about:blank']);

    const message = {
      incidentId: 'inc_push_closed_tab',
      kind: 'panic.created',
      regionId: 'shillong',
      at: '2026-11-26T23:40:00.000Z',
      title: 'New panic alert in shillong',
      body: '25.57880, 91.89330',
    };
    const shown = (worker = context.serviceWorkers().at(-1)!) =>
      worker.evaluate(async () =>
        (await (self as unknown as { registration: ServiceWorkerRegistration }).registration.getNotifications()).map(
          (n) => ({
            title: n.title,
            body: n.body,
            tag: n.tag,
            requireInteraction: n.requireInteraction,
            data: n.data as unknown,
          }),
        ),
      );
    expect(await deliverUntilShown(context, session, registration, message, shown)).toEqual([
      expect.objectContaining({
        title: 'New panic alert in shillong',
        tag: 'panic-inc_push_closed_tab',
        requireInteraction: true,
        data: { incidentId: 'inc_push_closed_tab' },
      }),
    ]);
    expect((await shown())[0].body).toContain('25.57880, 91.89330');

    // An escalation of the same incident replaces its notification rather than stacking a second one.
    const escalation = {
      ...message,
      kind: 'incident.escalated',
      title: 'Escalated: panic in shillong not acknowledged',
    };
    await session.send('ServiceWorker.deliverPushMessage', {
      origin: server.url,
      registrationId: registration.registrationId,
      data: JSON.stringify(escalation),
    });
    await expect
      .poll(async () => (await shown()).map((n) => n.title), { timeout: 15_000 })
      .toEqual(['Escalated: panic in shillong not acknowledged']);
  });

  // Chromium refuses pushManager.subscribe in the incognito-like contexts a test opens (crbug.com/41124656),
  // and a real subscription would need Google's push service besides: what is checked here is the choice
  // itself and that a refusal is said, not swallowed.
  it('is offered from the top bar with a region choice; a browser that cannot subscribe says why and stays off', async () => {
    // The console again, in the context whose last console page the previous test closed.
    const page = await dashboard.context.newPage();
    await page.goto(`${server.url}/`);
    await consoleShown(page);
    await page.getByRole('button', { name: 'Push to this device' }).click();
    const toggle = page.getByRole('switch', { name: 'Push to this device' });
    await expect.poll(() => toggle.isEnabled(), { timeout: 15_000 }).toBe(true);
    expect(await toggle.isChecked()).toBe(false);
    await page.getByRole('combobox', { name: 'Push only for' }).click();
    const regions = await page.getByRole('option').allInnerTexts();
    expect(regions).toContain('default');
    // Enter picks the option the list opened on.
    await page.getByRole('option', { name: 'default' }).press('Enter');
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Push only for' }).innerText(), { timeout: 15_000 })
      .toBeOneOf(regions);
    await page.getByRole('combobox', { name: 'Push only for' }).press('Tab');
    await toggle.click();
    await expect
      .poll(() => page.getByRole('alert').allInnerTexts(), { timeout: 15_000 })
      .toContainEqual(expect.stringContaining('Registration failed'));
    expect(await toggle.isChecked()).toBe(false);
    const stored = await page.evaluate(() => fetch('/push/subscriptions').then((answer) => answer.json()));
    expect(stored).toEqual({ ok: true, subscriptions: [] });
  });

  it("what a click opens with no console open, the incident's address, shows that incident", async () => {
    const panic = await sendPanicFromPhone(server.url, 25.5788, 91.8933);
    const page = await dashboard.context.newPage();
    try {
      await page.goto(`${server.url}${incidentHref(panic.incident.id)}`);
      await consoleShown(page);
      // Shown as the panic bar's Show does it: its row brought into view and outlined.
      await expect
        .poll(() => alertRow(page, panic.incident.id).getAttribute('data-highlighted'), { timeout: 15_000 })
        .toBe('true');
      // Shown once: the address goes back to the console's, so a reload does not open it again.
      await expect.poll(() => new URL(page.url()).hash, { timeout: 15_000 }).toBe('');
    } finally {
      await page.close();
    }
  });

  it("what a click does to an open console, the worker's message naming the incident, shows it there", async () => {
    const panic = await sendPanicFromPhone(server.url, 25.5788, 91.8933);
    const page = await dashboard.context.newPage();
    try {
      await page.goto(`${server.url}/`);
      await consoleShown(page);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 30_000 });
      await alertRow(page, panic.incident.id).waitFor();
      expect(await alertRow(page, panic.incident.id).getAttribute('data-highlighted')).toBeNull();
      const [worker] = dashboard.context.serviceWorkers();
      // As src/sw/push.ts posts it to the console window it found, from the console's own worker.
      const posted = await worker.evaluate(
        async ({ type, incidentId }) => {
          const { clients } = self as unknown as {
            clients: { matchAll(options: { type: 'window' }): Promise<{ postMessage(message: unknown): void }[]> };
          };
          const windows = await clients.matchAll({ type: 'window' });
          for (const client of windows) client.postMessage({ type, incidentId });
          return windows.length;
        },
        { type: SHOW_INCIDENT_MESSAGE, incidentId: panic.incident.id },
      );
      expect(posted).toBeGreaterThanOrEqual(1);
      await expect
        .poll(() => alertRow(page, panic.incident.id).getAttribute('data-highlighted'), { timeout: 15_000 })
        .toBe('true');
    } finally {
      await page.close();
    }
  });

  it('speaks the language and the clock the console last spoke, with no console tab open', async () => {
    const { context } = dashboard;
    const page = await context.newPage();
    await page.goto(`${server.url}/`);
    await consoleShown(page);
    await page.evaluate(() => localStorage.setItem('dash.lang', 'hi'));
    await page.reload();
    await page.waitForFunction(() => document.documentElement.lang === 'hi', undefined, { timeout: 30_000 });
    // The page leaves its language where the worker reads it (src/browser/worker-settings.ts).
    await expect
      .poll(
        () => page.evaluate(async () => (await (await caches.match('/console-settings.json'))?.json()) as unknown),
        { timeout: 15_000 },
      )
      .toEqual({ language: 'hi', hour12: false, nativeDigits: false });
    const holder = context.pages().find((open) => open.url() === 'about:blank') ?? (await context.newPage());
    const session = await context.newCDPSession(holder);
    const registration = await registrationOf(session, `${server.url}/`);
    for (const open of context.pages()) if (open !== holder) await open.close();

    const message = {
      incidentId: 'inc_push_hindi',
      kind: 'panic.created',
      regionId: 'shillong',
      at: '2026-11-26T23:40:00.000Z',
      title: 'New panic alert in shillong',
      body: '25.57880, 91.89330',
    };
    const shown = (worker: Worker) =>
      worker.evaluate(async () =>
        (
          await (self as unknown as { registration: ServiceWorkerRegistration }).registration.getNotifications({
            tag: 'panic-inc_push_hindi',
          })
        ).map((n) => ({ title: n.title, body: n.body })),
      );
    // 23:40 UTC is 05:10 the next morning in Asia/Kolkata, on a 24-hour clock.
    expect(await deliverUntilShown(context, session, registration, message, shown)).toEqual([
      { title: 'shillong में नया पैनिक अलर्ट', body: expect.stringMatching(/05:10.*25\.57880, 91\.89330$/) },
    ]);
  });
});
