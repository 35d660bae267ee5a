// Model-based: every transition of the incident lifecycle, from each starting status, replayed on an
// alerts-table row; the status shown and the buttons offered must match the statechart in every state.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { incidentStatuses, type IncidentStatus } from '../../src/api/fields.ts';
import { incidentMachine, shownStatus } from '../../src/machines/incidentMachine.ts';
import { DeferredActor } from '../views/support/deferred-actor.ts';
import { FakeApi, incident } from '../views/support/fake-api.ts';
import { renderDashboard, settle } from '../views/support/render-dashboard.tsx';
import { describePath, transitionCoverPaths } from './support/transition-paths.ts';

vi.mock('../../src/map/MapPanel.tsx', () => import('../views/support/map-stand-in.tsx'));

const model = incidentMachine.provide({ actions: { reportStatus: () => {} } });
const syncSamples = incidentStatuses.map((status) => ({ type: 'incident.sync' as const, status }));
// The empty path per start pins the restoring step (an eventless transition to the stored status).
const cases = incidentStatuses.flatMap((start) => {
  const paths = transitionCoverPaths(model, { input: { id: 'INC-1', status: start }, samples: { 'incident.sync': syncSamples } });
  const restored = { state: model.resolveState(restoredValue(start)), steps: [], weight: 0 };
  return [restored, ...paths].map((path) => [`from ${start}: ${describePath(path) || '(restored)'}`, start, path] as const);
});
console.log(`incident model: ${cases.length} paths cover every state and transition from each starting status`);

function restoredValue(start: IncidentStatus) {
  const value = start === 'open' ? { open: 'idle' } : start === 'acknowledged' ? { acknowledged: 'idle' } : 'resolved';
  return { value, context: { id: 'INC-1', initialStatus: start } };
}

type Path = (typeof cases)[number][2];
type Snapshot = Path['state'];

function row() {
  return screen.getByRole('row', { name: /INC-1/ });
}

function expectRowShows(snapshot: Snapshot) {
  const cells = within(row());
  expect(cells.getByText(shownStatus(snapshot))).toBeTruthy();
  const acknowledge = cells.getByRole('button', { name: 'Acknowledge' }) as HTMLButtonElement;
  const resolve = cells.getByRole('button', { name: 'Resolve' }) as HTMLButtonElement;
  expect(acknowledge.disabled).toBe(!snapshot.can({ type: 'incident.acknowledge' }));
  expect(resolve.disabled).toBe(!snapshot.can({ type: 'incident.resolve' }));
  expect(row().getAttribute('aria-busy')).toBe(snapshot.hasTag('busy') ? 'true' : null);
}

describe('incident lifecycle on the alerts table', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it.each(cases)('%s', async (_name, start: IncidentStatus, path: Path) => {
    const api = new FakeApi();
    api.incidents = [incident({ id: 'INC-1', status: start })];
    const acknowledge = new DeferredActor<{ id: string }>();
    const resolve = new DeferredActor<{ id: string }>();
    await renderDashboard({ api, incidentActors: { acknowledge: acknowledge.logic, resolve: resolve.logic } });
    const user = userEvent.setup();
    await screen.findByRole('row', { name: /INC-1/ });
    expectRowShows(model.resolveState(restoredValue(start)));

    for (const { event, state } of path.steps) {
      switch (event.type) {
        case 'incident.acknowledge':
          await user.click(within(row()).getByRole('button', { name: 'Acknowledge' }));
          expect(acknowledge.calls.at(-1)).toEqual({ id: 'INC-1' });
          break;
        case 'incident.resolve':
          await user.click(within(row()).getByRole('button', { name: 'Resolve' }));
          expect(resolve.calls.at(-1)).toEqual({ id: 'INC-1' });
          break;
        case 'incident.sync':
          // The backend now reports this status; the operator refreshes.
          api.setStatus('INC-1', event.status);
          await user.click(screen.getByRole('button', { name: 'Refresh' }));
          break;
        case 'xstate.done.actor.acknowledge':
          acknowledge.succeed();
          break;
        case 'xstate.error.actor.acknowledge':
          acknowledge.fail();
          break;
        case 'xstate.done.actor.resolve':
          resolve.succeed();
          break;
        case 'xstate.error.actor.resolve':
          resolve.fail();
          break;
        default:
          throw new Error(`no way to perform ${event.type} on the page`);
      }
      await settle();
      expectRowShows(state);
    }
    // Failures are silent (SPEC §8): no banner ever appears for them.
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
