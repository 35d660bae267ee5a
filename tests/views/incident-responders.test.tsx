// The drawer's Responders section (issue 34): the nearest units with distance, bearing, estimate and a number
// to call; an operator dispatches one (picked or typed) and records its next steps; the facts show the times.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Incident } from '../../src/api/entities.ts';
import type { Dispatch, NearbyUnit } from '../../src/api/responders.ts';
import { FakeApi, incident } from './support/fake-api.ts';
import { installFakeEventSource } from './support/fake-event-source.ts';
import { factValue, timelineSentences } from './support/incident-details-harness.tsx';
import { renderDashboard, settle } from './support/render-dashboard.tsx';
import { signedInAs, userWith } from './support/session-api.ts';

vi.mock('../../src/map/MapPanel.tsx', () => import('./support/map-stand-in.tsx'));

const INC = incident({ id: 'INC-1', regionId: 'guwahati', touristId: 't-1' });
const unit = (id: string, name: string, fields: Partial<NearbyUnit>): NearbyUnit => ({
  id,
  regionId: 'guwahati',
  name,
  kind: 'ambulance',
  phone: '108',
  position: [26.15, 91.74],
  available: true,
  demo: true,
  updatedAt: '2025-01-01T00:00:00.000Z',
  distanceM: 1000,
  bearingDeg: 0,
  compass: 'N',
  estimateS: 90,
  ...fields,
});
const NEAREST = [
  unit('u-amb', 'Ambulance 108 Guwahati-1', { distanceM: 850, bearingDeg: 45, compass: 'NE', estimateS: 77 }),
  unit('u-pol', 'Paltan Bazaar police station', {
    kind: 'police_station',
    phone: '100',
    distanceM: 4300,
    bearingDeg: 10,
    compass: 'N',
    estimateS: 387,
  }),
  unit('u-shut', 'Closed clinic', {
    kind: 'hospital',
    available: false,
    distanceM: 300,
    bearingDeg: 180,
    compass: 'S',
    estimateS: 27,
  }),
];
const DISPATCHED: Dispatch = {
  id: 'dsp-1',
  incidentId: 'INC-1',
  unitId: 'u-amb',
  unitName: 'Ambulance 108 Guwahati-1',
  unitKind: 'ambulance',
  state: 'dispatched',
  dispatchedAt: '2025-01-02T03:06:05.000Z',
  dispatchedBy: 'dana',
  onSceneAt: null,
  closedAt: null,
  closedBy: null,
};

function backend(): { api: FakeApi; posted: Record<string, unknown[]> } {
  const api = signedInAs(new FakeApi(), userWith('operator', 'dana'));
  api.incidents = [INC];
  api.data['/regions'] = {
    regions: [{ id: 'guwahati', name: 'Guwahati', center: [26.14, 91.73], timeZone: 'Asia/Kolkata', contacts: [] }],
  };
  api.data['/incidents/INC-1/timeline'] = { entries: [{ at: INC.createdAt, actor: 't-1', action: 'raised' }] };
  let dispatches: Dispatch[] = [];
  const posted: Record<string, unknown[]> = { dispatch: [], step: [] };
  api.routes.set('/incidents/INC-1/nearest-units', () => ({ body: { ok: true, nearest: NEAREST, dispatches } }));
  api.routes.set('/incidents/dispatches#post', (_q, body) => {
    posted.dispatch!.push(body);
    dispatches = [DISPATCHED];
    const updated: Incident = { ...INC, dispatchedAt: DISPATCHED.dispatchedAt };
    return {
      body: {
        ok: true,
        dispatch: DISPATCHED,
        incident: updated,
        entry: { at: DISPATCHED.dispatchedAt, actor: 'dana', action: 'dispatched', unit: DISPATCHED.unitName },
      },
    };
  });
  api.routes.set('/incidents/dispatches/dsp-1/status#post', (_q, body) => {
    posted.step!.push(body);
    if ((body as { status: string }).status === 'handed_over') {
      return {
        status: 409,
        body: {
          ok: false,
          error: 'Ambulance 108 Guwahati-1 is dispatched: it can be marked on scene or stood down, not handed over.',
        },
      };
    }
    const onScene = { ...DISPATCHED, state: 'on_scene' as const, onSceneAt: '2025-01-02T03:12:35.000Z' };
    dispatches = [onScene];
    return {
      body: {
        ok: true,
        dispatch: onScene,
        incident: { ...INC, dispatchedAt: DISPATCHED.dispatchedAt, onSceneAt: onScene.onSceneAt },
        entry: { at: onScene.onSceneAt, actor: 'dana', action: 'on_scene', unit: onScene.unitName },
      },
    };
  });
  return { api, posted };
}

async function openDrawer() {
  const row = await screen.findByRole('row', { name: /INC-1/ });
  await userEvent.click(within(row).getAllByRole('cell')[1]!);
  const drawer = await screen.findByRole('dialog', { name: 'Incident INC-1' });
  await waitFor(() => expect(timelineSentences()).toContain('t-1 raised it'));
  return within(drawer).findByRole('region', { name: 'Responders' });
}

// As in watch-pause.test.tsx: Fluent's focus manager can keep the page or the open dialog aria-hidden for a
// moment under happy-dom, so the dialog's queries look past it (`hidden: true`) and it is found by its label.
const dispatchDialogNow = () =>
  screen
    .queryAllByRole('dialog', { hidden: true })
    .find((dialog) => dialog.getAttribute('aria-label') === 'Dispatch a unit');
