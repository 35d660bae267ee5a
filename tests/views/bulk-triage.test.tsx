// Triage at volume on the alerts table (issue 11), and what each row now tells: who has it, whether the
// server escalated it. The spec's columns and cell texts stay as they were.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeApi, incident } from './support/fake-api.ts';
import { renderDashboard, settle } from './support/render-dashboard.tsx';
import { signedInAs, userWith } from './support/session-api.ts';

vi.mock('../../src/map/MapPanel.tsx', () => import('./support/map-stand-in.tsx'));

const cellsOf = (id: string) => within(screen.getByRole('row', { name: new RegExp(id) })).getAllByRole('cell');

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('the rows', () => {
  it('show the assignee beside the status and an Escalated badge beside the time; the columns stay', async () => {
    const api = new FakeApi();
    api.incidents = [
      incident({ id: 'INC-1', status: 'acknowledged', assignee: 'dana' }),
      incident({ id: 'INC-2', escalatedAt: '2025-01-02T03:06:05.000Z' }),
      incident({ id: 'INC-3' }),
    ];
    await renderDashboard({ api });
    await screen.findByRole('row', { name: /INC-3/ });
    const headers = within(screen.getByRole('table', { name: 'Alerts' }))
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers).toEqual(['Time', 'Latitude', 'Longitude', 'Alert ID', 'Incident ID', 'Risk', 'Status', 'Actions']);
    expect(cellsOf('INC-1')[6]!.textContent).toBe('acknowledged · dana');
    expect(cellsOf('INC-3')[6]!.textContent).toBe('open');
    expect(within(cellsOf('INC-2')[0]!).getByText('Escalated')).toBeTruthy();
    expect(within(cellsOf('INC-3')[0]!).queryByText('Escalated')).toBeNull();
  });

  it('a viewer gets no checkboxes and no bulk actions', async () => {
    const api = signedInAs(new FakeApi(), userWith('viewer'));
    api.incidents = [incident({ id: 'INC-1' })];
    await renderDashboard({ api });
    await screen.findByRole('row', { name: /INC-1/ });
    expect(screen.queryAllByRole('checkbox', { name: /^Select/ })).toEqual([]);
    expect(screen.queryByRole('button', { name: 'Acknowledge selected' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Resolve selected' })).toBeNull();
  });
});

describe('bulk triage', () => {
  it('acts only on the selected rows still shown, in one request, and reports the refused ones', async () => {
    const api = new FakeApi();
    api.incidents = ['INC-1', 'INC-2', 'OTHER-3'].map((id) => incident({ id }));
    const requests: unknown[] = [];
    api.routes.set('/incidents/acknowledge#post', (_query, body) => {
      requests.push(body);
      return {
        body: {
          ok: true,
          incidents: [incident({ id: 'INC-1', status: 'acknowledged' })],
          changed: 1,
          unchanged: [],
          refused: [{ id: 'INC-2', error: 'incident INC-2 is not known' }],
        },
      };
    });
    await renderDashboard({ api });
    const user = userEvent.setup();
    await screen.findByRole('row', { name: /OTHER-3/ });
    await user.click(screen.getByRole('checkbox', { name: 'Select all' }));
    expect(screen.getByText('3 selected')).toBeTruthy();
    // The search hides OTHER-3: what is not shown is not acted on.
    await user.type(screen.getByLabelText('Search'), 'INC');
    await settle();
    expect(screen.queryByRole('row', { name: /OTHER-3/ })).toBeNull();
    expect(screen.getByText('2 selected')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Acknowledge selected' }));
    await settle();
    expect(requests).toEqual([{ ids: ['INC-1', 'INC-2'] }]);
    expect(screen.getByRole('status', { name: 'Bulk triage result' }).textContent).toBe(
      '1 acknowledged, 1 refused (incident INC-2 is not known)',
    );
    expect(cellsOf('INC-1')[6]!.textContent).toBe('acknowledged');
    expect(cellsOf('INC-2')[6]!.textContent).toBe('open');
    expect(screen.getByText('0 selected')).toBeTruthy();
  });

  it('a failed request says why and keeps the selection', async () => {
    const api = new FakeApi();
    api.incidents = [incident({ id: 'INC-1' })];
    api.overrides.set('/incidents/acknowledge#post', {
      status: 400,
      body: { ok: false, error: 'ids must hold at most 500 ids' },
    });
    await renderDashboard({ api });
    await userEvent.click(await screen.findByRole('checkbox', { name: 'Select incident INC-1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Acknowledge selected' }));
    await settle();
    expect(screen.getByText('ids must hold at most 500 ids')).toBeTruthy();
    expect((screen.getByRole('checkbox', { name: 'Select incident INC-1' }) as HTMLInputElement).checked).toBe(true);
  });
});
