// The open panics the bar names, the title counts and the alarm rings for: merging the stream's messages
// with loads whose answers may be older than what the stream already said.
import { describe, expect, it } from 'vitest';
import type { Alert, Incident } from '../../src/api/entities.ts';
import { applyLoadedIncidents, applyPanicMessage, closePanic, countsOf, type OpenPanics } from '../../src/domain/open-panics.ts';

const EMPTY: OpenPanics = { panics: [], closed: {} };

function panic(id: string, createdAt: string, changes: Partial<Incident> = {}): Incident {
  return {
    id, type: 'panic', severity: 'high', status: 'open', latitude: 25.57, longitude: 91.89, createdAt,
    acknowledgedAt: null, resolvedAt: null, regionId: 'shillong', touristId: null, deviceId: null,
    meta: { source: 'app' }, escalatedAt: null, ...changes,
  };
}

const alertOf = (incident: Incident): Alert => ({
  id: `alert-${incident.id}`, incidentId: incident.id, latitude: incident.latitude, longitude: incident.longitude,
  at: incident.createdAt, regionId: incident.regionId,
});

const ids = (state: OpenPanics) => state.panics.map((p) => p.id);

describe('open panics', () => {
  it('a streamed alert is new once, in any region, newest first', () => {
    const first = applyPanicMessage(EMPTY, { type: 'alert', alert: alertOf(panic('a', '2026-11-23T10:00:00Z')) });
    expect(first.arrived.map((p) => p.id)).toEqual(['a']);
    const second = applyPanicMessage(first, { type: 'alert', alert: alertOf(panic('b', '2026-11-23T10:01:00Z', { regionId: '' })) });
    expect(ids(second)).toEqual(['b', 'a']);
    expect(second.panics[0]!.regionId).toBe('default');
    expect(applyPanicMessage(second, { type: 'alert', alert: alertOf(panic('b', '2026-11-23T10:01:00Z')) }).arrived).toEqual([]);
  });

  it('an escalation keeps the receive time the alert gave and counts as escalated', () => {
    const heard = applyPanicMessage(EMPTY, { type: 'alert', alert: alertOf(panic('a', '2026-11-23T10:00:00Z')) });
    const escalated = applyPanicMessage(heard, {
      type: 'incident_update',
      incident: panic('a', '2026-11-23T09:59:59Z', { escalatedAt: '2026-11-23T10:02:00Z' }),
    });
    expect(escalated.panics[0]!.createdAt).toBe('2026-11-23T10:00:00Z');
    expect(escalated.arrived).toEqual([]);
    expect(countsOf(escalated.panics)).toEqual({ open: 1, escalated: 1 });
  });

  it('an acknowledged or resolved panic leaves, and an older load does not bring it back', () => {
    const heard = applyPanicMessage(EMPTY, { type: 'alert', alert: alertOf(panic('a', '2026-11-23T10:00:00Z')) });
    const acknowledged = applyPanicMessage(heard, {
      type: 'incident_update',
      incident: panic('a', '2026-11-23T10:00:00Z', { status: 'acknowledged', acknowledgedAt: '2026-11-23T10:00:30Z' }),
    });
    expect(ids(acknowledged)).toEqual([]);
    const staleLoad = applyLoadedIncidents(acknowledged, [panic('a', '2026-11-23T10:00:00Z')], []);
    expect(ids(staleLoad)).toEqual([]);
    expect(ids(closePanic(heard, 'a'))).toEqual([]);
  });

  it('a load replaces the list but keeps what the stream said after it began, and names what it adds as new', () => {
    const heard = applyPanicMessage(EMPTY, { type: 'alert', alert: alertOf(panic('stream', '2026-11-23T10:05:00Z')) });
    const gone = applyPanicMessage(heard, { type: 'alert', alert: alertOf(panic('gone', '2026-11-23T10:01:00Z')) });
    const loaded = applyLoadedIncidents(gone, [panic('missed', '2026-11-23T10:03:00Z'), panic('other', '2026-11-23T10:02:00Z', { type: 'geofence' })], ['stream']);
    // `gone` was not in the load and not heard since: someone closed it while the stream was down.
    expect(ids(loaded)).toEqual(['stream', 'missed']);
    expect(loaded.arrived.map((p) => p.id)).toEqual(['missed']);
  });
});
