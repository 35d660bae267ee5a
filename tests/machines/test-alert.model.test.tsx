// Model-based: every transition of test-alert mode, replayed with the checkbox and a map click.
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { testAlertMachine } from '../../src/machines/testAlertMachine.ts';
import { DeferredActor } from '../views/support/deferred-actor.ts';
import { STAND_IN_CLICK } from '../views/support/map-stand-in.tsx';
import { renderDashboard, settle } from '../views/support/render-dashboard.tsx';
import { describeWalk, transitionWalks, uncoveredBy, WALK_TIMEOUT_MS } from './support/transition-walks.ts';

vi.mock('../../src/map/MapPanel.tsx', () => import('../views/support/map-stand-in.tsx'));

const clickSample = { type: 'map.click' as const, ...STAND_IN_CLICK };
const walks = transitionWalks(testAlertMachine, { samples: { 'map.click': [clickSample] } });
console.log(`test-alert model: ${walks.length} walks cover every state and transition`);

type Snapshot = (typeof walks)[number]['state'];

function expectPageShows(snapshot: Snapshot) {
  const checkbox = screen.getByRole('checkbox', { name: 'Test Alert Mode (click map)' }) as HTMLInputElement;
  expect(checkbox.checked).toBe(snapshot.matches('armed'));
  expect(screen.queryByText('Click on the map to send a test alert') !== null).toBe(snapshot.matches('armed'));
}

describe('test-alert mode on the page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('the walks enter every state and take every transition of the statechart', () => {
    expect(uncoveredBy(testAlertMachine, walks)).toEqual([]);
  });

  it.each(walks.map((walk) => [describeWalk(walk), walk] as const))(
    '%s',
    async (_name, path) => {
      const sendPanicAlert = new DeferredActor<{ latitude: number; longitude: number }>();
      await renderDashboard({ testAlertActors: { sendPanicAlert: sendPanicAlert.logic } });
      const user = userEvent.setup();
      await screen.findByRole('button', { name: 'Simulate map click' });
      expectPageShows(testAlertMachine.resolveState({ value: 'off', context: {} }));
      let alertsExpected = 0;
      for (const { event, state } of path.steps) {
        switch (event.type) {
          case 'testAlert.toggle':
            await user.click(screen.getByRole('checkbox', { name: 'Test Alert Mode (click map)' }));
            break;
          case 'map.click':
            await user.click(screen.getByRole('button', { name: 'Simulate map click' }));
            alertsExpected++;
            break;
          case 'xstate.done.actor.sendPanicAlert':
            sendPanicAlert.succeed();
            break;
          case 'xstate.error.actor.sendPanicAlert':
            sendPanicAlert.fail();
            break;
          default:
            throw new Error(`no way to perform ${event.type} on the page`);
        }
        await settle();
        expectPageShows(state);
        // One panic alert per armed click, at the clicked point.
        expect(sendPanicAlert.calls).toEqual(Array.from({ length: alertsExpected }, () => STAND_IN_CLICK));
      }
      expect(screen.queryByRole('alert')).toBeNull();
    },
    WALK_TIMEOUT_MS,
  );

  it('a map click while test mode is off sends nothing', async () => {
    const sendPanicAlert = new DeferredActor<{ latitude: number; longitude: number }>();
    await renderDashboard({ testAlertActors: { sendPanicAlert: sendPanicAlert.logic } });
    await userEvent.click(await screen.findByRole('button', { name: 'Simulate map click' }));
    expect(sendPanicAlert.calls).toEqual([]);
  });
});
