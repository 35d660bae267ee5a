import { act, render, screen } from '@testing-library/react';
import { SimulatedClock, type AnyActorLogic } from 'xstate';
import { vi } from 'vitest';
import { connectionMachine } from '../../../src/machines/connectionMachine.ts';
import { dashboardMachine } from '../../../src/machines/dashboard/dashboardMachine.ts';
import { incidentMachine } from '../../../src/machines/incidentMachine.ts';
import { readPreferences, type LanguageSettings, type Preferences } from '../../../src/domain/preferences.ts';
import type { sessionMachine } from '../../../src/machines/sessionMachine.ts';
import { testAlertMachine } from '../../../src/machines/testAlertMachine.ts';
import { App } from '../../../src/views/App.tsx';
import { FakeApi } from './fake-api.ts';
import { FakeStream } from './fake-stream.ts';

/** The back-off is longer than a poll here, so that a poll can be seen while waiting to reconnect. */
export const TEST_RECONNECT_DELAY_MS = 15_000;

// happy-dom rejects an animation's `finished` promise on cancel, which Fluent's motion never awaits.
const animate = Element.prototype.animate;
Element.prototype.animate = function (this: Element, ...args: Parameters<typeof animate>) {
  const animation = animate.apply(this, args);
  animation.finished?.catch(() => {});
  return animation;
};

export interface DashboardHarness {
  api: FakeApi;
  stream: FakeStream;
  clock: SimulatedClock;
  /** Runs the statecharts' timers that are due `ms` from now. */
  advance(ms: number): Promise<void>;
  /** Runs exactly the pending timer of this delay (the next one due). */
  fireTimer(delay: number): Promise<void>;
}

export interface HarnessOptions {
  api?: FakeApi;
  preferences?: Preferences;
  /** The language and clock the page starts in; English by default. */
  language?: LanguageSettings;
  incidentActors?: { acknowledge?: AnyActorLogic; resolve?: AnyActorLogic };
  testAlertActors?: { sendPanicAlert?: AnyActorLogic };
  /** The session with its requests swapped; by default the real one asks the fake API (sign-in off). */
  sessionLogic?: typeof sessionMachine;
  signInError?: string;
  /** What to wait for after the first render: the dashboard (default) or nothing (a sign-in page, say). */
  waitFor?: 'dashboard' | 'nothing';
}

export async function renderDashboard(options: HarnessOptions = {}): Promise<DashboardHarness> {
  const api = options.api ?? new FakeApi();
  const stream = new FakeStream();
  const clock = new SimulatedClock();
  vi.stubGlobal('fetch', api.fetch);
  const logic = dashboardMachine.provide({
    actors: {
      connection: connectionMachine.provide({
        actors: { eventStream: stream.logic },
        delays: { reconnectDelay: TEST_RECONNECT_DELAY_MS },
      }),
      incident: incidentMachine.provide({ actors: { ...options.incidentActors } as never }),
      testAlert: testAlertMachine.provide({ actors: { ...options.testAlertActors } as never }),
    },
  });
  render(
    <App
      preferences={options.preferences ?? readPreferences(localStorage)}
      language={options.language}
      logic={logic}
      sessionLogic={options.sessionLogic}
      signInError={options.signInError}
      clock={clock}
    />,
  );
  if (options.waitFor !== 'nothing') await screen.findByRole('heading', { name: 'Panic Alerts Dashboard' });
  await settle();
  const advance = async (ms: number) => {
    await act(async () => clock.increment(ms));
    await settle();
  };
  const fireTimer = async (delay: number) => {
    const { timeouts } = clock as unknown as { timeouts: Map<number, { start: number; timeout: number }> };
    const due = [...timeouts.values()].filter((t) => t.timeout === delay).map((t) => t.start + t.timeout);
    if (!due.length) throw new Error(`no timer of ${delay} ms is pending`);
    await act(async () => clock.set(Math.min(...due)));
    await settle();
  };
  return { api, stream, clock, advance, fireTimer };
}

/** Lets pending fetches answer and React render. */
export async function settle() {
  for (let i = 0; i < 5; i++) await act(async () => new Promise((resolve) => setTimeout(resolve, 0)));
}
