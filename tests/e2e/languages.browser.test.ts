// The console in Hindi and Assamese (issue 36), at the desk (1440 px) and on a phone (390 px): the page says
// which language it speaks (`<html lang>`), the panic bar and the alarm's controls read in it with a 24-hour
// time, nothing in the top bar, the panic bar or the menus clips its text, and the switch in the top bar
// changes the language and keeps it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from './support/chromium.ts';
import { startDashboardServer, type DashboardServer } from './support/dashboard-server.ts';
import { sendPanicFromPhone } from './support/phone.ts';

let server: DashboardServer;
let browser: Browser;

beforeAll(async () => {
  server = await startDashboardServer();
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.dispose();
});

const SPOKEN = {
  hi: {
    title: 'पैनिक अलर्ट डैशबोर्ड',
    panic: /default में नया पैनिक अलर्ट|\d+ खुले पैनिक अलर्ट/,
    show: 'दिखाएँ',
    acknowledge: 'ज़िम्मेदारी लें',
    sound: 'आवाज़',
  },
  as: {
    title: 'পেনিক এলাৰ্ট ডেশ্বব’ৰ্ড',
    panic: /defaultত নতুন পেনিক এলাৰ্ট|\d+ টা মুকলি পেনিক এলাৰ্ট/,
    show: 'দেখুৱাওক',
    acknowledge: 'দায়িত্ব লওক',
    sound: 'শব্দ',
  },
} as const;

/** The drawer's words (issue 36 point 5): its facts, the timeline's heading and the operator's buttons. */
const DRAWER = {
  hi: {
    title: /^घटना \S+$/,
    facts: 'घटना का ब्योरा',
    firstTerm: 'स्थिति',
    timeline: 'घटनाक्रम',
    buttons: ['नोट जोड़ें', 'ज़िम्मेदारी लें', 'हल करें', 'रीप्ले'],
  },
  as: {
    title: /^ঘটনা \S+$/,
    facts: 'ঘটনাৰ বিৱৰণ',
    firstTerm: 'অৱস্থা',
    timeline: 'ঘটনাক্ৰম',
    buttons: ['টোকা যোগ কৰক', 'দায়িত্ব লওক', 'সমাধান কৰক', 'ৰিপ্লে'],
  },
} as const;

async function openIn(language: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 }, serviceWorkers: 'block' });
  // The first load only: a reload keeps what the page chose since.
  await context.addInitScript(
    (chosen) => localStorage.getItem('dash.lang') ?? localStorage.setItem('dash.lang', chosen),
    language,
  );
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  return page;
}

/** Buttons, badges, switches' labels, menu entries and nav items whose text runs past their box. */
function clipped(page: Page, within: string): Promise<string[]> {
  return page.evaluate((selector) => {
    const scopes = [...document.querySelectorAll(selector)];
    const parts = scopes.flatMap((scope) => [
      ...scope.querySelectorAll(
        'button, .fui-Badge, label, [role="menuitemradio"], [role="menuitemcheckbox"], [role="menuitem"], th, h1',
      ),
    ]);
    return parts
      .filter(
        (part) => part instanceof HTMLElement && part.offsetParent !== null && part.scrollWidth > part.clientWidth + 1,
      )
      .map((part) => `${part.tagName} "${(part as HTMLElement).innerText}" ${part.scrollWidth} > ${part.clientWidth}`);
  }, within);
}

