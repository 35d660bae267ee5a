// What one stream message does to the dashboard's data, without a machine around it.
import { describe, expect, it } from 'vitest';
import type { Alert, GeofenceAlert, GpsPing, Region } from '../../src/api/entities.ts';
import { applyStreamMessage, MAX_REMEMBERED_ALERTS } from '../../src/domain/stream-messages.ts';
import { incident } from '../views/support/fake-api.ts';

const empty = {
  pings: [],
  history: {},
  alertIds: {},
  incidents: [],
  tableIds: new Set<string>(),
  heardSinceLoad: [],
  regionId: 'all',
  windowMinutes: 0,
  regions: [] as Region[],
};

const ping = (touristId: string, latitude = 25.5, at = '2025-01-02T03:04:05.000Z'): GpsPing => ({
  touristId,
  deviceId: null,
  latitude,
  longitude: 91.8,
  at,
});

const alert = (n: number): Alert => ({
  id: `A${n}`,
  incidentId: `I${n}`,
  latitude: 25.5,
  longitude: 91.8,
  at: '2025-01-02T03:04:05.000Z',
  regionId: 'shillong',
});

describe('a gps message', () => {
  it('puts the ping first, replacing the older one of the same key, and extends its trail', () => {
    const context = {
      ...empty,
      pings: [ping('T1'), ping('T2')],
      history: { T2: [{ latitude: 1, longitude: 2, at: 'a' }] },
    };
    const outcome = applyStreamMessage(context, { type: 'gps', ping: ping('T2', 26, 'b') });
    expect(outcome.changes.pings).toEqual([ping('T2', 26, 'b'), ping('T1')]);
    expect(outcome.changes.history).toEqual({
      T2: [
        { latitude: 1, longitude: 2, at: 'a' },
        { latitude: 26, longitude: 91.8, at: 'b' },
      ],
    });
    expect(outcome.incidentsChanged).toBe(false);
  });

  it('keeps at most 50 pings', () => {
    let context = { ...empty } as Parameters<typeof applyStreamMessage>[0];
    for (let i = 0; i < 60; i++)
      context = { ...context, ...applyStreamMessage(context, { type: 'gps', ping: ping(`K${i}`) }).changes };
    expect(context.pings).toHaveLength(50);
    expect(context.pings[0]!.touristId).toBe('K59');
  });

  it('leaves the given context as it was', () => {
    const context = { ...empty, pings: [ping('T1')] };
    applyStreamMessage(context, { type: 'gps', ping: ping('T9') });
    expect(context.pings).toEqual([ping('T1')]);
  });
});

describe('an incident update', () => {
  it('of an incident the table neither holds nor would load is kept as a record (the panic bar reads every region), not put in the table', () => {
    const reported = incident({ id: 'I1', status: 'acknowledged' });
    const outcome = applyStreamMessage(
      { ...empty, regionId: 'shillong' },
      { type: 'incident_update', incident: reported },
    );
    expect(outcome).toEqual({ changes: { incidents: [reported] }, incidentsChanged: true });
  });

  it('moves the status of the record the table holds forward, even out of the table scope now', () => {
    const held = incident({ id: 'I1', regionId: 'guwahati' });
    const acknowledged = { ...held, status: 'acknowledged' as const };
    const outcome = applyStreamMessage(
      { ...empty, regionId: 'shillong', incidents: [held] },
      { type: 'incident_update', incident: acknowledged },
    );
    expect(outcome.changes.incidents).toEqual([acknowledged]);
  });

  it('never moves a known status back', () => {
    const resolved = incident({ id: 'I1', status: 'resolved' });
    const outcome = applyStreamMessage(
      { ...empty, incidents: [resolved] },
      { type: 'incident_update', incident: incident({ id: 'I1', status: 'open' }) },
    );
    expect(outcome.changes.incidents).toEqual([resolved]);
  });
});

