// The dashboard as the operator reads it: tables, formats, colour bands, filters, preferences, errors.
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { incident, FakeApi, ping } from './support/fake-api.ts';
import { renderDashboard, settle } from './support/render-dashboard.tsx';

vi.mock('../../src/map/MapPanel.tsx', () => import('./support/map-stand-in.tsx'));

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('tables', () => {
  it('shows the empty texts', async () => {
    await renderDashboard();
    expect(await screen.findByText('No alerts yet.')).toBeTruthy();
    expect(screen.getByText('No anchors yet.')).toBeTruthy();
    expect(screen.getByText('No GPS pings yet.')).toBeTruthy();
    expect(screen.queryByText('No events yet.')).toBeNull();
    await userEvent.click(screen.getByRole('switch', { name: 'Dev' }));
    expect(await screen.findByText('No events yet.')).toBeTruthy();
  });

  it('cuts anchors and pings to 20 rows, digests to 16 characters and coordinates to 5 decimals', async () => {
    const api = new FakeApi();
    api.data['/did/anchors'] = {
      anchors: Array.from({ length: 25 }, (_, i) => ({
        id: `a${i}`,
        didId: `did:x:${i}`,
        digest: 'abcdef0123456789ZZZZ',
        chain: 'local',
        status: 'anchored',
        createdAt: '2025-01-02T03:04:05.000Z',
        prevDigest: null,
      })),
    };
    api.data['/gps/last'] = { pings: Array.from({ length: 30 }, (_, i) => ping(`T${i}`)) };
    await renderDashboard({ api });
    const anchors = await screen.findByRole('table', { name: 'DID Anchors' });
    expect(within(anchors).getAllByRole('row')).toHaveLength(1 + 20);
    expect(within(anchors).getAllByText('abcdef0123456789')).toHaveLength(20);
    const pings = screen.getByRole('table', { name: 'GPS Pings (latest)' });
    expect(within(pings).getAllByRole('row')).toHaveLength(1 + 20);
    expect(within(pings).getAllByText('25.12346')).toHaveLength(20);
    expect(within(pings).getAllByText('91.98765')).toHaveLength(20);
  });

  it('lists alerts with their columns and coordinates to 5 decimals', async () => {
    const api = new FakeApi();
    api.incidents = [incident({ id: 'INC-7', latitude: 26.1234567, longitude: 91.7654321 })];
    await renderDashboard({ api });
    const table = await screen.findByRole('table', { name: 'Alerts' });
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Time', 'Latitude', 'Longitude', 'Alert ID', 'Incident ID', 'Risk', 'Status', 'Actions']);
    const row = within(table).getByRole('row', { name: /INC-7/ });
    expect(within(row).getByText('26.12346')).toBeTruthy();
    expect(within(row).getByText('91.76543')).toBeTruthy();
  });
});

describe('colour bands', () => {
  it.each([
    [399, 'red'],
    [400, 'yellow'],
    [699, 'yellow'],
    [700, 'green'],
  ])('a score of %i is %s for both the banner and the credit box', async (score, band) => {
    const api = new FakeApi();
    api.data['/safety-score'] = { score };
    api.data['/safety-credit'] = { score, components: {}, inputs: {} };
    await renderDashboard({ api });
    const banner = await screen.findByRole('status', { name: 'Safety Score' });
    expect(banner.textContent).toBe(`Safety Score (default): ${score}/900`);
    expect(banner.getAttribute('data-band')).toBe(band);
    const credit = screen.getByRole('group', { name: 'Safety Credit' });
    expect(within(credit).getByText(`${score}/900`)).toBeTruthy();
    expect(credit.getAttribute('data-band')).toBe(band);
  });

  it('opens the breakdown with the raw response', async () => {
    await renderDashboard();
    // The button is there, disabled, until the credit has loaded. On a loaded machine a click did once open
    // nothing (twice in four suite runs, cause not found): the current button is clicked again until the
    // dialog is there. A dialog that never opens still fails the test.
    await waitFor(async () => {
      const breakdown = screen.getByRole('button', { name: 'Breakdown' }) as HTMLButtonElement;
      expect(breakdown.disabled).toBe(false);
      if (!screen.queryByRole('dialog', { hidden: true })) await userEvent.click(breakdown);
      expect(screen.queryByRole('dialog', { hidden: true })).not.toBeNull();
    });
    // Fluent's focus manager (tabster) can mark the open modal aria-hidden for a moment under happy-dom, and
    // its name (aria-labelledby) did not always resolve there: the dialog is found, then its title within it.
    const dialog = await screen.findByRole('dialog', { hidden: true });
    await within(dialog).findByText('Safety Credit Breakdown');
    expect(JSON.parse(within(dialog).getByText(/densityPenalty/).textContent!)).toEqual({
      ok: true,
      score: 745,
      components: { densityPenalty: 10 },
      inputs: { total: 3 },
    });
  });
});

