// A render error must not leave the control room on a blank page: the views start again and say so, and
// only an error that keeps coming back stops them, with a way to reload.
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAX_RESTARTS, RecoveringBoundary, RESTART_WINDOW_MS } from '../../src/views/RecoveringBoundary.tsx';
import { InEnglish } from './support/in-english.tsx';

/** Views that fail to render once their state goes bad (the Break button); a fresh start is good again. */
function Views() {
  const [broken, setBroken] = useState(false);
  if (broken) throw new Error('Cannot read the incident list');
  return (
    <>
      <p>Alerts table</p>
      <button onClick={() => setBroken(true)}>Break</button>
    </>
  );
}

function AlwaysFailing(): never {
  throw new Error('The dashboard cannot render');
}

const notice = () => screen.queryByText('The console hit an error and started again');
const stopped = () => screen.queryByText('The console stopped after repeated errors');

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('the console after a render error', () => {
  it('starts the views again, says what happened, and the notice can be dismissed', async () => {
    render(
      <InEnglish>
        <RecoveringBoundary>
          <Views />
        </RecoveringBoundary>
      </InEnglish>,
    );
    expect(notice()).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Break' }));
    expect(await screen.findByText('Alerts table')).toBeTruthy();
    expect(notice()).toBeTruthy();
    expect(screen.getByText('Cannot read the incident list')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(notice()).toBeNull();
    expect(screen.getByText('Alerts table')).toBeTruthy();
  });

  it(`keeps starting again while the errors are more than ${RESTART_WINDOW_MS / 1000} s apart`, async () => {
    let clock = 0;
    render(
      <InEnglish>
        <RecoveringBoundary now={() => (clock += RESTART_WINDOW_MS + 1)}>
          <Views />
        </RecoveringBoundary>
      </InEnglish>,
    );
    for (let error = 0; error < MAX_RESTARTS + 2; error++) {
      await userEvent.click(screen.getByRole('button', { name: 'Break' }));
      expect(await screen.findByText('Alerts table')).toBeTruthy();
    }
    expect(notice()).toBeTruthy();
    expect(stopped()).toBeNull();
  });

  it(`stops after more than ${MAX_RESTARTS} errors within the window, naming the error; Reload reloads`, async () => {
    const reload = vi.fn();
    render(
      <InEnglish>
        <RecoveringBoundary now={() => 1_000} reload={reload}>
          <AlwaysFailing />
        </RecoveringBoundary>
      </InEnglish>,
    );
    expect(await screen.findByText('The console stopped after repeated errors')).toBeTruthy();
    expect(screen.getByText('The dashboard cannot render')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
