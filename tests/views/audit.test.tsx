// The Audit view (issue 10) as a supervisor reads it: the trail newest first with its columns, filtered
// by actor and action on the server, paged with "Older", beside the chain's verdict.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AuditEntry } from '../../src/api/audit.ts';
import { formatTime } from '../../src/domain/display.ts';
import { FakeApi } from './support/fake-api.ts';
import { renderDashboard, settle } from './support/render-dashboard.tsx';
import { signedInAs, userWith } from './support/session-api.ts';
import { DEFAULT_CLOCK } from '../../src/i18n/clock.ts';

vi.mock('../../src/map/MapPanel.tsx', () => import('./support/map-stand-in.tsx'));

beforeEach(() => localStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function entry(seq: number, overrides: Partial<AuditEntry> = {}): AuditEntry {
  return {
    seq,
    at: `2025-03-0${1 + (seq % 9)}T10:00:00.000Z`,
    actor: 'dana',
    role: 'supervisor',
    address: '10.0.0.7',
    action: 'incident.acknowledge',
    target: `INC-${seq}`,
    detail: {},
    prevHash: seq > 1 ? `hash-${seq - 1}` : null,
    hash: `hash-${seq}`,
    ...overrides,
  };
}

/** A trail of `length` entries answered newest first, two a page, filtered like the server does. */
function auditApi(length: number, verdict: object = { ok: true, length }): FakeApi {
  const api = signedInAs(new FakeApi(), userWith('supervisor'));
  const trail = Array.from({ length }, (_, i) =>
    entry(length - i, i === 1 ? { actor: 'omar', role: 'operator', action: 'incident.resolve' } : {}),
  );
  api.routes.set('/audit', (query) => {
    const before = Number(query.get('before') ?? Infinity);
    const matching = trail.filter(
      (e) =>
        e.seq < before &&
        (!query.get('actor') || e.actor === query.get('actor')) &&
        (!query.get('action') || e.action === query.get('action')),
    );
    const page = matching.slice(0, 2);
    return { body: { ok: true, entries: page, nextBefore: matching.length > 2 ? page.at(-1)!.seq : null } };
  });
  api.routes.set('/audit/verify', () => ({ body: verdict }));
  return api;
}

async function openAudit() {
  await userEvent.click(screen.getByRole('button', { name: 'Audit' }));
  await settle();
  return screen.findByRole('table', { name: 'Audit trail' });
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('the Audit view', () => {
  it('lists the newest page with its columns and says the chain is intact', async () => {
    const api = auditApi(3);
    await renderDashboard({ api });
    const table = await openAudit();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'Actor', 'Role', 'Address', 'Action', 'Target']);
    expect(rowsOf(table)).toEqual([
      [formatTime(entry(3).at, DEFAULT_CLOCK), 'dana', 'supervisor', '10.0.0.7', 'incident.acknowledge', 'INC-3'],
      [formatTime(entry(2).at, DEFAULT_CLOCK), 'omar', 'operator', '10.0.0.7', 'incident.resolve', 'INC-2'],
    ]);
    expect(screen.getByRole('status', { name: 'Audit chain' }).textContent).toBe('Chain intact: 3 entries');
    expect([...api.callsTo('/audit')[0]!.query.keys()]).toEqual([]);
  });

  it('"Older" appends the page before the last entry shown, until there is none', async () => {
    const api = auditApi(5);
    await renderDashboard({ api });
    const table = await openAudit();
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await settle();
    expect(api.callsTo('/audit').at(-1)!.query.get('before')).toBe('4');
    await userEvent.click(screen.getByRole('button', { name: 'Older' }));
    await settle();
    expect(rowsOf(table).map((cells) => cells[5])).toEqual(['INC-5', 'INC-4', 'INC-3', 'INC-2', 'INC-1']);
    expect(screen.queryByRole('button', { name: 'Older' })).toBeNull();
  });

  it('filters by actor and action on the server', async () => {
    const api = auditApi(5);
    await renderDashboard({ api });
    await openAudit();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Actor'), 'omar');
    await user.type(screen.getByLabelText('Action'), 'incident.resolve');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    await settle();
    expect(Object.fromEntries(api.callsTo('/audit').at(-1)!.query)).toEqual({
      actor: 'omar',
      action: 'incident.resolve',
    });
    expect(rowsOf(screen.getByRole('table', { name: 'Audit trail' })).map((cells) => cells[1])).toEqual(['omar']);
    await user.clear(screen.getByLabelText('Actor'));
    await user.type(screen.getByLabelText('Actor'), 'nobody');
    await user.click(screen.getByRole('button', { name: 'Filter' }));
    expect(await screen.findByText('No entries match the filter.')).toBeTruthy();
  });

  it("shows the server's sentence when the chain is broken", async () => {
    const broken = 'The audit trail is broken at entry 2: its hash does not match its content.';
    await renderDashboard({ api: auditApi(3, { ok: false, length: 3, error: broken, brokenAt: entry(2) }) });
    await openAudit();
    expect(screen.getByRole('status', { name: 'Audit chain' }).textContent).toBe(broken);
  });

  it("shows the server's sentence when the trail cannot be read", async () => {
    const api = auditApi(3);
    const refused = 'Your role (operator) may not read the audit trail: it needs supervisor.';
    api.routes.set('/audit', () => ({ status: 403, body: { ok: false, error: refused } }));
    api.routes.set('/audit/verify', () => ({ status: 403, body: { ok: false, error: refused } }));
    await renderDashboard({ api });
    await userEvent.click(screen.getByRole('button', { name: 'Audit' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refused);
    expect(screen.getByRole('status', { name: 'Audit chain' }).textContent).toBe(refused);
  });
});
