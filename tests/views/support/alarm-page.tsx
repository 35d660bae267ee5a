// The dashboard with the panic watch's effects at hand: the alarm's audio swapped for a recorder and a
// resume the test answers, panics arriving (alert and incident, as the server sends them) and closing on the
// fake stream, the clock simulated.
import { act, render, screen } from '@testing-library/react';
import { SimulatedClock } from 'xstate';
import { vi } from 'vitest';
import type { Incident } from '../../../src/api/entities.ts';
import { alarmMachine } from '../../../src/machines/alarmMachine.ts';
import { connectionMachine } from '../../../src/machines/connectionMachine.ts';
import { dashboardMachine } from '../../../src/machines/dashboard/dashboardMachine.ts';
import { notificationsMachine } from '../../../src/machines/notificationsMachine.ts';
import { panicWatchMachine } from '../../../src/machines/panicWatchMachine.ts';
import { readPreferences } from '../../../src/domain/preferences.ts';
import { App } from '../../../src/views/App.tsx';
import { DeferredActor } from './deferred-actor.ts';
import { FakeApi, incident } from './fake-api.ts';
import { FakeStream } from './fake-stream.ts';
import { settle } from './render-dashboard.tsx';

export interface AlarmPage {
  api: FakeApi;
  stream: FakeStream;
  /** Each tone the alarm played, with whether it was the escalated one. */
  tones: { escalated: boolean }[];
  /** The audio resumes asked for; the test answers 'running' or 'suspended' (or fails one). */
  resume: DeferredActor<unknown>;
  /** Panics the test raised, by id, with their incident as the server would send it. */
  panics: Map<string, Incident>;
  arrive(overrides?: Partial<Incident>): Incident;
  escalate(id: string): void;
  acknowledge(id: string): void;
  /** Runs exactly the pending timer of this delay. */
  fireTimer(delay: number): Promise<void>;
}

let panicNumber = 0;

export async function renderAlarmPage(options: { api?: FakeApi } = {}): Promise<AlarmPage> {
  const api = options.api ?? new FakeApi();
  const stream = new FakeStream();
  const clock = new SimulatedClock();
  const tones: { escalated: boolean }[] = [];
  const resume = new DeferredActor<unknown>();
  vi.stubGlobal('fetch', api.fetch);
  const logic = dashboardMachine.provide({
    actors: {
      connection: connectionMachine.provide({ actors: { eventStream: stream.logic } }),
      panicWatch: panicWatchMachine.provide({
        actors: {
          alarm: alarmMachine.provide({
            actors: { resumeAudio: resume.logic as never },
            actions: { playTone: (_, params) => void tones.push(params as { escalated: boolean }) },
          }),
          notifications: notificationsMachine,
        },
      }),
    },
  });
  render(<App preferences={readPreferences(localStorage)} logic={logic} clock={clock} />);
  await screen.findByRole('heading', { name: 'Panic Alerts Dashboard' });
  await settle();
  stream.open();
  await settle();

  const panics = new Map<string, Incident>();
  // As the server: the change is stored (later loads answer it), then announced.
  const update = (next: Incident) => {
    panics.set(next.id, next);
    api.incidents = api.incidents.map((known) => (known.id === next.id ? next : known));
    stream.message({ type: 'incident_update', incident: next });
  };
  return {
    api,
    stream,
    tones,
    resume,
    panics,
    arrive(overrides = {}) {
      const id = `PANIC-${++panicNumber}`;
      const raised = incident({
        id,
        regionId: 'shillong',
        latitude: 25.5788,
        longitude: 91.8933,
        createdAt: new Date().toISOString(),
        ...overrides,
      });
      panics.set(id, raised);
      api.incidents = [...api.incidents, raised];
      // As the server announces a panic: its alert, then the incident it created.
      stream.message({
        type: 'alert',
        alert: {
          id: `ALERT-${id}`,
          incidentId: id,
          latitude: raised.latitude,
          longitude: raised.longitude,
          at: raised.createdAt,
          regionId: raised.regionId,
        },
      });
      stream.message({ type: 'incident_update', incident: raised });
      return raised;
    },
    escalate(id) {
      update({ ...panics.get(id)!, escalatedAt: new Date().toISOString() });
    },
    acknowledge(id) {
      update({
        ...panics.get(id)!,
        status: 'acknowledged',
        acknowledgedAt: new Date().toISOString(),
        acknowledgedBy: 'someone',
      });
    },
    async fireTimer(delay) {
      const { timeouts } = clock as unknown as { timeouts: Map<number, { start: number; timeout: number }> };
      const due = [...timeouts.values()].filter((t) => t.timeout === delay).map((t) => t.start + t.timeout);
      if (!due.length) throw new Error(`no timer of ${delay} ms is pending`);
      await act(async () => clock.set(Math.min(...due)));
      await settle();
    },
  };
}