const dispatchDialog = () =>
  waitFor(
    () => {
      const dialog = dispatchDialogNow();
      expect(dialog, 'the Dispatch a unit dialog').toBeTruthy();
      return dialog!;
    },
    { timeout: 5000 },
  );
const hidden = { hidden: true };

installFakeEventSource();

describe("the drawer's Responders section", () => {
  it('lists the nearest units with distance, bearing, estimate and phone, the unavailable one marked after the available', async () => {
    await renderDashboard({ api: backend().api });
    const section = await openDrawer();
    const table = await within(section).findByRole('table', { name: 'Nearest units' });
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .slice(0, 6)
          .map((cell) => cell.textContent),
      );
    expect(rows).toEqual([
      ['Ambulance 108 Guwahati-1', 'Ambulance', '850 m', '45° NE', '~1 min', '108'],
      ['Paltan Bazaar police station', 'Police station', '4.3 km', '10° N', '~6 min', '100'],
      ['Closed clinic (unavailable)', 'Hospital', '300 m', '180° S', '~1 min', '108'],
    ]);
    expect(within(table).getByRole('link', { name: '100' }).getAttribute('href')).toBe('tel:100');
  });

  it('dispatches a typed unit, then the nearest with a note; records on scene; the facts show the times', async () => {
    const { api, posted } = backend();
    await renderDashboard({ api });
    const section = await openDrawer();
    const user = userEvent.setup();

    await user.click(await within(section).findByRole('button', { name: 'Dispatch a unit…' }));
    let dialog = await dispatchDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Another unit (type its name)', ...hidden }));
    await user.click(within(dialog).getByRole('button', { name: 'Dispatch', ...hidden }));
    expect(within(dialog).getByText('Type the name of the unit to dispatch, or pick one of the nearest.')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel', ...hidden }));
    await waitFor(() => expect(dispatchDialogNow()).toBeUndefined());

    await user.click(within(section).getByRole('button', { name: 'Dispatch Ambulance 108 Guwahati-1', ...hidden }));
    dialog = await dispatchDialog();
    expect(
      (within(dialog).getByRole('radio', { name: /^Ambulance 108 Guwahati-1/, ...hidden }) as HTMLInputElement).checked,
    ).toBe(true);
    await user.type(within(dialog).getByLabelText('Note (optional)'), 'Tourist fell near the ghat');
    await user.click(within(dialog).getByRole('button', { name: 'Dispatch', ...hidden }));
    await settle();
    expect(posted.dispatch).toEqual([{ id: 'INC-1', unitId: 'u-amb', note: 'Tourist fell near the ghat' }]);
    const record = await within(section).findByRole('listitem', {
      name: 'Dispatch of Ambulance 108 Guwahati-1',
      ...hidden,
    });
    expect(record.textContent).toMatch(/^Ambulance 108 Guwahati-1: Dispatched/);
    await waitFor(() => expect(factValue('Time to dispatch')).toBe('2 min 00 s'));
    await waitFor(() => expect(factValue('Time to scene')).toBe('—'));

    await user.click(within(record).getByRole('button', { name: 'On scene', ...hidden }));
    await settle();
    expect(posted.step).toEqual([{ status: 'on_scene' }]);
    const arrived = await within(section).findByRole('listitem', {
      name: 'Dispatch of Ambulance 108 Guwahati-1',
      ...hidden,
    });
    await waitFor(() => expect(arrived.textContent).toMatch(/^Ambulance 108 Guwahati-1: On scene/));
    await waitFor(() => expect(factValue('Time to scene')).toBe('8 min 30 s'));
    expect(within(arrived).getByRole('button', { name: 'Handed over', ...hidden })).toBeTruthy();
    expect(within(arrived).queryByRole('button', { name: 'On scene', ...hidden })).toBeNull();
  });

  it("shows the server's sentence for a refused step", async () => {
    const { api, posted } = backend();
    api.routes.set('/incidents/INC-1/nearest-units', () => ({
      body: {
        ok: true,
        nearest: NEAREST,
        dispatches: [{ ...DISPATCHED, state: 'on_scene', onSceneAt: '2025-01-02T03:12:35.000Z' }],
      },
    }));
    await renderDashboard({ api });
    const section = await openDrawer();
    const record = await within(section).findByRole('listitem', {
      name: 'Dispatch of Ambulance 108 Guwahati-1',
      ...hidden,
    });
    await userEvent.type(
      within(record).getByRole('textbox', { name: 'Note for Ambulance 108 Guwahati-1' }),
      'At the hospital',
    );
    await userEvent.click(within(record).getByRole('button', { name: 'Handed over' }));
    await settle();
    expect(posted.step).toEqual([{ status: 'handed_over', note: 'At the hospital' }]);
    expect(
      await within(section).findByText(
        'Ambulance 108 Guwahati-1 is dispatched: it can be marked on scene or stood down, not handed over.',
      ),
    ).toBeTruthy();
  });

  it('lets a viewer read the nearest units without Dispatch buttons', async () => {
    const { api } = backend();
    signedInAs(api, userWith('viewer', 'vic'));
    await renderDashboard({ api });
    const section = await openDrawer();
    await within(section).findByRole('table', { name: 'Nearest units' });
    expect(within(section).queryByRole('button', { name: /Dispatch/ })).toBeNull();
  });
});
