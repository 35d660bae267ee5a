// Triage at volume (issue 11), end to end: the real server, the built dashboard in Chromium, 20 panics
// from phones. Select all, Acknowledge selected: one request for all twenty, "20 acknowledged", every row
// acknowledged on the page and on the server. Then Resolve selected asks first, with the count.
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../helpers/server.ts';
import { alertRow, alertRows, alertsTable } from './support/dashboard-page.ts';
import { expectCount, expectText } from './support/expectations.ts';
import { sendPanicFromPhone } from './support/phone.ts';
import { startWalk, type Walk } from './support/walk.ts';

const PANICS = 20;

let walk: Walk;
let page: Page;
let ids: string[] = [];
/** Every acknowledge and resolve request the page sent. */
const changeRequests: Request[] = [];

const button = (name: string) => page.getByRole('button', { name, exact: true });
const statusCell = (id: string) => alertRow(page, id).getByRole('cell').nth(6);

async function serverStatuses(): Promise<string[]> {
  const answer = await call(walk.server.url, 'GET', '/incidents?limit=500');
  const incidents = answer.body.incidents as { id: string; status: string }[];
  return ids.map((id) => incidents.find((incident) => incident.id === id)?.status ?? 'missing');
}

beforeAll(async () => {
  walk = await startWalk();
  page = walk.page;
  page.on('request', (request) => {
    if (/\/incidents\/(acknowledge|resolve)$/.test(new URL(request.url()).pathname)) changeRequests.push(request);
  });
  // Near one another in Shillong, as a crowd's phones would be.
  const sent = await Promise.all(
    Array.from({ length: PANICS }, (_, i) => sendPanicFromPhone(walk.server.url, 25.57 + i * 0.001, 91.89 + i * 0.001)),
  );
  ids = sent.map((panic) => panic.incident.id);
});

afterAll(async () => {
  await walk?.close();
});

describe('bulk triage of twenty panics', () => {
  it('Select all, Acknowledge selected: one request, "20 acknowledged", every row acknowledged', async () => {
    await expectCount(alertRows(page), PANICS, 30_000);
    await alertsTable(page).getByRole('checkbox', { name: 'Select all' }).check();
    await page.getByText(`${PANICS} selected`, { exact: true }).waitFor();
    const started = performance.now();
    await button('Acknowledge selected').click();
    await page.getByText(`${PANICS} acknowledged`, { exact: true }).waitFor({ timeout: 15_000 });
    console.log(`Acknowledge selected (${PANICS}) → report shown: ${(performance.now() - started).toFixed(0)} ms`);

    expect(changeRequests).toHaveLength(1);
    const body = changeRequests[0]!.postDataJSON() as { ids: string[]; id?: string };
    expect(new URL(changeRequests[0]!.url()).pathname).toBe('/incidents/acknowledge');
    expect(body.id).toBeUndefined();
    expect([...body.ids].sort()).toEqual([...ids].sort());
    for (const id of ids) await expectText(statusCell(id), 'acknowledged');
    expect(await serverStatuses()).toEqual(ids.map(() => 'acknowledged'));
    // The selection was used up: nothing is selected any more.
    await page.getByText('0 selected', { exact: true }).waitFor();
    expect(await button('Acknowledge selected').isDisabled()).toBe(true);
  });

  it('Resolve selected confirms with the count; Cancel sends nothing, confirming resolves them in one request', async () => {
    const chosen = ids.slice(0, 3);
    for (const id of chosen)
      await alertRow(page, id)
        .getByRole('checkbox', { name: `Select incident ${id}` })
        .check();
    await button('Resolve selected').click();
    const dialog = page.getByRole('dialog', { name: 'Resolve 3 incidents?' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(changeRequests).toHaveLength(1);

    await button('Resolve selected').click();
    await dialog.getByRole('button', { name: 'Resolve 3', exact: true }).click();
    await page.getByText('3 resolved', { exact: true }).waitFor({ timeout: 15_000 });
    expect(changeRequests).toHaveLength(2);
    expect([...(changeRequests[1]!.postDataJSON() as { ids: string[] }).ids].sort()).toEqual([...chosen].sort());
    for (const id of chosen) await expectText(statusCell(id), 'resolved');
    const statuses = await serverStatuses();
    expect(statuses.filter((status) => status === 'resolved')).toHaveLength(3);
  });
});
