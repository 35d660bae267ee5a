// The open panics the bar names, the title counts and the alarm rings for: derived from the page's one
// record of each incident, merged by the lifecycle's rule with loads whose answers may be older than the stream.
import { describe, expect, it } from 'vitest';
import type { Incident } from '../../src/api/entities.ts';
import { mergeEveryRegionLoad, mergeIncident, mergeLoad, tableIncidentsOf } from '../../src/domain/incident-records.ts';
import { arrivedPanics, countsOf, openPanicsOf } from '../../src/domain/open-panics.ts';

function panic(id: string, createdAt: string, changes: Partial<Incident> = {}): Incident {
  return {
    id,
    type: 'panic',
    severity: 'high',
    status: 'open',
    latitude: 25.57,
    longitude: 91.89,
    createdAt,
    acknowledgedAt: null,
    resolvedAt: null,
    regionId: 'shillong',
    touristId: null,
    deviceId: null,
    meta: { source: 'app' },
    escalatedAt: null,
    ...changes,
  };
}

const ids = (panics: readonly { id: string }[]) => panics.map((p) => p.id);
const streamed = (records: Incident[], incident: Incident) => mergeIncident(records, incident, { insert: true });

describe('open panics', () => {
  it('are the open, unacknowledged panics of any region, newest first by receive time', () => {
    const records = [
      panic('a', '2026-11-23T10:00:00Z'),
      panic('b', '2026-11-23T10:01:00Z', { regionId: '' }),
      panic('acked', '2026-11-23T10:02:00Z', { acknowledgedAt: '2026-11-23T10:03:00Z' }),
      panic('resolved', '2026-11-23T10:02:00Z', { status: 'resolved' }),
      panic('zone', '2026-11-23T10:02:00Z', { type: 'geofence' }),
    ];
    const open = openPanicsOf(records);
    expect(ids(open)).toEqual(['b', 'a']);
    expect(open[0]!.regionId).toBe('default');
  });

  it('are the same array while the open panics are the same records: the bar does not redraw for other incidents', () => {
    const records = [panic('a', '2026-11-23T10:00:00Z')];
    const open = openPanicsOf(records);
    expect(openPanicsOf(records)).toBe(open);
    const withZone = streamed(records, panic('zone', '2026-11-23T10:05:00Z', { type: 'geofence' }));
    expect(openPanicsOf(withZone)).toBe(open);
  });

  it('a panic open for the first time has arrived; one already open has not', () => {
    const before = openPanicsOf([panic('a', '2026-11-23T10:00:00Z')]);
    const after = openPanicsOf([panic('a', '2026-11-23T10:00:00Z'), panic('b', '2026-11-23T10:01:00Z')]);
    expect(ids(arrivedPanics(before, after))).toEqual(['b']);
    expect(arrivedPanics(after, after)).toEqual([]);
  });

  it('an escalation counts as escalated and keeps its place', () => {
    const records = [panic('a', '2026-11-23T10:01:00Z'), panic('b', '2026-11-23T10:00:00Z')];
    const escalated = streamed(records, panic('b', '2026-11-23T10:00:00Z', { escalatedAt: '2026-11-23T10:02:00Z' }));
    expect(ids(openPanicsOf(escalated))).toEqual(['a', 'b']);
    expect(countsOf(openPanicsOf(escalated))).toEqual({ open: 2, escalated: 1 });
  });

  it('an acknowledged panic leaves, and an older load of every region does not bring it back', () => {
    const heard = streamed([], panic('a', '2026-11-23T10:00:00Z'));
    const acknowledged = streamed(
      heard,
      panic('a', '2026-11-23T10:00:00Z', { status: 'acknowledged', acknowledgedAt: '2026-11-23T10:00:30Z' }),
    );
    expect(openPanicsOf(acknowledged)).toEqual([]);
    const staleLoad = mergeEveryRegionLoad(acknowledged, [panic('a', '2026-11-23T10:00:00Z')], [], new Set());
    expect(openPanicsOf(staleLoad)).toEqual([]);
  });

  it('a load of every region keeps what the stream said after it began and what the table shows, and adds what the stream missed', () => {
    let records = streamed([], panic('stream', '2026-11-23T10:05:00Z'));
    records = streamed(records, panic('gone', '2026-11-23T10:01:00Z'));
    records = streamed(records, panic('shown', '2026-11-23T10:00:00Z'));
    const loaded = mergeEveryRegionLoad(
      records,
      [panic('missed', '2026-11-23T10:03:00Z')],
      ['stream'],
      new Set(['shown']),
    );
    // `gone` was not in the load, not heard since and not in the table: the server no longer lists it.
    expect(ids(openPanicsOf(loaded))).toEqual(['stream', 'missed', 'shown']);
    expect(ids(arrivedPanics(openPanicsOf(records), openPanicsOf(loaded)))).toEqual(['missed']);
  });
});

describe('the table among the records', () => {
  it("shows what its load answered, while other regions' records stay for the bar", () => {
    const elsewhere = panic('elsewhere', '2026-11-23T10:09:00Z', { regionId: 'guwahati' });
    const { incidents, tableIds } = mergeLoad([elsewhere], [panic('here', '2026-11-23T10:00:00Z')], []);
    expect(ids(tableIncidentsOf({ incidents, tableIds }))).toEqual(['here']);
    expect(ids(openPanicsOf(incidents))).toEqual(['elsewhere', 'here']);
  });

  it("is the same array when only another region's record changes: the table and the map do not redraw", () => {
    const { incidents, tableIds } = mergeLoad(
      [panic('elsewhere', '2026-11-23T10:09:00Z', { regionId: 'guwahati' })],
      [panic('here', '2026-11-23T10:00:00Z')],
      [],
    );
    const rows = tableIncidentsOf({ incidents, tableIds });
    const acknowledged = streamed(
      incidents,
      panic('elsewhere', '2026-11-23T10:09:00Z', { regionId: 'guwahati', status: 'acknowledged' }),
    );
    expect(acknowledged).not.toBe(incidents);
    expect(tableIncidentsOf({ incidents: acknowledged, tableIds })).toBe(rows);
  });
});
