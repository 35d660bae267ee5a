// The map's positions subscription over a stand-in EventSource and a stand-in map (its bounds, zoom and
// moveend): which area it asks for, when it asks again, what it draws, and that a refusal is asked again.
import { act, cleanup, renderHook } from '@testing-library/react';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AREA_RETRY_MS, useAreaPositions } from '../../../src/map/area/useAreaPositions.ts';
import { FakeEventSource } from '../../views/support/fake-event-source.ts';

class StandInMap {
  view = { west: 91.85, south: 25.55, east: 91.95, north: 25.6 };
  zoom = 13;
  private readonly moved = new Set<() => void>();
  getBounds() {
    const { west, south, east, north } = this.view;
    return { getWest: () => west, getSouth: () => south, getEast: () => east, getNorth: () => north };
  }
  getZoom() {
    return this.zoom;
  }
  on(_: 'moveend', listener: () => void) {
    this.moved.add(listener);
  }
  off(_: 'moveend', listener: () => void) {
    this.moved.delete(listener);
  }
  pan(dx: number) {
    this.view = { ...this.view, west: this.view.west + dx, east: this.view.east + dx };
    act(() => this.moved.forEach((listener) => listener()));
  }
}

const query = (source: FakeEventSource) => Object.fromEntries(new URL(source.url, 'http://x').searchParams);
const deliver = (message: unknown) =>
  act(() => {
    FakeEventSource.deliver(JSON.stringify(message));
    vi.advanceTimersToNextFrame();
  });

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('EventSource', FakeEventSource);
  FakeEventSource.open = [];
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

function subscribe(regionId = 'shillong', enabled = true) {
  const map = new StandInMap();
  const hook = renderHook(({ on }) => useAreaPositions(map as unknown as MapLibreMap, regionId, on), {
    initialProps: { on: enabled },
  });
  return { map, hook };
}

describe('useAreaPositions', () => {
  it("asks for the region's view with its margin, and draws the snapshot and what follows", () => {
    const { hook } = subscribe();
    expect(FakeEventSource.open).toHaveLength(1);
    expect(query(FakeEventSource.open[0]!)).toEqual({
      regionId: 'shillong',
      bbox: '91.8,25.525,92,25.625',
      zoom: '13',
    });
    const at = '2026-12-04T10:00:00.000Z';
    deliver({
      type: 'positions_snapshot',
      positions: [{ touristId: 'a', deviceId: null, latitude: 25.57, longitude: 91.9, at }],
    });
    expect(hook.result.current.points.length).toBe(1);
    deliver({ type: 'positions', positions: [], left: ['a'] });
    expect(hook.result.current.points.length).toBe(0);
  });

  it('keeps its subscription for a small pan and opens the next (closing the last) past the margin', () => {
    const { map } = subscribe();
    const first = FakeEventSource.open[0]!;
    map.pan(0.04);
    expect(FakeEventSource.open).toEqual([first]);
    map.pan(0.06);
    expect(FakeEventSource.open).toHaveLength(1);
    expect(FakeEventSource.open[0]).not.toBe(first);
    expect(first.readyState).toBe(FakeEventSource.CLOSED);
  });

  it('holds no subscription while live GPS is hidden, and opens one when it is shown again', () => {
    const { hook } = subscribe('shillong', false);
    expect(FakeEventSource.open).toHaveLength(0);
    hook.rerender({ on: true });
    expect(FakeEventSource.open).toHaveLength(1);
    hook.rerender({ on: false });
    expect(FakeEventSource.open).toHaveLength(0);
  });

  it(`asks again ${AREA_RETRY_MS / 1000} s after a refusal, which the browser would not retry by itself`, () => {
    subscribe();
    const refused = FakeEventSource.open[0]!;
    refused.close();
    act(() => refused.onerror?.());
    expect(FakeEventSource.open).toHaveLength(0);
    act(() => vi.advanceTimersByTime(AREA_RETRY_MS));
    expect(FakeEventSource.open).toHaveLength(1);
    expect(query(FakeEventSource.open[0]!).regionId).toBe('shillong');
  });
});