describe('an incident update the table shows', () => {
  const NOW = Date.parse('2025-01-02T03:10:00.000Z');
  const older = incident({ id: 'I0', createdAt: '2025-01-02T03:00:00.000Z' });

  it('puts a new incident in the table at once, newest first, and remembers it for the reload', () => {
    const fresh = incident({ id: 'I1', createdAt: '2025-01-02T03:09:00.000Z' });
    const { changes, incidentsChanged } = applyStreamMessage(
      { ...empty, incidents: [older] },
      { type: 'incident_update', incident: fresh },
      NOW,
    );
    expect(changes.incidents).toEqual([fresh, older]);
    expect(changes.tableIds).toEqual(new Set(['I1']));
    expect(changes.heardSinceLoad).toEqual(['I1']);
    expect(incidentsChanged).toBe(true);
  });

  it('replaces the row of an incident already shown', () => {
    const assigned = { ...older, assignee: 'omar' };
    const { changes } = applyStreamMessage(
      { ...empty, incidents: [older] },
      { type: 'incident_update', incident: assigned },
      NOW,
    );
    expect(changes.incidents).toEqual([assigned]);
  });

  it('leaves out of the table an incident of another region', () => {
    const elsewhere = incident({ id: 'I1', regionId: 'guwahati' });
    const { changes } = applyStreamMessage(
      { ...empty, regionId: 'shillong' },
      { type: 'incident_update', incident: elsewhere },
      NOW,
    );
    expect(changes.incidents).toEqual([elsewhere]);
    expect(changes.tableIds).toBeUndefined();
    expect(changes.heardSinceLoad).toBeUndefined();
  });

  it('leaves out a resolved incident older than the time window, but keeps an open panic whatever its age', () => {
    const window = { ...empty, windowMinutes: 5 };
    const resolved = incident({ id: 'I1', status: 'resolved', createdAt: '2025-01-02T03:00:00.000Z' });
    expect(
      applyStreamMessage(window, { type: 'incident_update', incident: resolved }, NOW).changes.tableIds,
    ).toBeUndefined();
    const open = incident({ id: 'I2', createdAt: '2025-01-02T03:00:00.000Z' });
    expect(applyStreamMessage(window, { type: 'incident_update', incident: open }, NOW).changes.tableIds).toEqual(
      new Set(['I2']),
    );
  });
});

describe('alerts', () => {
  it('remember the alert id of each incident and ask for a reload', () => {
    const outcome = applyStreamMessage({ ...empty, alertIds: { I0: 'A0' } }, { type: 'alert', alert: alert(1) });
    expect(outcome).toEqual({ changes: { alertIds: { I0: 'A0', I1: 'A1' } }, incidentsChanged: true });
  });

  it('from a snapshot are remembered too, the oldest forgotten beyond the limit', () => {
    const alerts = Array.from({ length: MAX_REMEMBERED_ALERTS + 5 }, (_, i) => alert(i));
    const { changes, incidentsChanged } = applyStreamMessage(empty, { type: 'snapshot', alerts });
    const remembered = Object.keys(changes.alertIds!);
    expect(remembered).toHaveLength(MAX_REMEMBERED_ALERTS);
    expect(remembered[0]).toBe('I5');
    expect(changes.alertIds![`I${MAX_REMEMBERED_ALERTS + 4}`]).toBe(`A${MAX_REMEMBERED_ALERTS + 4}`);
    expect(incidentsChanged).toBe(true);
  });
});

it('a geofence alert changes nothing the dashboard shows', () => {
  const geofenceAlert: GeofenceAlert = {
    id: 'G1',
    action: 'enter',
    geofenceId: 'z1',
    riskLevel: 'red',
    regionId: 'shillong',
    touristId: 'T1',
    deviceId: null,
    latitude: 25.5,
    longitude: 91.8,
    at: '2025-01-02T03:04:05.000Z',
  };
  expect(applyStreamMessage(empty, { type: 'geofence_alert', alert: geofenceAlert })).toEqual({
    changes: {},
    incidentsChanged: false,
  });
});

describe('a region update (issue 31)', () => {
  const region = (id: string, phone: string): Region => ({
    id,
    name: id,
    center: [25.5, 91.8],
    timeZone: 'Asia/Kolkata',
    contacts: [{ label: 'Police', phone, kind: 'police' }],
    homeView: { center: [25.5, 91.8], zoom: 12 },
    boundary: null,
    updatedAt: '2025-01-02T03:04:05.000Z',
  });

  it('replaces the region the dashboard holds, or adds a new one in id order, and reloads no incident', () => {
    const context = { ...empty, regions: [region('default', '112'), region('shillong', '100')] };
    const edited = applyStreamMessage(context, { type: 'region_update', region: region('shillong', '1800-599-2026') });
    expect(edited).toEqual({
      changes: { regions: [region('default', '112'), region('shillong', '1800-599-2026')] },
      incidentsChanged: false,
    });
    const added = applyStreamMessage(context, { type: 'region_update', region: region('assam', '181') });
    expect(added.changes.regions!.map((known) => known.id)).toEqual(['assam', 'default', 'shillong']);
  });
});
