// A day of incidents (issue 12): the alerts table renders only the rows in view, with no actor per row (a
// lifecycle runs only while a write is on its way), yet the row the operator asked to see (the panic bar's Show) is rendered and highlighted wherever
// it is in the list.
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen, within } from '@testing-library/react';
import { createActor } from 'xstate';
import { afterEach, expect, it, vi } from 'vitest';
import { connectionMachine } from '../../src/machines/connectionMachine.ts';
import { dashboardMachine } from '../../src/machines/dashboard/dashboardMachine.ts';
import { readPreferences } from '../../src/domain/preferences.ts';
import { sessionMachine } from '../../src/machines/sessionMachine.ts';
import { AlertsTable } from '../../src/views/dashboard/AlertsTable.tsx';
import { DashboardActor } from '../../src/views/dashboard-actor.ts';
import { SessionActor } from '../../src/views/session-actor.ts';
import { FakeApi, incident } from './support/fake-api.ts';
import { FakeStream } from './support/fake-stream.ts';
import { InEnglish } from './support/in-english.tsx';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const COUNT = 3_000;

function renderTable(highlightedId?: string) {
  const api = new FakeApi();
  const start = Date.parse('2025-01-02T00:00:00.000Z');
  api.incidents = Array.from({ length: COUNT }, (_, i) =>
    incident({ id: `INC-${String(COUNT - i).padStart(5, '0')}`, createdAt: new Date(start - i * 1000).toISOString() }),
  );
  vi.stubGlobal('fetch', api.fetch);
  const stream = new FakeStream();
  const logic = dashboardMachine.provide({
    actors: { connection: connectionMachine.provide({ actors: { eventStream: stream.logic } }) },
  });
  let dashboard: ReturnType<typeof createActor<typeof dashboardMachine>> | undefined;
  function Spy() {
    dashboard = DashboardActor.useActorRef() as never;
    return null;
  }
  render(
    <InEnglish>
      <FluentProvider theme={webLightTheme}>
        <SessionActor.Provider logic={sessionMachine} options={{ input: {} }}>
          <DashboardActor.Provider logic={logic} options={{ input: { preferences: readPreferences(localStorage) } }}>
            <Spy />
            <AlertsTable highlightedId={highlightedId} />
          </DashboardActor.Provider>
        </SessionActor.Provider>
      </FluentProvider>
    </InEnglish>,
  );
  return {
    writes: () => Object.keys(dashboard!.getSnapshot().children).filter((id) => id.startsWith('write:')).length,
  };
}

// Found by its id's text: a query by role weighs every rendered row's name and visibility on each try, which
// took more than the 15 s it may wait on a loaded machine (the text, under 2 s).
const shownRow = (id: string) => screen.findByText(id, {}, { timeout: 45_000 });
const bodyRows = () =>
  within(screen.getByRole('table', { name: 'Alerts' }))
    .getAllByRole('row')
    .slice(1);

it(`renders a few rows of ${COUNT}, with no actor per row, and select-all still takes every row`, async () => {
  const table = renderTable();
  await shownRow('INC-03000');
  expect(bodyRows().length).toBeGreaterThan(10);
  expect(bodyRows().length).toBeLessThan(100);
  expect(table.writes()).toBe(0);
  expect(screen.queryByText('INC-00001')).toBeNull();
  expect(within(bodyRows()[0]!).getByRole('button', { name: 'Acknowledge' }).hasAttribute('disabled')).toBe(false);
  screen.getByRole('checkbox', { name: 'Select all' }).click();
  expect(await screen.findByText(new RegExp(`${COUNT} selected`))).toBeTruthy();
});

// 3,000 rows in happy-dom: under a second alone, many times that beside the browser suite.
it('renders and highlights the shown incident far down the list', { timeout: 60_000 }, async () => {
  const scrollBy = vi.fn();
  vi.stubGlobal('scrollBy', scrollBy);
  renderTable('INC-00100');
  const row = (await shownRow('INC-00100')).closest('tr')!;
  expect(row.getAttribute('data-highlighted')).toBe('true');
  expect(scrollBy).toHaveBeenCalled();
  expect(screen.queryByText('INC-03000')).toBeNull();
});
