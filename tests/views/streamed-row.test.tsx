// Issue 12: a panic streamed to the page is painted in the table at once; the silent reload the spec asks
// for (SPEC §7) still follows and confirms it, and an answer that was on its way before the panic does not
// take the row away again. The map, the largest chunk, waits for the table's first paint.
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { DeferredRoute } from './support/deferred-fetch.ts';
import { FakeApi, incident } from './support/fake-api.ts';
import { renderDashboard, settle } from './support/render-dashboard.tsx';

vi.mock('../../src/map/MapPanel.tsx', () => import('./support/map-stand-in.tsx'));

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const alertRowIds = () =>
  within(screen.getByRole('table', { name: 'Alerts' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => (row as HTMLTableRowElement).cells[4]!.textContent);

it('paints a streamed panic before the reload answers, and the reload still happens', async () => {
  const api = new FakeApi();
  api.incidents = [incident({ id: 'I-old', createdAt: new Date(Date.now() - 60_000).toISOString() })];
  const page = await renderDashboard({ api });
  page.stream.open();
  await page.advance(2000);
  expect(alertRowIds()).toEqual(['I-old']);
  const reloads = new DeferredRoute(page.api, '/incidents/filter');
  const fresh = incident({ id: 'I-new', createdAt: new Date().toISOString() });
  page.stream.message({
    type: 'alert',
    alert: { id: 'A-new', incidentId: 'I-new', latitude: 1, longitude: 2, at: fresh.createdAt, regionId: 'default' },
  });
  page.stream.message({ type: 'incident_update', incident: fresh });
  await page.advance(0);
  expect(reloads.waiting).toBeGreaterThan(0);
  expect(alertRowIds()).toEqual(['I-new', 'I-old']);
  // The reload asked before the panic was stored answers without it: the row stays.
  while (reloads.waiting)
    reloads.succeed({ incidents: [incident({ id: 'I-old', createdAt: new Date(Date.now() - 60_000).toISOString() })] });
  await settle();
  expect(alertRowIds()).toEqual(['I-new', 'I-old']);
});

it('leaves out a streamed panic of a region the table does not show', async () => {
  localStorage.setItem('dash.regionId', 'shillong');
  const page = await renderDashboard();
  page.stream.open();
  await page.advance(2000);
  new DeferredRoute(page.api, '/incidents/filter');
  page.stream.message({
    type: 'incident_update',
    incident: incident({ id: 'I-far', regionId: 'guwahati', createdAt: new Date().toISOString() }),
  });
  await page.advance(0);
  expect(screen.queryByRole('table', { name: 'Alerts' })).toBeNull();
  expect(screen.getByText('No alerts yet.')).toBeTruthy();
});

it('gives the streamed row its Acknowledge at once', async () => {
  const page = await renderDashboard();
  page.stream.open();
  await page.advance(2000);
  new DeferredRoute(page.api, '/incidents/filter');
  page.stream.message({
    type: 'incident_update',
    incident: incident({ id: 'I-new', createdAt: new Date().toISOString() }),
  });
  await page.advance(0);
  const row = within(screen.getByRole('table', { name: 'Alerts' })).getAllByRole('row')[1]!;
  expect((within(row).getByRole('button', { name: 'Acknowledge' }) as HTMLButtonElement).disabled).toBe(false);
});

it('asks for the map only once the alerts table has painted', async () => {
  const api = new FakeApi();
  const load = new DeferredRoute(api, '/incidents/filter');
  await renderDashboard({ api });
  expect(screen.getByLabelText('Loading alerts')).toBeTruthy();
  expect(screen.queryByTestId('map')).toBeNull();
  expect(screen.getByLabelText('Loading map')).toBeTruthy();
  while (load.waiting) load.succeed({ incidents: [] });
  expect(await screen.findByTestId('map')).toBeTruthy();
  expect(screen.getByText('No alerts yet.')).toBeTruthy();
});
