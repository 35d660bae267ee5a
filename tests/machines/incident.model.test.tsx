// Model-based: every transition of the incident lifecycle, from each starting status, replayed on an
// alerts-table row; the status shown and the buttons offered must match the statechart in every state. The
// page keeps the status in its one record of the incident and starts this lifecycle for each write.
import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { incidentStatuses, type IncidentStatus } from '../../src/api/fields.ts';
import { incidentMachine } from '../../src/machines/incidentMachine.ts';
import { DeferredActor } from '../views/support/deferred-actor.ts';
import { FakeApi, incident } from '../views/support/fake-api.ts';
import { renderDashboard, settle } from '../views/support/render-dashboard.tsx';
import { describePath, transitionCoverPaths } from './support/transition-paths.ts';

vi.mock('../../src/map/MapPanel.tsx', () => import('../views/support/map-stand-in.tsx'));

const model = incidentMachine.provide({ actions: { reportStatus: () => {}, reportFailure: () => {} } });
// The empty path per start pins what a row in that status offers (from resolved, nothing happens at all).
const cases = incidentStatuses.flatMap((start) => {
  const paths = transitionCoverPaths(model, { input: { id: 'INC-1', status: start } });
  const restored = { state: model.resolveState(restoredValue(start)), steps: [], weight: 0 };
  return [restored, ...paths].map(
    (path) => [`from ${start}: ${describePath(path) || '(restored)'}`, start, path] as const,
  );
});
console.log(`incident model: ${cases.length} paths cover every state and transition from each starting status`);

function restoredValue(start: IncidentStatus) {
  return { value: 'idle', context: { id: 'INC-1', status: start } };
}

type Path = (typeof cases)[number][2];
type Snapshot = Path['state'];

/** How many requests the path has started up to this step: each entry into a request state is one. */
function countOf(steps: Path['steps'], upTo: Path['steps'][number], request: 'acknowledging' | 'resolving'): number {
  return steps.slice(0, steps.indexOf(upTo) + 1).filter((step) => step.state.matches(request)).length;
}

function row() {
  return screen.getByRole('row', { name: /INC-1/ });
}

function expectRowShows(snapshot: Snapshot) {
  const cells = within(row());
  expect(cells.getByText(snapshot.context.status)).toBeTruthy();
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

    const clickUnlessDisabled = async (name: string) => {
      const button = within(row()).getByRole('button', { name }) as HTMLButtonElement;
      if (!button.disabled) await user.click(button);
    };
    for (const step of path.steps) {
      const { event, state } = step;
      switch (event.type) {
        // A click the lifecycle refuses (its guard) is on a disabled button: nothing is asked.
        case 'incident.acknowledge':
          await clickUnlessDisabled('Acknowledge');
          expect(acknowledge.calls).toHaveLength(countOf(path.steps, step, 'acknowledging'));
          break;
        case 'incident.resolve':
          await clickUnlessDisabled('Resolve');
          expect(resolve.calls).toHaveLength(countOf(path.steps, step, 'resolving'));
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