describe('filters and search', () => {
  async function withThree() {
    const api = new FakeApi();
    api.incidents = [
      incident({ id: 'INC-A', status: 'open', regionId: 'shillong', meta: { source: 't', riskLevel: 'red' } }),
      incident({
        id: 'INC-B',
        status: 'acknowledged',
        regionId: 'default',
        meta: { source: 't', riskLevel: 'yellow' },
      }),
      incident({ id: 'INC-C', status: 'resolved', regionId: 'guwahati', meta: { source: 't', riskLevel: 'green' } }),
    ];
    await renderDashboard({ api });
    await screen.findByRole('table', { name: 'Alerts' });
  }
  const shownIds = () =>
    within(screen.getByRole('table', { name: 'Alerts' }))
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent!.match(/INC-\w/)![0]);

  it('filters by status', async () => {
    await withThree();
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'acknowledged');
    expect(shownIds()).toEqual(['INC-B']);
  });

  it.each([
    ['inc-c', ['INC-C']],
    ['shillong', ['INC-A']],
    ['yellow', ['INC-B']],
    ['resolved', ['INC-C']],
  ])('searching %s shows %j', async (text, ids) => {
    await withThree();
    await userEvent.type(screen.getByRole('searchbox', { name: 'Search' }), text);
    expect(shownIds()).toEqual(ids);
  });
});

describe('preferences', () => {
  it('remembers region, window, place and dark mode, and sends neither region all nor window 0', async () => {
    const api = new FakeApi();
    api.data['/geofences'] = {
      geofences: [
        {
          id: 'g1',
          name: 'Z',
          riskLevel: 'red',
          regionId: 'shillong',
          polygon: [],
          meta: { placeId: 'police-bazaar' },
        },
      ],
    };
    await renderDashboard({ api });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Region' }), 'shillong');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time Window' }), '60');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Place' }), 'police-bazaar');
    await user.click(screen.getByRole('switch', { name: 'Dark mode' }));
    await settle();
    expect(localStorage.getItem('dash.regionId')).toBe('shillong');
    expect(localStorage.getItem('dash.windowMinutes')).toBe('60');
    expect(localStorage.getItem('dash.place.shillong')).toBe('police-bazaar');
    expect(localStorage.getItem('dash.dark')).toBe('1');
    const last = api.callsTo('/incidents/filter').at(-1)!;
    expect(Object.fromEntries(last.query)).toEqual({ regionId: 'shillong', minutes: '60' });
    expect(Object.fromEntries(api.callsTo('/safety-credit').at(-1)!.query)).toEqual({
      regionId: 'shillong',
      placeId: 'police-bazaar',
    });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Region' }), 'all');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Time Window' }), '0');
    await settle();
    expect([...api.callsTo('/incidents/filter').at(-1)!.query.keys()]).toEqual([]);

    cleanup();
    localStorage.setItem('dash.regionId', 'shillong');
    await renderDashboard({ api });
    expect((screen.getByRole('combobox', { name: 'Region' }) as HTMLSelectElement).value).toBe('shillong');
    expect((screen.getByRole('switch', { name: 'Dark mode' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('combobox', { name: 'Place' }) as HTMLSelectElement).value).toBe('police-bazaar');
  });
});

