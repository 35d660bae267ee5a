// The console while its store is away (issue 47): a banner in the operator's language says so, with when it
// began in the region's clock; the table, the map and the pings stay as they were; the table is read again after
// the Retry-After the server gave; once the store is back (a read answered, or the stream's word) the banner
// goes and every list is read once, with no reload. The fake backend answers as the server does meanwhile:
// 503, Retry-After and `store: "unavailable"` on every route but the panics'.
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeApi, incident, ping, STORE_AWAY_SENTENCE } from './support/fake-api.ts';
import { renderDashboard, settle, type DashboardHarness } from './support/render-dashboard.tsx';

vi.mock('../../src/map/MapPanel.tsx', () => import('./support/map-stand-in.tsx'));

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const MEANWHILE =
  'New panics are still being taken and appear here as they come; some may appear only when it is back. What you see may be out of date.';
/** 08:30 UTC: 14:00 on the default region's clock (Asia/Kolkata). */
const AWAY_SINCE = '2026-12-01T08:30:00.000Z';
const LISTS = ['/geofences', '/safety-score', '/did/anchors', '/gps/last', '/gps/history', '/regions', '/events'];

const banner = () => screen.queryByRole('status', { name: /unavailable since/ });

/** Reads made of each list, the table's and the panic watch's (every region: no regionId) apart. */
function readsOf(page: DashboardHarness) {
  const filter = page.api.callsTo('/incidents/filter');
  return {
    ...Object.fromEntries(LISTS.map((path) => [path, page.api.callsTo(path).length])),
    statuses: page.api.callsTo('/incidents').length,
    table: filter.filter((call) => call.query.has('regionId')).length,
    everyRegion: filter.filter((call) => !call.query.has('regionId')).length,
  };
}

function plusOne(reads: Record<string, number>) {
  return Object.fromEntries(Object.entries(reads).map(([key, count]) => [key, count + 1]));
}

async function consoleWithData() {
  const api = new FakeApi();
  api.incidents = [incident({ id: 'INC-KEPT' })];
  api.data['/gps/last'] = { pings: [ping('T-KEPT')] };
  const page = await renderDashboard({ api });
  page.stream.open();
  await screen.findByRole('row', { name: /INC-KEPT/ });
  // Past the first load's settling window: the next change reads the table at once.
  await page.advance(1_000);
  return page;
}

/** What was on screen before the outage is on screen still. */
function expectShownAsBefore() {
  expect(within(screen.getByRole('table', { name: 'Alerts' })).getByRole('row', { name: /INC-KEPT/ })).toBeTruthy();
  expect(within(screen.getByRole('table', { name: 'GPS Pings (latest)' })).getByText('T-KEPT')).toBeTruthy();
  expect(screen.getByTestId('map').getAttribute('data-alerts')).toBe('1');
}

describe('while the store is away', () => {
  it('a read answered 503 shows the banner, keeps what is shown and reads again after Retry-After', async () => {
    const page = await consoleWithData();
    page.api.storeAway = { retryAfterS: 5 };
    // A panic's alert makes the table read again: the read meets the outage.
    page.stream.message({
      type: 'alert',
      alert: { id: 'A1', incidentId: 'INC-NEW', latitude: 1, longitude: 2, at: 'x', regionId: 'default' },
    });
    await page.advance(0);

    const shown = banner();
    expect(shown?.textContent).toMatch(/^The database has been unavailable since \d\d:\d\d\./);
    expect(shown?.textContent).toContain(MEANWHILE);
    expectShownAsBefore();
    // The server's English sentence is not shown beside it in a red banner of its own.
    expect(screen.queryByText(STORE_AWAY_SENTENCE)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();

    // The server said 5 s, more than the first back-off (2 s): the table is read again at 5 s, not before.
    const before = readsOf(page).table;
    await page.advance(4_999);
    expect(readsOf(page).table).toBe(before);
    await page.advance(1);
    expect(readsOf(page).table).toBe(before + 1);
    expect(banner()).not.toBeNull();
    expectShownAsBefore();
  });

  it('goes by itself once a read answers, and every list is read once', async () => {
    const page = await consoleWithData();
    page.api.storeAway = { retryAfterS: 1 };
    page.stream.message({
      type: 'alert',
      alert: { id: 'A1', incidentId: 'INC-NEW', latitude: 1, longitude: 2, at: 'x', regionId: 'default' },
    });
    await page.advance(0);
    expect(banner()).not.toBeNull();

    // Back before the first retry (2 s): its read answers, and the rest follows once.
    page.api.storeAway = undefined;
    page.api.incidents = [incident({ id: 'INC-KEPT' }), incident({ id: 'INC-NEW' })];
    const before = readsOf(page);
    await page.advance(2_000);
    await page.advance(1_000);
    expect(banner()).toBeNull();
    expect(await screen.findByRole('row', { name: /INC-NEW/ })).toBeTruthy();
    const after = readsOf(page);
    // The retry read the table, then the store's return read it once more with every other list.
    expect(after).toEqual({ ...plusOne(before), table: before.table + 2 });
    await page.advance(60_000);
    expect(readsOf(page)).toEqual(after);
  });

  it("shows the stream's word, with the server's moment, and goes with it: every list read once", async () => {
    const page = await consoleWithData();
    page.api.storeAway = { retryAfterS: 30 };
    page.stream.store({ available: false, since: AWAY_SINCE });
    await settle();
    expect(banner()?.textContent).toBe(`The database has been unavailable since 14:00.${MEANWHILE}`);
    expectShownAsBefore();

    page.api.storeAway = undefined;
    const before = readsOf(page);
    page.stream.store({ available: true });
    await page.advance(1_000);
    expect(banner()).toBeNull();
    expect(readsOf(page)).toEqual(plusOne(before));
    expectShownAsBefore();
  });
});

describe('in Hindi', () => {
  it("says it in the operator's language and the region's clock", async () => {
    const page = await renderDashboard({
      language: { language: 'hi', hour12: false, nativeDigits: false },
      waitFor: 'nothing',
    });
    await screen.findByRole('heading', { name: 'पैनिक अलर्ट डैशबोर्ड' });
    page.stream.store({ available: false, since: AWAY_SINCE });
    await settle();
    const shown = screen.getByRole('status', { name: 'डेटाबेस 14:00 से उपलब्ध नहीं है।' });
    expect(shown.textContent).toContain('नए पैनिक अलर्ट अब भी दर्ज किए जा रहे हैं');
  });
});
