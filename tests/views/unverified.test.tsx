// Alerts raised without a valid device token (issue 10) are marked "Unverified" in the table and on the
// map's details card; verified ones, and records from before the field existed, carry no mark.
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LAYER_IDS } from '../../src/map/layers.ts';
import { detailsOfPick } from '../../src/map/details.ts';
import { FakeApi, incident } from './support/fake-api.ts';
import { renderDashboard } from './support/render-dashboard.tsx';
import { DEFAULT_CLOCK } from '../../src/i18n/clock.ts';

vi.mock('../../src/map/MapPanel.tsx', () => import('./support/map-stand-in.tsx'));

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('unverified alerts', () => {
  it('the table marks only the incident the server says is unverified', async () => {
    const api = new FakeApi();
    api.incidents = [
      incident({ id: 'INC-U', verified: false, meta: { source: 'panic', unverified: 'no device token was sent' } }),
      incident({ id: 'INC-V', verified: true }),
      incident({ id: 'INC-OLD' }),
    ];
    await renderDashboard({ api });
    const marked = (id: string) =>
      within(screen.getByRole('row', { name: new RegExp(id) })).queryByText('Unverified') !== null;
    await screen.findByRole('row', { name: /INC-U/ });
    expect([marked('INC-U'), marked('INC-V'), marked('INC-OLD')]).toEqual([true, false, false]);
    // The mark sits with the time: the status cell still holds just the status.
    expect(within(screen.getByRole('row', { name: /INC-U/ })).getAllByRole('cell')[6]!.textContent).toBe('open');
  });

  it("the map's details card carries the mark for an unverified alert only", () => {
    const alert = { id: 'INC-U', latitude: 12, longitude: 77, at: '2025-03-01T10:00:00.000Z' };
    expect(detailsOfPick(LAYER_IDS.alerts, { ...alert, verified: false }, [], DEFAULT_CLOCK)?.badge).toBe('Unverified');
    expect(detailsOfPick(LAYER_IDS.alerts, { ...alert, verified: true }, [], DEFAULT_CLOCK)?.badge).toBeUndefined();
    expect(detailsOfPick(LAYER_IDS.alerts, alert, [], DEFAULT_CLOCK)?.badge).toBeUndefined();
  });
});
