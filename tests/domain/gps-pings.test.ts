// A burst of GPS pings merged in one pass ends exactly where the same pings merged one by one would; trails are
// kept for a bounded number of keys, always for the open incidents' tourists.
import { describe, expect, it } from 'vitest';
import type { GpsHistory, GpsPing } from '../../src/api/entities.ts';
import {
  appendToHistory,
  MAX_LIVE_PINGS,
  MAX_TRAIL_KEYS,
  mergePings,
  receivePings,
} from '../../src/domain/gps-pings.ts';

const ping = (touristId: string, latitude: number): GpsPing => ({
  touristId,
  deviceId: null,
  latitude,
  longitude: 91.8,
  at: `t${latitude}`,
});

/** 300 pings from 80 keys, several pings per key, in a scrambled order. */
const burst = Array.from({ length: 300 }, (_, i) => ping(`K${(i * 37) % 80}`, i));

function oneByOne(start: { pings: GpsPing[]; history: GpsHistory }, arrived: GpsPing[]) {
  return arrived.reduce((context, p) => receivePings(context, [p]), start);
}

describe('a burst of GPS pings', () => {
  const start = {
    pings: [ping('K5', -1), ping('OLD', -2)],
    history: { K5: [{ latitude: -1, longitude: 91.8, at: 't-1' }] },
  };

  it('leaves the live list and the trails as the same pings one at a time would', () => {
    expect(receivePings(start, burst)).toEqual(oneByOne(start, burst));
  });

  it('keeps the newest ping of each key, newest first, at most 50', () => {
    const pings = mergePings(start.pings, burst);
    expect(pings).toHaveLength(MAX_LIVE_PINGS);
    expect(pings[0]).toEqual(burst.at(-1));
    expect(new Set(pings.map((p) => p.touristId)).size).toBe(MAX_LIVE_PINGS);
    // K5's newest is in the burst: the one it had before is gone.
    expect(pings.filter((p) => p.touristId === 'K5').map((p) => p.latitude)).not.toContain(-1);
  });

  it('keeps the older live pings behind a small burst', () => {
    expect(mergePings(start.pings, [ping('NEW', 1)]).map((p) => p.touristId)).toEqual(['NEW', 'K5', 'OLD']);
  });

  it('extends each trail in arrival order and keeps its last 50 points', () => {
    const many = Array.from({ length: 70 }, (_, i) => ping('K5', i));
    const trail = appendToHistory(start.history, many).K5!;
    expect(trail).toHaveLength(50);
    expect(trail.map((point) => point.latitude)).toEqual(Array.from({ length: 50 }, (_, i) => i + 20));
    expect(start.history.K5).toHaveLength(1);
  });
});

describe('trails of many tourists', () => {
  const crowd = (count: number, from = 0) => Array.from({ length: count }, (_, i) => ping(`T${from + i}`, i));

  it('are kept for the keys that moved last, at most MAX_TRAIL_KEYS', () => {
    let history: GpsHistory = {};
    for (let from = 0; from < 3 * MAX_TRAIL_KEYS; from += 500) history = appendToHistory(history, crowd(500, from));
    const keys = Object.keys(history);
    expect(keys).toHaveLength(MAX_TRAIL_KEYS);
    expect(keys[0]).toBe(`T${2 * MAX_TRAIL_KEYS}`);
    expect(keys.at(-1)).toBe(`T${3 * MAX_TRAIL_KEYS - 1}`);
  });

  it('a key that moves again keeps its trail; an open incident keeps its tourist’s however long it is still', () => {
    const panicking = { status: 'open' as const, touristId: 'T0', deviceId: null };
    const resolved = { status: 'resolved' as const, touristId: 'T1', deviceId: null };
    let context = { pings: [] as GpsPing[], history: {} as GpsHistory, incidents: [panicking, resolved] };
    context = { ...context, ...receivePings(context, crowd(3)) };
    for (let from = 3; from < 3 * MAX_TRAIL_KEYS; from += 500) {
      context = { ...context, ...receivePings(context, [...crowd(500, from), ping('T2', from)]) };
    }
    expect(context.history.T0).toHaveLength(1);
    expect(context.history.T1).toBeUndefined();
    expect(context.history.T2!.length).toBeGreaterThan(1);
    expect(Object.keys(context.history).length).toBe(MAX_TRAIL_KEYS + 1);
  });
});
