// Model-based: every transition of the connection statechart, replayed against the rendered page.
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { connectionMachine, connectionState, POLL_INTERVAL_MS } from '../../src/machines/connectionMachine.ts';
import { renderDashboard, TEST_RECONNECT_DELAY_MS, type DashboardHarness } from '../views/support/render-dashboard.tsx';
import { describeWalk, transitionWalks, uncoveredBy, WALK_TIMEOUT_MS } from './support/transition-walks.ts';

vi.mock('../../src/map/MapPanel.tsx', () => import('../views/support/map-stand-in.tsx'));

// The parent-bound actions are no-ops for path generation; the page under test runs the real ones.
const model = connectionMachine.provide({
  actions: { requestPoll: () => {}, forwardMessage: () => {}, forwardPings: () => {}, forwardStoreNotice: () => {} },
});
const gpsSample = {
  type: 'stream.message' as const,
  message: {
    type: 'gps' as const,
    ping: { touristId: 'T-MODEL', deviceId: null, latitude: 25.57, longitude: 91.88, at: '2025-01-02T03:04:05.000Z' },
  },
};
const pingsSample = { type: 'stream.pings' as const, pings: [gpsSample.message.ping] };
// The store's notice that changes nothing on a page whose store is there (tests/views/store-banner.test.tsx has the rest).
const storeSample = { type: 'stream.store' as const, notice: { available: true } };
const walks = transitionWalks(model, {
  samples: { 'stream.message': [gpsSample], 'stream.pings': [pingsSample], 'stream.store': [storeSample] },
});
console.log(`connection model: ${walks.length} walks cover every state and transition`);

type Snapshot = (typeof walks)[number]['state'];
type Step = (typeof walks)[number]['steps'][number];

async function perform(page: DashboardHarness, step: Step, messageNumber: number) {
  const { event } = step;
  switch (event.type) {
    case 'stream.open':
      return page.stream.open();
    case 'stream.error':
      return page.stream.fail();
    case 'stream.closed':
      return page.stream.giveUp();
    case 'stream.message':
      return page.stream.message({
        ...gpsSample.message,
        ping: { ...gpsSample.message.ping, touristId: `T-MODEL-${messageNumber}` },
      });
    case 'stream.pings':
      return page.stream.pings([{ ...gpsSample.message.ping, touristId: `T-MODEL-${messageNumber}` }]);
    case 'stream.store':
      return page.stream.store(event.notice);
    default:
      if (event.type.startsWith('xstate.after.pollInterval')) return page.fireTimer(POLL_INTERVAL_MS);
      if (event.type.startsWith('xstate.after.reconnectDelay')) return page.fireTimer(TEST_RECONNECT_DELAY_MS);
      throw new Error(`no way to perform ${event.type} on the page`);
  }
}

/** What the operator sees in this state. */
async function expectPageShows(page: DashboardHarness, snapshot: Snapshot) {
  const state = connectionState(snapshot);
  expect(screen.getAllByText(state, { selector: '.fui-Badge' }).length).toBeGreaterThanOrEqual(2);
  const line = screen.getByText(/^Live updates:/);
  expect(line.textContent).toBe(`Live updates: ${state}${snapshot.hasTag('polling') ? ' (fallback to polling)' : ''}`);
  // A fresh EventSource exists except while waiting out the back-off.
  expect(page.stream.live).toBe(snapshot.matches({ stream: 'waitingToReconnect' }) ? 0 : 1);
}

describe('connection statechart on the page', () => {
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('the walks enter every state and take every transition of the statechart', () => {
    expect(uncoveredBy(model, walks)).toEqual([]);
  });

  it.each(walks.map((walk) => [describeWalk(walk), walk] as const))(
    '%s',
    async (_name, path) => {
      const page = await renderDashboard();
      await expectPageShows(
        page,
        model.resolveState({
          value: { stream: { streaming: 'connecting' }, polling: 'active' },
          context: { failedReconnects: 0 },
        }),
      );
      let messages = 0;
      for (const step of path.steps) {
        const pollsBefore = page.api.callsTo('/gps/last').length;
        const incidentLoadsBefore = page.api.callsTo('/incidents/filter').length;
        await perform(page, step, ++messages);
        await page.advance(0);
        await expectPageShows(page, step.state);
        if (step.event.type.startsWith('xstate.after.pollInterval')) {
          // One poll refreshes GPS last and the incidents at once (no coalescing window: a polled alert
          // must show within the 10 s interval), and nothing more.
          expect(page.api.callsTo('/gps/last').length).toBe(pollsBefore + 1);
          expect(page.api.callsTo('/incidents/filter').length).toBe(incidentLoadsBefore + 1);
          await page.advance(1000);
          expect(page.api.callsTo('/incidents/filter').length).toBe(incidentLoadsBefore + 1);
        }
        if (step.event.type === 'stream.message' || step.event.type === 'stream.pings') {
          expect(await screen.findByText(`T-MODEL-${messages}`)).toBeTruthy();
        }
      }
    },
    WALK_TIMEOUT_MS,
  );
});
