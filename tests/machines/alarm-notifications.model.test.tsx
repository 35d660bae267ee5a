// Model-based: every state and transition of the notifications permission, from each permission the
// browser may start with, replayed on the page: 'Enable notifications', the browser's answer, panics
// arriving while the page is in the background, and a click on a notification.
import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { notificationsMachine, type NotificationPermissionState } from '../../src/machines/notificationsMachine.ts';
import { renderAlarmPage, type AlarmPage } from '../views/support/alarm-page.tsx';
import { FakeNotification } from '../views/support/fake-notification.ts';
import { settle } from '../views/support/render-dashboard.tsx';
import { describeWalk, transitionWalks, uncoveredBy, WALK_TIMEOUT_MS } from './support/transition-walks.ts';

vi.mock('../../src/map/MapPanel.tsx', () => import('../views/support/map-stand-in.tsx'));

const model = notificationsMachine.provide({
  actions: { notify: () => {}, focusWindow: () => {}, showIncident: () => {} },
});
const samplePanic = {
  id: 'PANIC-MODEL',
  regionId: 'shillong',
  createdAt: '2025-01-02T03:04:05.000Z',
  latitude: 25.5788,
  longitude: 91.8933,
  escalatedAt: null,
};
const STARTS: NotificationPermissionState[] = ['default', 'granted', 'denied', 'unsupported'];

// The page starts differently for each permission: what it does then is replayed from each.
const walks = transitionWalks(model, {
  inputs: STARTS.map((permission) => ({ permission })),
  coverEachStart: true,
  samples: {
    'notifications.panicArrived': [{ type: 'notifications.panicArrived', panic: samplePanic }],
    'notification.click': [{ type: 'notification.click', incidentId: samplePanic.id }],
    'xstate.done.actor.requestPermission': (['granted', 'denied', 'default'] as const).map((output) => ({
      type: 'xstate.done.actor.requestPermission',
      output,
    })) as never,
  },
});
console.log(`notifications model: ${walks.length} walks cover every state and transition`);

type Walk = (typeof walks)[number];
type Snapshot = Walk['state'];
const permissionOf = (walk: Walk) => (walk.input as { permission: NotificationPermissionState }).permission;

const nameOf = (walk: Walk) =>
  `starting ${permissionOf(walk)}: ${describeWalk(walk, (event) => ('output' in event ? `${event.type}(${String(event.output)})` : event.type))}`;

async function perform(page: AlarmPage, event: Walk['steps'][number]['event']) {
  switch (event.type) {
    case 'notifications.enable':
      return userEvent.click(screen.getByRole('button', { name: 'Enable notifications' }));
    case 'xstate.done.actor.requestPermission':
      FakeNotification.answer((event as unknown as { output: NotificationPermission }).output);
      return settle();
    case 'xstate.error.actor.requestPermission':
      FakeNotification.refuse();
      return settle();
    case 'notifications.panicArrived':
      page.arrive();
      return settle();
    case 'notification.click':
      // A notification to click: a panic arrives first (in the model, a step that changes no state).
      page.arrive();
      await settle();
      FakeNotification.shown.at(-1)!.onclick?.(new Event('click'));
      return settle();
    default:
      throw new Error(`no way to perform ${event.type} on the page`);
  }
}

function expectPageShows(snapshot: Snapshot) {
  const enable = screen.queryByRole('button', { name: 'Enable notifications' }) as HTMLButtonElement | null;
  expect(enable !== null, 'Enable notifications shown').toBe(snapshot.matches('default') || snapshot.matches('asking'));
  if (enable) expect(enable.disabled).toBe(snapshot.matches('asking'));
}

describe('desktop notifications on the page', () => {
  const focus = vi.fn();
  beforeEach(() => {
    localStorage.clear();
    FakeNotification.reset();
    focus.mockClear();
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('the walks enter every state and take every transition of the statechart', () => {
    expect(uncoveredBy(model, walks)).toEqual([]);
  });

  it.each(walks.map((walk) => [nameOf(walk), walk] as const))(
    '%s',
    async (_name, path) => {
      const permission = permissionOf(path);
      if (permission !== 'unsupported') {
        FakeNotification.permission = permission;
        vi.stubGlobal('Notification', FakeNotification);
      }
      vi.stubGlobal('focus', focus);
      vi.spyOn(document, 'hasFocus').mockReturnValue(false);
      const page = await renderAlarmPage();
      expectPageShows(path.start);
      let shown = 0;
      for (const { event, state } of path.steps) {
        await perform(page, event);
        expectPageShows(state);
        if (event.type === 'notifications.panicArrived' || event.type === 'notification.click') shown++;
        // One notification per new panic while permitted, titled with its region; none otherwise.
        expect(FakeNotification.shown.map((n) => n.title)).toEqual(
          Array.from({ length: shown }, () => 'New panic alert in shillong'),
        );
        if (event.type === 'notification.click') {
          expect(focus).toHaveBeenCalledTimes(1);
          expect((screen.getByRole('combobox', { name: 'Region' }) as HTMLSelectElement).value).toBe('shillong');
        }
      }
      expect(FakeNotification.requests).toBe(path.steps.filter((s) => s.event.type === 'notifications.enable').length);
    },
    WALK_TIMEOUT_MS,
  );

  // States with no way out: the model has no path from them, so each is checked where it starts.
  it.each(['denied', 'unsupported'] as const)(
    'starting %s: nothing to enable, and no notification for a panic',
    async (permission) => {
      if (permission === 'denied') {
        FakeNotification.permission = 'denied';
        vi.stubGlobal('Notification', FakeNotification);
      }
      vi.spyOn(document, 'hasFocus').mockReturnValue(false);
      const page = await renderAlarmPage();
      page.arrive();
      await settle();
      expect(await screen.findByText('New panic alert in shillong')).toBeTruthy();
      expect(screen.queryByRole('button', { name: 'Enable notifications' })).toBeNull();
      expect(FakeNotification.shown).toEqual([]);
    },
  );

  it('no notification while the operator is looking at the page', async () => {
    FakeNotification.permission = 'granted';
    vi.stubGlobal('Notification', FakeNotification);
    vi.spyOn(document, 'hasFocus').mockReturnValue(true);
    const page = await renderAlarmPage();
    page.arrive();
    await settle();
    expect(FakeNotification.shown).toEqual([]);
    expect(await screen.findByText('New panic alert in shillong')).toBeTruthy();
  });
});
