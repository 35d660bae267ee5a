import { describe, expect, it } from 'vitest';
import type { Geofence } from '../../../src/api/entities.ts';
import {
  computeZoneTransitions,
  inTimeOrder,
  type KeyedPing,
  type ZoneTransitionInput,
} from '../../../server/domain/zone-transitions.ts';

const square = (id: string, riskLevel: Geofence['riskLevel'], lat: number, lng: number, size = 1): Geofence => ({
  id,
  name: id,
  riskLevel,
  regionId: `region-${id}`,
  polygon: [
    [lat, lng],
    [lat + size, lng],
    [lat + size, lng + size],
    [lat, lng + size],
  ],
  meta: {},
});

const red = square('red', 'red', 10, 10);
const yellow = square('yellow', 'yellow', 20, 20);
const green = square('green', 'green', 30, 30);
const bigYellow = square('big-yellow', 'yellow', 9, 9, 3); // holds all of `red`

const ping = (key: string, latitude: number, longitude: number, minute: number): KeyedPing => ({
  key,
  touristId: key,
  deviceId: null,
  latitude,
  longitude,
  at: new Date(Date.UTC(2026, 0, 1, 12, minute)).toISOString(),
});

const run = (pings: KeyedPing[], overrides: Partial<ZoneTransitionInput> = {}) =>
  computeZoneTransitions({
    presence: new Map(),
    lastSeenAt: new Map(),
    zones: [red, yellow, green],
    pings,
    ...overrides,
  });

const summary = (result: ReturnType<typeof run>) =>
  result.transitions.map((t) => `${t.ping.key}:${t.action}:${t.zone.id}@${t.ping.at.slice(11, 16)}`);

describe('zone transitions', () => {
  it('enters a red zone once and stays inside without new transitions', () => {
    const result = run([ping('a', 10.5, 10.5, 0), ping('a', 10.6, 10.6, 1), ping('a', 10.7, 10.7, 2)]);
    expect(summary(result)).toEqual(['a:enter:red@12:00']);
    expect(result.presence).toEqual({
      entered: [{ key: 'a', geofenceId: 'red', at: '2026-01-01T12:00:00.000Z' }],
      left: [],
    });
  });

  it('never alerts for a green zone', () => {
    const result = run([ping('a', 30.5, 30.5, 0), ping('a', 0, 0, 1)]);
    expect(result.transitions).toEqual([]);
    expect(result.presence).toEqual({ entered: [], left: [] });
  });

  it('exits a zone the key was inside before these pings', () => {
    const result = run([ping('a', 0, 0, 5)], { presence: new Map([['a', new Set(['yellow'])]]) });
    expect(summary(result)).toEqual(['a:exit:yellow@12:05']);
    expect(result.presence).toEqual({ entered: [], left: [{ key: 'a', geofenceId: 'yellow' }] });
  });

  it('orders pings by time per key whatever order they were sent in', () => {
    const result = run([ping('a', 0, 0, 3), ping('a', 10.5, 10.5, 1), ping('a', 20.5, 20.5, 2)]);
    expect(summary(result)).toEqual([
      'a:enter:red@12:01',
      'a:exit:red@12:02',
      'a:enter:yellow@12:02',
      'a:exit:yellow@12:03',
    ]);
    expect(result.presence).toEqual({ entered: [], left: [] });
  });

  it('keeps keys apart', () => {
    const result = run([ping('a', 10.5, 10.5, 0), ping('b', 0, 0, 1)], {
      presence: new Map([['b', new Set(['red'])]]),
    });
    expect(summary(result)).toEqual(['a:enter:red@12:00', 'b:exit:red@12:01']);
  });

  it('enters every alerting zone that holds the point, riskiest first', () => {
    const result = run([ping('a', 10.5, 10.5, 0)], { zones: [bigYellow, red] });
    expect(summary(result)).toEqual(['a:enter:red@12:00', 'a:enter:big-yellow@12:00']);
  });

  it('moving from the inner red zone to the outer yellow one exits only the red', () => {
    const result = run([ping('a', 11.5, 11.5, 1)], {
      zones: [bigYellow, red],
      presence: new Map([['a', new Set(['red', 'big-yellow'])]]),
    });
    expect(summary(result)).toEqual(['a:exit:red@12:01']);
  });

  it('ignores pings no newer than the stored last position: a late offline sync says nothing about now', () => {
    const lastSeenAt = new Map([['a', ping('a', 0, 0, 10).at]]);
    const result = run([ping('a', 10.5, 10.5, 5), ping('a', 10.5, 10.5, 10), ping('a', 20.5, 20.5, 11)], {
      lastSeenAt,
    });
    expect(summary(result)).toEqual(['a:enter:yellow@12:11']);
  });

  it('a zone that was red then turned green counts as left', () => {
    const nowGreen = { ...red, riskLevel: 'green' as const };
    const result = run([ping('a', 10.5, 10.5, 0)], { zones: [nowGreen], presence: new Map([['a', new Set(['red'])]]) });
    expect(summary(result)).toEqual(['a:exit:red@12:00']);
    expect(result.transitions[0].zone.riskLevel).toBe('green');
  });

  it('forgets presence in a deleted zone without reporting an exit', () => {
    const result = run([ping('a', 0, 0, 0)], { zones: [], presence: new Map([['a', new Set(['gone'])]]) });
    expect(result.transitions).toEqual([]);
    expect(result.presence.left).toEqual([{ key: 'a', geofenceId: 'gone' }]);
  });

  it('re-entering within the same pings refreshes the entry time', () => {
    const result = run([ping('a', 0, 0, 1), ping('a', 10.5, 10.5, 2)], {
      presence: new Map([['a', new Set(['red'])]]),
    });
    expect(summary(result)).toEqual(['a:exit:red@12:01', 'a:enter:red@12:02']);
    expect(result.presence).toEqual({
      entered: [{ key: 'a', geofenceId: 'red', at: '2026-01-01T12:02:00.000Z' }],
      left: [],
    });
  });
});

describe('inTimeOrder', () => {
  it('sorts by time across offsets and keeps the sent order for equal times', () => {
    const pings = [
      { id: 1, at: '2026-01-01T12:00:00+05:30' },
      { id: 2, at: '2026-01-01T06:00:00Z' },
      { id: 3, at: '2026-01-01T06:30:00Z' },
      { id: 4, at: '2026-01-01T06:30:00.000Z' },
    ];
    expect(inTimeOrder(pings).map((p) => p.id)).toEqual([2, 1, 3, 4]);
  });
});
