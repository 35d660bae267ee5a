// What each role is offered (issue 10), by the same rule the server guards its routes with (roleAtLeast):
// a viewer reads; an operator also acknowledges, resolves, sends test alerts and exports; a supervisor
// also seeds geofences and reads the audit trail; an admin has all of it. With sign-in off, everyone
// has everything, as the spec's open dashboard.
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLES, type Role } from '../../src/api/roles.ts';
import { FakeApi, incident } from './support/fake-api.ts';
import { renderDashboard } from './support/render-dashboard.tsx';
import { signedInAs, userWith } from './support/session-api.ts';

vi.mock('../../src/map/MapPanel.tsx', () => import('./support/map-stand-in.tsx'));

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

interface Offered {
  acknowledgeResolve: boolean;
  testAlert: boolean;
  exportCsv: boolean;
  seedGeofence: boolean;
  audit: boolean;
  accounts: boolean;
}

const offeredTo: Record<Role, Offered> = {
  viewer: {
    acknowledgeResolve: false,
    testAlert: false,
    exportCsv: false,
    seedGeofence: false,
    audit: false,
    accounts: false,
  },
  operator: {
    acknowledgeResolve: true,
    testAlert: true,
    exportCsv: true,
    seedGeofence: false,
    audit: false,
    accounts: false,
  },
  supervisor: {
    acknowledgeResolve: true,
    testAlert: true,
    exportCsv: true,
    seedGeofence: true,
    audit: true,
    accounts: false,
  },
  admin: {
    acknowledgeResolve: true,
    testAlert: true,
    exportCsv: true,
    seedGeofence: true,
    audit: true,
    accounts: true,
  },
};

async function whatIsOffered(): Promise<Offered> {
  const row = await screen.findByRole('row', { name: /INC-1/ });
  const has = (role: string, name: string, scope: HTMLElement = document.body) =>
    within(scope).queryByRole(role, { name }) !== null;
  const acknowledge = has('button', 'Acknowledge', row);
  const resolve = has('button', 'Resolve', row);
  if (acknowledge !== resolve) throw new Error('Acknowledge and Resolve are offered together or not at all');
  const exportButton = has('button', 'Export CSV');
  if (exportButton !== has('button', 'Download CSV')) throw new Error('both CSV export buttons follow the same rule');
  return {
    acknowledgeResolve: acknowledge,
    testAlert: has('checkbox', 'Test Alert Mode (click map)'),
    exportCsv: exportButton,
    seedGeofence: has('button', 'Seed Test Geofence'),
    audit: has('button', 'Audit', screen.getByRole('navigation', { name: 'Main menu' })),
    accounts: has('button', 'Accounts', screen.getByRole('navigation', { name: 'Main menu' })),
  };
}

function withOneIncident(): FakeApi {
  const api = new FakeApi();
  api.incidents = [incident({ id: 'INC-1', status: 'open' })];
  return api;
}

describe('what each role is offered', () => {
  it.each(ROLES.map((role) => [role]))('%s', async (role) => {
    await renderDashboard({ api: signedInAs(withOneIncident(), userWith(role)) });
    expect(await whatIsOffered()).toEqual(offeredTo[role]);
    // The read-only controls stay for everyone.
    expect(screen.getByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(screen.getByRole('switch', { name: 'Dev' })).toBeTruthy();
  });

  it("a viewer's row says there is nothing to do rather than showing an empty cell", async () => {
    await renderDashboard({ api: signedInAs(withOneIncident(), userWith('viewer')) });
    const row = await screen.findByRole('row', { name: /INC-1/ });
    expect(within(row).getAllByRole('cell').at(-1)!.textContent).toBe('—');
  });

  it('with sign-in off everything is offered', async () => {
    await renderDashboard({ api: withOneIncident() });
    expect(await whatIsOffered()).toEqual(offeredTo.admin);
  });
});
