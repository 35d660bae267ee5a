// The drawer says in one sentence why the watch raised an incident (issue 32), and the row and the drawer
// show when its tourist reported again; a panic's drawer has no such line.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Incident } from '../../src/api/entities.ts';
import { formatClock } from '../../src/domain/display.ts';
import { FakeApi, incident } from './support/fake-api.ts';
import { installFakeEventSource } from './support/fake-event-source.ts';
import { renderDashboard } from './support/render-dashboard.tsx';
import { DEFAULT_CLOCK } from '../../src/i18n/clock.ts';

vi.mock('../../src/map/MapPanel.tsx', () => import('./support/map-stand-in.tsx'));

const LAST_SEEN = '2025-01-02T12:32:00.000Z';
const AGAIN = '2025-01-02T13:10:00.000Z';

const SILENT = incident({
  id: 'INC-SILENT',
  type: 'silent',
  regionId: 'shillong',
  touristId: 't-1',
  meta: {
    source: 'watch',
    rule: 'silent',
    riskLevel: 'red',
    geofenceId: 'gf-1',
    zoneId: 'gf-1',
    lastSeenAt: LAST_SEEN,
    silentForS: 34 * 60,
    limitS: 600,
    atNight: false,
    reportedAgainAt: AGAIN,
  },
});
const FALL = incident({
  id: 'INC-FALL',
  type: 'fall',
  touristId: 't-2',
  meta: { source: 'band', rule: 'fall', event: 'fall' },
});
const VITALS = incident({
  id: 'INC-VITALS',
  type: 'vitals',
  severity: 'medium',
  touristId: 't-3',
  meta: {
    source: 'watch',
    rule: 'vitals',
    event: 'heart_rate',
    value: 182,
    bound: 150,
    boundKind: 'max',
    demoLimits: true,
  },
});
const PANIC = incident({ id: 'INC-PANIC', touristId: 't-4' });

function backend(): FakeApi {
  const api = new FakeApi();
  api.incidents = [SILENT, FALL, VITALS, PANIC];
  api.data['/regions'] = {
    regions: [{ id: 'shillong', name: 'Shillong', center: [25.57, 91.89], timeZone: 'Asia/Kolkata', contacts: [] }],
  };
  api.data['/geofences'] = {
    geofences: [{ id: 'gf-1', name: 'Elephant Falls', riskLevel: 'red', regionId: 'shillong', polygon: [], meta: {} }],
  };
  for (const { id } of api.incidents) api.data[`/incidents/${id}/timeline`] = { entries: [] };
  return api;
}

async function openDrawer(record: Incident) {
  const row = await screen.findByRole('row', { name: new RegExp(record.id) });
  await userEvent.click(within(row).getAllByRole('cell')[1]!);
  return screen.findByRole('dialog', { name: `Incident ${record.id}` });
}

installFakeEventSource();

describe('why a watch incident was raised', () => {
  it('says how long the tourist was silent, where and when last seen, and the limit; the row and drawer say it reported again', async () => {
    await renderDashboard({ api: backend() });
    const row = await screen.findByRole('row', { name: /INC-SILENT/ });
    expect(within(row).getByText('reported again')).toBeTruthy();
    expect(within(await screen.findByRole('row', { name: /INC-PANIC/ })).queryByText('reported again')).toBeNull();

    const drawer = await openDrawer(SILENT);
    const why = await within(drawer).findByLabelText('Why it was raised');
    await waitFor(() =>
      expect(why.textContent).toBe(
        `No report for 34 min; last seen in Red zone Elephant Falls at ${formatClock(LAST_SEEN, DEFAULT_CLOCK)} — limit 10 min in a red zone.` +
          `Reported again ${formatClock(AGAIN, DEFAULT_CLOCK)}.`,
      ),
    );
  });

  it('says a band reported a fall, and which reading passed which bound under demo limits', async () => {
    await renderDashboard({ api: backend() });
    const fall = await openDrawer(FALL);
    expect((await within(fall).findByLabelText('Why it was raised')).textContent).toBe('Band reported a fall.');
    await userEvent.click(within(fall).getByRole('button', { name: 'Close' }));

    const vitals = await openDrawer(VITALS);
    expect((await within(vitals).findByLabelText('Why it was raised')).textContent).toBe(
      "Heart rate 182 bpm above the region's 150 limit. (demo limits)",
    );
  });

  it("has no such line for a tourist's own panic", async () => {
    await renderDashboard({ api: backend() });
    const drawer = await openDrawer(PANIC);
    await within(drawer).findByLabelText('Incident facts');
    expect(within(drawer).queryByLabelText('Why it was raised')).toBeNull();
  });
});
