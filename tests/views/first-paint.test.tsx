// The first paint (issue 12): the alerts table the page draws from its first answer before the console's
// code has arrived (src/first-paint/), and its hand-over to the console, which removes it once its own table
// has its first answer or once it shows the sign-in page, never earlier.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { firstTable, FIRST_TABLE_COLUMNS } from '../../src/first-paint/first-table.ts';
import { FIRST_PAINT_ID } from '../../src/first-paint/handover.ts';
import { paintFirstTable } from '../../src/first-paint/paint.ts';
import { FIRST_PAINT_WORDS } from '../../src/first-paint/words.ts';
import { DeferredRoute } from './support/deferred-fetch.ts';
import { FakeApi, incident } from './support/fake-api.ts';
import { renderDashboard } from './support/render-dashboard.tsx';
import { signedOut } from './support/session-api.ts';

vi.mock('../../src/map/MapPanel.tsx', () => import('./support/map-stand-in.tsx'));

const answer = (incidents: unknown[]) => ({ ok: true, incidents });
const firstPaint = () => document.getElementById(FIRST_PAINT_ID);

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  firstPaint()?.remove();
  vi.unstubAllGlobals();
});

describe('the first table', () => {
  it("reads each incident as the console's row does, in the server's order", () => {
    const table = firstTable(
      answer([
        {
          id: 'I-2',
          createdAt: '2026-11-24T03:00:00.000Z',
          latitude: 25.5788,
          longitude: 91.8933,
          status: 'acknowledged',
          assignee: 'dana',
          meta: { riskLevel: 'red' },
        },
        {
          id: 'I-1',
          createdAt: '2026-11-24T02:00:00.000Z',
          latitude: -1,
          longitude: 2.123456,
          verified: false,
          escalatedAt: '2026-11-24T02:05:00.000Z',
        },
      ]),
    )!;
    expect(table.rows.map((row) => row.cells)).toEqual([
      // In Asia/Kolkata, 24-hour (issue 36): 03:00 UTC is 08:30.
      ['24 Nov 2026, 08:30:00', '25.57880', '91.89330', '', 'I-2', 'red', 'acknowledged · dana', ''],
      ['24 Nov 2026, 07:30:00 · Unverified · Escalated', '-1.00000', '2.12346', '', 'I-1', '—', 'open', ''],
    ]);
    expect(table.rows.map((row) => row.open)).toEqual([false, true]);
    expect(table.rows[0]!.cells).toHaveLength(FIRST_TABLE_COLUMNS.length);
  });

  it('draws at most its cap of rows and counts the rest, and the open ones among them', () => {
    const incidents = Array.from({ length: 7 }, (_, index) => ({
      id: `I-${index}`,
      status: index % 2 ? 'resolved' : 'open',
    }));
    const table = firstTable(answer(incidents), 3)!;
    expect(table.rows.map((row) => row.incidentId)).toEqual(['I-0', 'I-1', 'I-2']);
    expect(table.notShown).toEqual({ alerts: 4, open: 2 });
  });

  it('is nothing for an answer that is not the table', () => {
    expect(firstTable({ ok: false, error: 'Sign in first.' })).toBeUndefined();
    expect(firstTable({ ok: true })).toBeUndefined();
    expect(firstTable(undefined)).toBeUndefined();
  });
});

describe('the first paint on the page', () => {
  it('shows the rows as text, never as markup, and says how many more there are', () => {
    const sneaky = '<img src=x onerror="window.hacked=1">';
    paintFirstTable(firstTable(answer([{ id: sneaky }, { id: 'I-2' }]), 1)!, false);
    const table = screen.getByRole('table', { name: 'Alerts' });
    expect([...table.querySelectorAll('th')].map((cell) => cell.textContent)).toEqual(FIRST_TABLE_COLUMNS);
    expect(table.querySelector('img')).toBeNull();
    expect(table.querySelectorAll('tbody tr')[0]!.querySelectorAll('td')[4]!.textContent).toBe(sneaky);
    expect(
      screen.getByText('1 more alerts, 1 of them open: the console shows them all once it has loaded.'),
    ).toBeTruthy();
  });

  it("says 'No alerts yet.' for an empty answer, in the operator's theme", () => {
    const cover = paintFirstTable(firstTable(answer([]))!, true);
    expect(screen.getByText('No alerts yet.').tagName).toBe('SPAN');
    expect(cover.classList.contains('dark')).toBe(true);
    expect(screen.queryByRole('table')).toBeNull();
  });
});

describe('the first paint in the stored language (issue 36)', () => {
  it('draws its headers, statuses, marks and counts in Hindi', () => {
    const words = FIRST_PAINT_WORDS.hi;
    const incidents = [{ id: 'I-1', status: 'acknowledged', verified: false }, { id: 'I-2' }, { id: 'I-3' }];
    paintFirstTable(firstTable(answer(incidents), 1, undefined, words)!, false, words, 'hi-IN-u-nu-latn');
    const table = screen.getByRole('table', { name: 'अलर्ट' });
    expect([...table.querySelectorAll('th')].map((cell) => cell.textContent)).toEqual([
      'समय',
      'अक्षांश',
      'देशांतर',
      'अलर्ट ID',
      'घटना ID',
      'जोखिम',
      'स्थिति',
      'कार्रवाई',
    ]);
    const cells = table.querySelectorAll('tbody td');
    expect(cells[0]!.textContent).toBe('— · असत्यापित');
    expect(cells[6]!.textContent).toBe('ज़िम्मेदारी ली गई');
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('पैनिक अलर्ट डैशबोर्ड');
    expect(screen.getByText('2 और अलर्ट, जिनमें 2 खुले हैं: कंसोल लोड होने पर सभी दिखाएगा।')).toBeTruthy();
  });
});

describe('the hand-over to the console', () => {
  it("keeps the first paint until the console's table has its first answer, then removes it", async () => {
    paintFirstTable(firstTable(answer([{ id: 'I-early' }]))!, false);
    const api = new FakeApi();
    const table = new DeferredRoute(api, '/incidents/filter');
    await renderDashboard({ api });
    expect(table.waiting).toBeGreaterThan(0);
    expect(firstPaint()).not.toBeNull();
    table.succeed({ incidents: [incident({ id: 'I-early' })] });
    await vi.waitFor(() => expect(firstPaint()).toBeNull());
    expect(screen.getAllByRole('table', { name: 'Alerts' })).toHaveLength(1);
  });

  it('removes it when the console shows the sign-in page', async () => {
    paintFirstTable(firstTable(answer([]))!, false);
    await renderDashboard({ api: signedOut(new FakeApi()), waitFor: 'nothing' });
    await screen.findByLabelText(/^Username/);
    expect(firstPaint()).toBeNull();
  });
});
