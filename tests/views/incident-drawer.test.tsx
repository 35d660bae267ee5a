// The incident details drawer on the dashboard (issue 11): a row's click opens it with what is known of the
// incident, the region's numbers to call, the trail and the timeline; it follows its incident live; the
// operator writes notes, takes it, acknowledges with a reason; a viewer only reads.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Incident } from '../../src/api/entities.ts';
import type { TimelineEntry } from '../../src/api/responses.ts';
import { FakeApi, incident } from './support/fake-api.ts';
import { FakeEventSource, installFakeEventSource } from './support/fake-event-source.ts';
import { factValue, timelineSentences } from './support/incident-details-harness.tsx';
import { renderDashboard, settle } from './support/render-dashboard.tsx';
import { signedInAs, userWith } from './support/session-api.ts';
import { DEFAULT_CLOCK } from '../../src/i18n/clock.ts';
import { formatTime } from '../../src/domain/display.ts';

vi.mock('../../src/map/MapPanel.tsx', () => import('./support/map-stand-in.tsx'));

const INC = incident({
  id: 'INC-1',
  regionId: 'shillong',
  touristId: 't-1',
  deviceId: 'band-9',
  reportedAt: '2025-01-02T03:04:00.000Z',
  meta: { source: 'panic', riskLevel: 'red', geofenceId: 'gf-1' },
});
const raised: TimelineEntry = { at: INC.createdAt, actor: 't-1', action: 'raised' };
const note: TimelineEntry = { at: '2025-01-02T03:06:00.000Z', actor: 'omar', action: 'note', note: 'On my way' };

function backend(...incidents: Incident[]): FakeApi {
  const api = new FakeApi();
  api.incidents = incidents.length ? incidents : [INC];
  api.data['/regions'] = {
    regions: [
      {
        id: 'shillong',
        name: 'Shillong',
        center: [25.57, 91.89],
        timeZone: 'Asia/Kolkata',
        contacts: [{ label: 'Meghalaya Tourism', phone: '+91-364-2226220' }],
      },
    ],
  };
  api.data['/geofences'] = {
    geofences: [{ id: 'gf-1', name: 'Elephant Falls', riskLevel: 'red', regionId: 'shillong', polygon: [], meta: {} }],
  };
  api.data['/gps/history'] = {
    history: {
      't-1': [
        { latitude: 25.5, longitude: 91.8, at: '2025-01-02T03:00:00.000Z' },
        { latitude: 25.51, longitude: 91.81, at: '2025-01-02T03:03:00.000Z' },
      ],
    },
  };
  api.data['/incidents/INC-1/timeline'] = { entries: [raised] };
  return api;
}

async function openDrawer(id = 'INC-1') {
  const row = await screen.findByRole('row', { name: new RegExp(id) });
  await userEvent.click(within(row).getAllByRole('cell')[1]!);
  const drawer = await screen.findByRole('dialog', { name: `Incident ${id}` });
  await waitFor(() => expect(timelineSentences()).toContain('t-1 raised it'));
  return drawer;
}

installFakeEventSource();