describe('the console in Hindi and Assamese', () => {
  it.each([
    { language: 'hi' as const, width: 1440 },
    { language: 'as' as const, width: 1440 },
    { language: 'hi' as const, width: 390 },
    { language: 'as' as const, width: 390 },
  ])('$language at $width px: the panic bar and the alarm read in it, nothing clipped', async ({ language, width }) => {
    const page = await openIn(language, width);
    const spoken = SPOKEN[language];
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.locator('#root').getByRole('heading', { name: spoken.title }).waitFor({ timeout: 60_000 });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(language);

    await sendPanicFromPhone(server.url, 25.5788, 91.8933);
    const bar = page.locator('[data-panic-bar]');
    await bar.waitFor({ timeout: 30_000 });
    // One panic, or (the server's earlier ones still open) the count of them.
    await expect.poll(() => bar.innerText(), { timeout: 15_000 }).toMatch(spoken.panic);
    expect(await bar.getByRole('button', { name: spoken.show }).count()).toBe(1);
    expect(await bar.getByRole('button', { name: spoken.acknowledge }).count()).toBe(1);
    // The date and a 24-hour time: no am/pm, and the seconds.
    expect(await bar.innerText()).toMatch(/\d{2}:\d{2}:\d{2}(?!\s*[ap]m)/i);
    expect(await page.getByRole('switch', { name: spoken.sound }).count()).toBe(1);
    expect(await page.title()).toMatch(new RegExp(`^\\(\\d+\\) ${spoken.title}$`));

    expect(await clipped(page, 'header, [data-panic-bar]'), 'the top bar and the panic bar').toEqual([]);
    if (width > 600) {
      await page.getByRole('button', { name: /: (हिन्दी|অসমীয়া)$/ }).click();
      await page.getByRole('menuitemradio').first().waitFor();
      expect(await clipped(page, '[role="menu"]'), 'the language menu').toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: spoken.title === SPOKEN.hi.title ? 'मेनू' : 'মেনু' }).click();
      expect(await clipped(page, 'nav'), 'the main menu').toEqual([]);
    }
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it.each([
    { language: 'hi' as const, width: 1440 },
    { language: 'as' as const, width: 1440 },
    { language: 'hi' as const, width: 390 },
    { language: 'as' as const, width: 390 },
  ])("$language at $width px: an alert's drawer reads in it, nothing in it clipped", async ({ language, width }) => {
    const page = await openIn(language, width);
    const words = DRAWER[language];
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.locator('#root').getByRole('heading', { name: SPOKEN[language].title }).waitFor({ timeout: 60_000 });
    const { incident } = await sendPanicFromPhone(server.url, 25.5788, 91.8933);
    // A row of the table at the desk, a card on the phone (issue 35): either opens the drawer.
    const cell = page.getByRole('cell', { name: incident.id, exact: true });
    const opener =
      width > 600
        ? page.getByRole('row').filter({ has: cell }).getByRole('cell').nth(1)
        : page.locator(`[data-alert-card="${incident.id}"]`);
    await opener.click({ position: { x: 8, y: 8 }, timeout: 30_000 });
    const drawer = page.getByRole('dialog', { name: words.title });
    await drawer.getByRole('heading', { name: words.timeline }).waitFor({ timeout: 30_000 });
    await drawer.getByRole('list').last().getByRole('listitem').first().waitFor({ timeout: 15_000 });
    expect(await drawer.getByLabel(words.facts).locator('dt').first().innerText()).toBe(words.firstTerm);
    for (const name of words.buttons)
      expect(await drawer.getByRole('button', { name, exact: true }).count(), name).toBe(1);
    expect(await drawer.innerText(), 'English left in the drawer').not.toMatch(
      /\b(Timeline|Acknowledge|Resolve|Add note|Status|Severity|Replay)\b/,
    );
    expect(await clipped(page, '[role="dialog"]'), 'the drawer').toEqual([]);
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it("the dashboard's column headers, filters and controls read in Hindi and Assamese, nothing clipped at 1440 and 390 px", async () => {
    const words = {
      hi: { risk: 'जोखिम', status: 'स्थिति', refresh: 'रीफ़्रेश', panel: 'फ़िल्टर और नियंत्रण' },
      as: { risk: 'বিপদ', status: 'স্থিতি', refresh: 'ৰিফ্ৰেশ্ব', panel: 'ফিল্টাৰ আৰু নিয়ন্ত্ৰণ' },
    } as const;
    // A row, so that the desk's table (not its empty state) and the phone's cards are drawn.
    await sendPanicFromPhone(server.url, 25.5788, 91.8933);
    for (const language of ['hi', 'as'] as const) {
      for (const width of [1440, 390]) {
        const page = await openIn(language, width);
        const said = words[language];
        await page.locator('#root').getByRole('heading', { name: SPOKEN[language].title }).waitFor({ timeout: 60_000 });
        // The desk shows the filters and controls beside the table; a phone folds them into its panel.
        if (width < 600) await page.getByRole('button', { name: said.panel }).click();
        const controls = width < 600 ? page.getByRole('dialog') : page.locator('main');
        await controls.getByRole('combobox', { name: said.status }).waitFor({ timeout: 30_000 });
        expect(
          await controls.getByRole('button', { name: said.refresh, exact: true }).count(),
          `${language} ${width}: Refresh`,
        ).toBe(1);
        if (width > 600) {
          await page.getByRole('columnheader', { name: said.risk }).first().waitFor({ timeout: 30_000 });
          expect(await clipped(page, 'main'), `${language} ${width}: the dashboard`).toEqual([]);
        } else {
          expect(await clipped(page, '[role="dialog"]'), `${language} ${width}: the filters and controls`).toEqual([]);
          await page.keyboard.press('Escape');
          await page.locator('[data-alert-card]').first().waitFor({ timeout: 30_000 });
          expect(await clipped(page, 'main'), `${language} ${width}: the alert cards`).toEqual([]);
        }
        await page.context().close();
      }
    }
  });

  it('the top bar switches English to Assamese and back, and keeps the choice', async () => {
    const page = await openIn('en', 1440);
    await page.locator('#root').getByRole('heading', { name: 'Panic Alerts Dashboard' }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Language and time: English' }).click();
    await page.getByRole('menuitemradio', { name: 'অসমীয়া' }).click();
    await page.locator('#root').getByRole('heading', { name: SPOKEN.as.title }).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => [document.documentElement.lang, localStorage.getItem('dash.lang')])).toEqual([
      'as',
      'as',
    ]);
    await page.reload();
    await page.locator('#root').getByRole('heading', { name: SPOKEN.as.title }).waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: /অসমীয়া$/ }).click();
    await page.getByRole('menuitemradio', { name: 'English' }).click();
    await page.locator('#root').getByRole('heading', { name: 'Panic Alerts Dashboard' }).waitFor({ timeout: 30_000 });
    expect(await page.evaluate(() => localStorage.getItem('dash.lang'))).toBe('en');
    await page.context().close();
  });
  it('the audit and regions views read in Hindi and Assamese, nothing clipped at 1440 and 390 px', async () => {
    const VIEWS = {
      hi: {
        menu: 'मेनू',
        acknowledge: SPOKEN.hi.acknowledge,
        audit: ['ऑडिट', 'ऑडिट रिकॉर्ड', 'फ़िल्टर करें', 'किसने'],
        regions: ['क्षेत्र', 'क्षेत्र', 'नया क्षेत्र', 'समय क्षेत्र'],
      },
      as: {
        menu: 'মেনু',
        acknowledge: SPOKEN.as.acknowledge,
        audit: ['অডিট', 'অডিট ৰেকৰ্ড', 'ফিল্টাৰ কৰক', 'কোনে'],
        regions: ['অঞ্চল', 'অঞ্চল', 'নতুন অঞ্চল', 'সময় মণ্ডল'],
      },
    } as const;
    // An act of the operator's own, so that the audit trail has rows (and column headers) to read.
    await sendPanicFromPhone(server.url, 25.5788, 91.8933);
    for (const language of ['hi', 'as'] as const) {
      for (const width of [1440, 390]) {
        const page = await openIn(language, width);
        const spoken = VIEWS[language];
        await page.locator('#root').getByRole('heading', { name: SPOKEN[language].title }).waitFor({ timeout: 60_000 });
        const acknowledge = page.locator('[data-panic-bar]').getByRole('button', { name: spoken.acknowledge });
        if (await acknowledge.count()) await acknowledge.click();
        for (const [item, heading, button, column] of [spoken.audit, spoken.regions]) {
          const entry = page.getByRole('navigation').getByRole('button', { name: item, exact: true });
          if (!(await entry.isVisible())) await page.getByRole('button', { name: spoken.menu }).click();
          await entry.click();
          const main = page.locator('main');
          await main.getByRole('heading', { name: heading, exact: true }).waitFor({ timeout: 15_000 });
          await main.getByRole('columnheader', { name: column }).first().waitFor({ timeout: 15_000 });
          expect(await main.getByRole('button', { name: button }).count(), `${language} ${width} ${heading}`).toBe(1);
          expect(await clipped(page, 'main'), `${language} at ${width} px: ${heading}`).toEqual([]);
        }
        await page.context().close();
      }
    }
  });
});
