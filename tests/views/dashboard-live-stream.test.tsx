// The dashboard on its live stream: GPS pings in the pings table, reloads for alerts, no polling while connected.
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ping } from './support/fake-api.ts';
import { renderDashboard, settle } from './support/render-dashboard.tsx';

vi.mock('../../src/map/MapPanel.tsx', () => import('./support/map-stand-in.tsx'));

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('live stream', () => {
  it('puts gps pings first, one per key, at most 50', async () => {
    const page = await renderDashboard();
    page.stream.open();
    for (let i = 0; i < 60; i++) page.stream.message({ type: 'gps', ping: ping(`K${i}`) });
    page.stream.message({ type: 'gps', ping: ping('K3', 10.5) });
    await settle();
    const rows = within(screen.getByRole('table', { name: 'GPS Pings (latest)' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]!.textContent).toContain('K3');
    expect(rows[0]!.textContent).toContain('10.50000');
    expect(rows.filter((r) => r.textContent!.includes('K3'))).toHaveLength(1);
    expect(Number(screen.getByTestId('map').getAttribute('data-alerts'))).toBe(0);
  });

  it('shows a burst of pings as the same pings one at a time: newest first, one per key', async () => {
    const page = await renderDashboard();
    page.stream.open();
    page.stream.pings([...Array.from({ length: 60 }, (_, i) => ping(`K${i}`)), ping('K3', 10.5)]);
    await settle();
    const rows = within(screen.getByRole('table', { name: 'GPS Pings (latest)' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows[0]!.textContent).toContain('K3');
    expect(rows[0]!.textContent).toContain('10.50000');
    expect(rows[1]!.textContent).toContain('K59');
    expect(rows.filter((r) => r.textContent!.includes('K3'))).toHaveLength(1);
  });

  it('reloads at once for a single alert: a panic waits for no window', async () => {
    const page = await renderDashboard();
    page.stream.open();
    await page.advance(2000);
    const before = page.api.callsTo('/incidents/filter').length;
    page.stream.message({
      type: 'alert',
      alert: { id: 'A1', incidentId: 'I1', latitude: 1, longitude: 2, at: 'x', regionId: 'default' },
    });
    await page.advance(0);
    expect(page.api.callsTo('/incidents/filter').length).toBe(before + 1);
  });

  it('coalesces a burst of 100 alerts into a few silent reloads', async () => {
    const page = await renderDashboard();
    page.stream.open();
    const before = page.api.callsTo('/incidents/filter').length;
    for (let i = 0; i < 100; i++) {
      page.stream.message({
        type: 'alert',
        alert: { id: `A${i}`, incidentId: `I${i}`, latitude: 1, longitude: 2, at: 'x', regionId: 'default' },
      });
      await page.advance(10);
    }
    await page.advance(2000);
    const reloads = page.api.callsTo('/incidents/filter').length - before;
    expect(reloads).toBeGreaterThanOrEqual(1);
    expect(reloads).toBeLessThanOrEqual(4);
  });

  it('does not poll while connected', async () => {
    const page = await renderDashboard();
    page.stream.open();
    await settle();
    const before = page.api.callsTo('/gps/last').length;
    await page.advance(30_000);
    expect(page.api.callsTo('/gps/last').length).toBe(before);
  });
});
