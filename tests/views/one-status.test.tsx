// One status per incident on the page (issue 29): however it changes (the stream, a bulk action, the
// drawer, a reload), the row, the open drawer and the panic bar show the same at once, and nothing is asked
// of the server beyond the write itself (the incidents' lists are held unanswered while the page is read).
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Incident } from '../../src/api/entities.ts';
import { FakeApi, incident } from './support/fake-api.ts';
import { factValue, timelineSentences } from './support/incident-details-harness.tsx';
import { renderDashboard, settle, type DashboardHarness } from './support/render-dashboard.tsx';

vi.mock('../../src/map/MapPanel.tsx', () => import('./support/map-stand-in.tsx'));

const PANIC = incident({ id: 'INC-1', regionId: 'default' });
const ACKNOWLEDGED: Incident = {
  ...PANIC,
  status: 'acknowledged',
  acknowledgedAt: '2025-01-02T03:08:00.000Z',
  acknowledgedBy: 'dana',
};
const BAR_NAME = /^(New panic alert in \S+|\d+ open panic alerts)$/;

const row = () => screen.getByRole('row', { name: /INC-1/ });
const drawer = () => screen.getByRole('dialog', { name: 'Incident INC-1' });

/** The page with INC-1 open in the table, in its drawer and on the panic bar. */
async function openPage(): Promise<{ api: FakeApi; page: DashboardHarness }> {
  const api = new FakeApi();
  api.incidents = [PANIC];
  api.data['/regions'] = {
    regions: [{ id: 'default', name: 'Default', center: [12.97, 77.59], timeZone: 'Asia/Kolkata', contacts: [] }],
  };
  api.data['/incidents/INC-1/timeline'] = { entries: [{ at: PANIC.createdAt, actor: 't-1', action: 'raised' }] };
  // Both writes (the drawer's one incident, bulk triage's list) answer with the incident acknowledged.
  api.routes.set('/incidents/acknowledge#post', (_query, body) =>
    (body as { ids?: string[] }).ids
      ? { body: { ok: true, incidents: [ACKNOWLEDGED], changed: 1, unchanged: [], refused: [] } }
      : { body: { ok: true, incident: ACKNOWLEDGED } },
  );
  const page = await renderDashboard({ api });
  page.stream.open();
  await userEvent.click(within(await screen.findByRole('row', { name: /INC-1/ })).getAllByRole('cell')[1]!);
  await screen.findByRole('dialog', { name: 'Incident INC-1' });
  await waitFor(() => expect(timelineSentences()).toContain('t-1 raised it'));
  await settle();
  expectEverywhere('open');
  return { api, page };
}

/** The incidents' lists are held from now on: what the page shows cannot come from them. */
function holdIncidentLists(api: FakeApi) {
  for (const path of ['/incidents/filter', '/incidents']) api.overrides.set(path, () => new Promise<never>(() => {}));
}

/** Every request since `from`, the open drawer's included (it reads its timeline and contacts on opening only). */
const requestsSince = (api: FakeApi, from: number) =>
  api.calls.slice(from).map((call) => `${call.method} ${call.path}`);

function expectEverywhere(status: 'open' | 'acknowledged') {
  expect(within(row()).getAllByRole('cell')[6]!.textContent).toBe(status);
  expect(factValue('Status')).toBe(status);
  const acknowledgeInRow = within(row()).getByRole('button', { name: 'Acknowledge' }) as HTMLButtonElement;
  const acknowledgeInDrawer = within(drawer()).getByRole('button', { name: 'Acknowledge' }) as HTMLButtonElement;
  expect(acknowledgeInRow.disabled).toBe(status !== 'open');
  // The drawer's buttons stay focusable when disabled (aria-disabled), so a keyboard user keeps their place.
  expect(acknowledgeInDrawer.getAttribute('aria-disabled') === 'true').toBe(status !== 'open');
  if (status === 'open')
    expect(within(screen.getByRole('group', { name: BAR_NAME })).getByText('New panic alert in default')).toBeTruthy();
  else expect(screen.queryByRole('group', { name: BAR_NAME })).toBeNull();
}

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('an incident acknowledged', () => {
  it('by the stream shows so in the row, the drawer and the bar before any reload answers', async () => {
    const { api, page } = await openPage();
    holdIncidentLists(api);
    const from = api.calls.length;
    page.stream.message({
      type: 'incident_update',
      incident: ACKNOWLEDGED,
      entry: { at: ACKNOWLEDGED.acknowledgedAt!, actor: 'dana', action: 'acknowledged' },
    });
    await settle();
    expectEverywhere('acknowledged');
    // The step comes with the change: the drawer's timeline shows it without reading the timeline again.
    expect(timelineSentences()).toEqual(['t-1 raised it', 'dana acknowledged it']);
    // The silent reload the spec asks for after a stream update waits for its window here (and would be held).
    expect(requestsSince(api, from)).toEqual([]);
  });

  it('by a bulk action shows so everywhere, with the bulk request alone', async () => {
    const { api } = await openPage();
    holdIncidentLists(api);
    const from = api.calls.length;
    await userEvent.click(within(row()).getByRole('checkbox', { name: 'Select incident INC-1' }));
    await userEvent.click(screen.getByRole('button', { name: 'Acknowledge selected' }));
    await settle();
    expectEverywhere('acknowledged');
    expect(requestsSince(api, from)).toEqual(['POST /incidents/acknowledge']);
  });

  // The same write from each of the three places that offer it.
  it.each([
    ['the drawer', () => within(drawer()).getByRole('button', { name: 'Acknowledge' })],
    ['the row', () => within(row()).getByRole('button', { name: 'Acknowledge' })],
    [
      'the panic bar',
      () => within(screen.getByRole('group', { name: BAR_NAME })).getByRole('button', { name: 'Acknowledge' }),
    ],
  ])('from %s shows so everywhere, with the write alone', async (_place, acknowledgeButton) => {
    const { api } = await openPage();
    holdIncidentLists(api);
    const from = api.calls.length;
    await userEvent.click(acknowledgeButton());
    await settle();
    expectEverywhere('acknowledged');
    expect(requestsSince(api, from)).toEqual(['POST /incidents/acknowledge']);
  });

  it('elsewhere and read by a reload shows so everywhere, with the reload alone', async () => {
    const { api } = await openPage();
    api.incidents = [ACKNOWLEDGED];
    const from = api.calls.length;
    await userEvent.click(screen.getByRole('button', { name: 'Refresh' }));
    await settle();
    expectEverywhere('acknowledged');
    expect(requestsSince(api, from).filter((call) => call.startsWith('POST'))).toEqual([]);
    // The drawer reads nothing again for it: its record is the page's.
    expect(requestsSince(api, from).filter((call) => call.endsWith('/timeline') || call.endsWith(' /regions'))).toEqual(
      [],
    );
  });
});