describe('the incident details drawer', () => {
  it('opens from a row with the facts, the contacts to call, the trail and the timeline', async () => {
    const api = backend();
    const page = await renderDashboard({ api });
    const drawer = await openDrawer();
    expect(factValue('Status')).toBe('open');
    expect(factValue('Type')).toBe('panic');
    expect(factValue('Severity')).toBe('high');
    expect(factValue('Tourist')).toBe('t-1');
    expect(factValue('Device')).toBe('band-9');
    expect(factValue('Coordinates')).toBe('26.14450, 91.73620');
    expect(factValue('Zone')).toBe('Elephant Falls');
    expect(factValue('Reported (phone)')).toBe('2 Jan 2025, 08:34:00');
    expect(factValue('Received (server)')).toBe(formatTime(INC.createdAt, DEFAULT_CLOCK));
    const call = within(drawer).getByRole('link', { name: 'Meghalaya Tourism: +91-364-2226220' });
    expect(call.getAttribute('href')).toBe('tel:+913642226220');
    expect(within(drawer).getByRole('img', { name: 'Recent trail: 2 positions' })).toBeTruthy();
    expect(within(drawer).getByText(/^Last position 25\.51000, 91\.81000 at /)).toBeTruthy();
    expect(api.callsTo('/incidents/INC-1/timeline')).toHaveLength(1);
    // The page's one stream (a stand-in here) feeds the drawer: it opens no EventSource of its own.
    expect(FakeEventSource.open).toHaveLength(0);
    expect(page.stream.live).toBe(1);
    await userEvent.click(within(drawer).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Incident INC-1' })).toBeNull());
    expect(FakeEventSource.open).toHaveLength(0);
    expect(page.stream.live).toBe(1);
  });

  it("follows its incident live: a note and an update for it show, another incident's do not", async () => {
    const api = backend();
    const { stream } = await renderDashboard({ api });
    stream.open();
    await openDrawer();
    stream.message({ type: 'incident_note', incidentId: 'INC-2', entry: { ...note, note: 'Not this one' } });
    stream.message({ type: 'incident_note', incidentId: 'INC-1', entry: note });
    await settle();
    expect(timelineSentences()).toEqual(['t-1 raised it', 'omar added a note: On my way']);
    stream.message({
      type: 'incident_update',
      incident: { ...INC, assignee: 'omar' },
      entry: { at: '2025-01-02T03:07:00.000Z', actor: 'omar', action: 'assigned', assignee: 'omar' },
    });
    stream.message({
      type: 'incident_update',
      incident: { ...INC, id: 'INC-2' },
      entry: { at: '2025-01-02T03:08:00.000Z', actor: 'asha', action: 'escalated' },
    });
    await settle();
    expect(factValue('Assigned to')).toBe('omar');
    // The step came with the update: the timeline is not read again for it.
    expect(timelineSentences()).toEqual(['t-1 raised it', 'omar added a note: On my way', 'omar assigned it to omar']);
    expect(api.callsTo('/incidents/INC-1/timeline')).toHaveLength(1);
    // A reconnection may have missed steps: the timeline is read again.
    stream.message({ type: 'snapshot', alerts: [] });
    await settle();
    expect(api.callsTo('/incidents/INC-1/timeline')).toHaveLength(2);
  });

  it('adds a note, assigns to the signed-in operator and acknowledges with the note as its reason', async () => {
    const api = signedInAs(backend(), userWith('operator', 'dana'));
    const posted: Record<string, unknown[]> = { notes: [], assign: [], acknowledge: [] };
    api.routes.set('/incidents/notes#post', (_q, body) => {
      posted.notes!.push(body);
      return {
        body: {
          ok: true,
          entry: { at: '2025-01-02T03:07:00.000Z', actor: 'dana', action: 'note', note: 'Called back' },
        },
      };
    });
    api.routes.set(
      '/incidents/assign#post',
      (_q, body) => (posted.assign!.push(body), { body: { ok: true, incident: { ...INC, assignee: 'dana' } } }),
    );
    api.routes.set(
      '/incidents/acknowledge#post',
      (_q, body) => (
        posted.acknowledge!.push(body),
        { body: { ok: true, incident: { ...INC, status: 'acknowledged', acknowledgedBy: 'dana', assignee: 'dana' } } }
      ),
    );
    await renderDashboard({ api });
    const drawer = await openDrawer();
    const user = userEvent.setup();
    await user.type(within(drawer).getByLabelText('Note'), '  Called back  ');
    await user.click(within(drawer).getByRole('button', { name: 'Add note' }));
    await settle();
    expect(posted.notes).toEqual([{ id: 'INC-1', note: 'Called back' }]);
    expect((within(drawer).getByLabelText('Note') as HTMLTextAreaElement).value).toBe('');
    expect(timelineSentences()).toContain('dana added a note: Called back');

    await user.click(within(drawer).getByRole('button', { name: 'Assign to me' }));
    await settle();
    expect(posted.assign).toEqual([{ id: 'INC-1', assignee: 'dana' }]);
    expect(factValue('Assigned to')).toBe('dana');
    expect(within(drawer).queryByRole('button', { name: 'Assign to me' })).toBeNull();
    expect(within(drawer).getByRole('button', { name: 'Unassign' })).toBeTruthy();

    await user.type(within(drawer).getByLabelText('Note'), 'Patrol sent');
    await user.click(within(drawer).getByRole('button', { name: 'Acknowledge' }));
    await settle();
    expect(posted.acknowledge).toEqual([{ id: 'INC-1', note: 'Patrol sent' }]);
    expect(factValue('Status')).toBe('acknowledged');
    expect(factValue('Acknowledged by')).toBe('dana');
    // The row follows at once, without waiting for the stream: the page's one record of the incident.
    const row = screen.getByRole('row', { name: /INC-1/ });
    expect(within(row).getAllByRole('cell')[6]!.textContent).toBe('acknowledged · dana');
  });

  it("shows the server's sentence when a write is refused, and keeps the note", async () => {
    const api = backend();
    api.overrides.set('/incidents/notes#post', {
      status: 403,
      body: { ok: false, error: 'Your role (viewer) may not add notes: it needs operator.' },
    });
    await renderDashboard({ api });
    const drawer = await openDrawer();
    await userEvent.type(within(drawer).getByLabelText('Note'), 'Hello');
    await userEvent.click(within(drawer).getByRole('button', { name: 'Add note' }));
    await settle();
    expect(within(drawer).getByText('Your role (viewer) may not add notes: it needs operator.')).toBeTruthy();
    expect((within(drawer).getByLabelText('Note') as HTMLTextAreaElement).value).toBe('Hello');
  });

  it('with sign-in off, "Assign to me" assigns to anonymous', async () => {
    const api = backend();
    const assigned: unknown[] = [];
    api.routes.set(
      '/incidents/assign#post',
      (_q, body) => (assigned.push(body), { body: { ok: true, incident: { ...INC, assignee: 'anonymous' } } }),
    );
    await renderDashboard({ api });
    const drawer = await openDrawer();
    await userEvent.click(within(drawer).getByRole('button', { name: 'Assign to me' }));
    await settle();
    expect(assigned).toEqual([{ id: 'INC-1', assignee: 'anonymous' }]);
  });

  it('a viewer reads the drawer but is offered no note, assignment or status change', async () => {
    await renderDashboard({ api: signedInAs(backend(), userWith('viewer')) });
    const drawer = await openDrawer();
    expect(within(drawer).queryByLabelText('Note')).toBeNull();
    for (const name of ['Add note', 'Assign to me', 'Unassign', 'Acknowledge', 'Resolve']) {
      expect(within(drawer).queryByRole('button', { name }), name).toBeNull();
    }
    expect(factValue('Status')).toBe('open');
  });
});
