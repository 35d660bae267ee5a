// Never missed (issue 11): the panic bar and the tab title, whatever the dashboard shows.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatTime } from '../../src/domain/display.ts';
import { renderAlarmPage } from './support/alarm-page.tsx';
import { FakeApi, incident } from './support/fake-api.ts';
import { settle } from './support/render-dashboard.tsx';
import { DEFAULT_CLOCK } from '../../src/i18n/clock.ts';

vi.mock('../../src/map/MapPanel.tsx', () => import('./support/map-stand-in.tsx'));

// The bar is named by its title (Fluent's MessageBar labels itself with it).
const BAR_NAME = /^(New panic alert in \S+|\d+ open panic alerts)$/;
const bar = () => screen.getByRole('group', { name: BAR_NAME });
const queryBar = () => screen.queryByRole('group', { name: BAR_NAME });
const select = (name: string) => screen.getByRole('combobox', { name }) as HTMLSelectElement;

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the panic bar', () => {
  it('a panic in another region than the one shown raises the bar and the title count', async () => {
    const page = await renderAlarmPage();
    expect(select('Region').value).toBe('default');
    expect(queryBar()).toBeNull();
    expect(document.title).toBe('Panic Alerts Dashboard');
    const panic = page.arrive();
    await settle();
    expect(within(bar()).getByText('New panic alert in shillong')).toBeTruthy();
    expect(within(bar()).getByText(formatTime(panic.createdAt, DEFAULT_CLOCK))).toBeTruthy();
    expect(document.title).toBe('(1) Panic Alerts Dashboard');
  });

  it('several collapse to "{n} open panic alerts", naming the newest', async () => {
    const page = await renderAlarmPage();
    page.arrive({ createdAt: '2025-01-02T03:00:00.000Z' });
    page.arrive({ regionId: 'guwahati', createdAt: '2025-01-02T03:05:00.000Z' });
    page.arrive({ regionId: 'default', createdAt: '2025-01-02T03:01:00.000Z' });
    await settle();
    expect(within(bar()).getByText('3 open panic alerts')).toBeTruthy();
    expect(bar().textContent).toContain(
      `Newest in guwahati at ${formatTime('2025-01-02T03:05:00.000Z', DEFAULT_CLOCK)}`,
    );
    expect(document.title).toBe('(3) Panic Alerts Dashboard');
  });

  it('counts the panics already open in every region when the page opens, from its own all-region load', async () => {
    const api = new FakeApi();
    api.incidents = [
      incident({ id: 'OPEN-1', regionId: 'shillong' }),
      incident({ id: 'OPEN-2', regionId: 'guwahati', escalatedAt: '2025-01-02T03:06:05.000Z' }),
      incident({ id: 'ACKED', status: 'acknowledged', acknowledgedAt: '2025-01-02T03:05:05.000Z' }),
      incident({ id: 'ZONE', type: 'geofence' }),
    ];
    await renderAlarmPage({ api });
    expect(within(bar()).getByText('2 open panic alerts')).toBeTruthy();
    expect(document.title).toBe('(2) Panic Alerts Dashboard');
    expect(
      api.callsTo('/incidents/filter').some((call) => !call.query.has('regionId') && !call.query.has('minutes')),
    ).toBe(true);
  });

  it('goes away when the panic it names is acknowledged by anyone', async () => {
    const page = await renderAlarmPage();
    const panic = page.arrive();
    await settle();
    expect(queryBar()).not.toBeNull();
    page.acknowledge(panic.id);
    await settle();
    expect(queryBar()).toBeNull();
    expect(document.title).toBe('Panic Alerts Dashboard');
  });

  it('Acknowledge acknowledges the panic it names, on the server, and the bar goes', async () => {
    const api = new FakeApi();
    api.routes.set('/incidents/acknowledge#post', (_query, body) => ({
      body: {
        ok: true,
        incident: incident({
          id: (body as { id: string }).id,
          status: 'acknowledged',
          acknowledgedAt: '2025-01-02T03:09:05.000Z',
        }),
      },
    }));
    const page = await renderAlarmPage({ api });
    const panic = page.arrive();
    await settle();
    await userEvent.click(within(bar()).getByRole('button', { name: 'Acknowledge' }));
    await settle();
    expect(api.callsTo('/incidents/acknowledge', 'POST').map((call) => call.body)).toEqual([{ id: panic.id }]);
    expect(queryBar()).toBeNull();
    expect(document.title).toBe('Panic Alerts Dashboard');
  });

  it('a refused Acknowledge leaves the bar as it was', async () => {
    const api = new FakeApi();
    api.overrides.set('/incidents/acknowledge#post', { status: 409, body: { ok: false, error: 'Already resolved.' } });
    const page = await renderAlarmPage({ api });
    page.arrive();
    await settle();
    await userEvent.click(within(bar()).getByRole('button', { name: 'Acknowledge' }));
    await settle();
    expect(within(bar()).getByText('New panic alert in shillong')).toBeTruthy();
  });

  it('Show selects its region, clears the filters that hide it and highlights its row', async () => {
    const page = await renderAlarmPage();
    await userEvent.selectOptions(select('Status'), 'Resolved');
    await userEvent.type(screen.getByRole('searchbox'), 'nothing-like-it');
    await userEvent.selectOptions(select('Time Window'), 'Last 15m');
    const panic = page.arrive({ createdAt: new Date(Date.now() - 60 * 60_000).toISOString() });
    await settle();
    await userEvent.click(within(bar()).getByRole('button', { name: 'Show' }));
    await settle();
    expect(select('Region').value).toBe('shillong');
    expect(select('Status').value).toBe('all');
    expect((screen.getByRole('searchbox') as HTMLInputElement).value).toBe('');
    expect(select('Time Window').value).toBe('0');
    const row = within(screen.getByRole('table', { name: 'Alerts' })).getByRole('row', { name: new RegExp(panic.id) });
    expect(row.getAttribute('data-highlighted')).toBe('true');
  });

  it('Show keeps the filters that do not hide it', async () => {
    const page = await renderAlarmPage();
    await userEvent.selectOptions(select('Status'), 'Open');
    await userEvent.selectOptions(select('Region'), 'all');
    page.arrive();
    await settle();
    await userEvent.click(within(bar()).getByRole('button', { name: 'Show' }));
    await settle();
    expect(select('Region').value).toBe('all');
    expect(select('Status').value).toBe('open');
  });
});