describe('error catalogue', () => {
  it.each([
    ['the server error', { status: 500, body: { ok: false, error: 'Database is down' } }, 'Database is down'],
    ['unexpected shape', { status: 200, body: { ok: true, items: [] } }, 'Unexpected server response'],
    ['ok false without error', { status: 200, body: { ok: false } }, 'Unexpected server response'],
  ])('shows %s in the red banner', async (_name, answer, text) => {
    const api = new FakeApi();
    api.overrides.set('/incidents/filter', answer);
    await renderDashboard({ api });
    expect((await screen.findByRole('alert')).textContent).toBe(text);
  });

  it('shows the error message when the network fails', async () => {
    const api = new FakeApi();
    api.overrides.set('/incidents/filter', () => Promise.reject(new TypeError('Failed to fetch')));
    await renderDashboard({ api });
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to fetch');
  });

  it('ignores failures of the side data silently', async () => {
    const api = new FakeApi();
    for (const path of ['/safety-score', '/safety-credit', '/did/anchors', '/gps/last', '/events']) {
      api.overrides.set(path, { status: 500, body: { ok: false, error: 'nope' } });
    }
    await renderDashboard({ api });
    expect(await screen.findByText('No alerts yet.')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('status', { name: 'Safety Score' }).textContent).toBe('Safety Score (default): —/900');
  });

  it('alerts when seeding the geofence fails, with the server error', async () => {
    const alert = vi.fn();
    vi.stubGlobal('alert', alert);
    const api = new FakeApi();
    api.overrides.set('/geofences#post', {
      status: 400,
      body: { ok: false, error: 'polygon must have at least 3 points' },
    });
    await renderDashboard({ api });
    await userEvent.click(screen.getByRole('button', { name: 'Seed Test Geofence' }));
    await settle();
    expect(alert).toHaveBeenCalledWith('Failed to seed geofence: polygon must have at least 3 points');
  });

  it('seeds a 0.01° square around Bengaluru when there is no incident', async () => {
    const api = new FakeApi();
    await renderDashboard({ api });
    await userEvent.click(screen.getByRole('button', { name: 'Seed Test Geofence' }));
    await settle();
    const body = api.callsTo('/geofences', 'POST')[0]!.body as { polygon: number[][] };
    const lats = body.polygon.map((p) => p[0]!);
    const lngs = body.polygon.map((p) => p[1]!);
    expect(Math.min(...lats)).toBeCloseTo(12.9616, 6);
    expect(Math.max(...lats)).toBeCloseTo(12.9816, 6);
    expect(Math.min(...lngs)).toBeCloseTo(77.5846, 6);
    expect(Math.max(...lngs)).toBeCloseTo(77.6046, 6);
  });
});

describe('actions', () => {
  it('opens the CSV export for the region and window in a new tab', async () => {
    const open = vi.fn();
    vi.stubGlobal('open', open);
    await renderDashboard();
    await userEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    expect(open).toHaveBeenCalledWith('/incidents/export?regionId=default&minutes=0', '_blank', 'noopener');
  });

  it('shows DB mode, defaulting to json', async () => {
    const api = new FakeApi();
    api.overrides.set('/db-mode', () => new Promise<never>(() => {}));
    await renderDashboard({ api });
    expect(screen.getByText('DB: json')).toBeTruthy();
  });

  it('shows the Analytics placeholder from the menu, and Anchors only highlights', async () => {
    await renderDashboard();
    await userEvent.click(screen.getByRole('button', { name: 'Anchors' }));
    expect(screen.getByText('No alerts yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Seed Test Geofence' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Analytics' }));
    expect(await screen.findByRole('heading', { name: 'Analytics (coming soon)' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Seed Test Geofence' })).toBeNull();
  });
});
