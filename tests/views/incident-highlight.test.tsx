// The row of the incident the operator asked to see (the panic bar's Show) is marked: AlertsTable's
// `highlightedId` reaches its row as `data-highlighted`; no other row is marked.
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { dashboardMachine } from '../../src/machines/dashboard/dashboardMachine.ts';
import { readPreferences } from '../../src/domain/preferences.ts';
import { sessionMachine } from '../../src/machines/sessionMachine.ts';
import { AlertsTable } from '../../src/views/dashboard/AlertsTable.tsx';
import { DashboardActor } from '../../src/views/dashboard-actor.ts';
import { SessionActor } from '../../src/views/session-actor.ts';
import { FakeApi, incident } from './support/fake-api.ts';
import { FakeStream } from './support/fake-stream.ts';
import { InEnglish } from './support/in-english.tsx';
import { connectionMachine } from '../../src/machines/connectionMachine.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

it("marks only the highlighted incident's row", async () => {
  const api = new FakeApi();
  api.incidents = [incident({ id: 'INC-1' }), incident({ id: 'INC-2' })];
  vi.stubGlobal('fetch', api.fetch);
  const stream = new FakeStream();
  const logic = dashboardMachine.provide({
    actors: { connection: connectionMachine.provide({ actors: { eventStream: stream.logic } }) },
  });
  render(
    <InEnglish>
      <FluentProvider theme={webLightTheme}>
        <SessionActor.Provider logic={sessionMachine} options={{ input: {} }}>
          <DashboardActor.Provider logic={logic} options={{ input: { preferences: readPreferences(localStorage) } }}>
            <AlertsTable highlightedId="INC-2" />
          </DashboardActor.Provider>
        </SessionActor.Provider>
      </FluentProvider>
    </InEnglish>,
  );
  const highlighted = await screen.findByRole('row', { name: /INC-2/ });
  expect(highlighted.getAttribute('data-highlighted')).toBe('true');
  expect(screen.getByRole('row', { name: /INC-1/ }).getAttribute('data-highlighted')).toBeNull();
});
