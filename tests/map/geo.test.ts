import { describe, expect, it } from 'vitest';
import { polygonContains, zoneAt } from '../../src/domain/geo.ts';
import { alertsWithCoordinates, polygonToLngLat } from '../../src/map/geo.ts';
import { square } from './fixtures.ts';

describe('geo helpers', () => {
  it('swaps [lat, lng] polygons to [lng, lat]', () => {
    expect(
      polygonToLngLat([
        [12, 77],
        [13, 78],
      ]),
    ).toEqual([
      [77, 12],
      [78, 13],
    ]);
  });

  it('keeps alerts whose latitude and longitude are finite numbers', () => {
    const at = '';
    const kept = alertsWithCoordinates([
      { id: 'ok', latitude: 0, longitude: -0.5, at },
      { id: 'null', latitude: null, longitude: 1, at },
      { id: 'undef', latitude: 1, longitude: undefined, at },
      { id: 'inf', latitude: Infinity, longitude: 1, at },
      { id: 'str', latitude: '1' as unknown as number, longitude: 1, at },
    ]);
    expect(kept.map((a) => a.id)).toEqual(['ok']);
  });

  it('finds whether a point is inside a [lat, lng] polygon', () => {
    const zone = square('z', 'red', 12, 77);
    expect(polygonContains(zone.polygon, { latitude: 12, longitude: 77 })).toBe(true);
    expect(polygonContains(zone.polygon, { latitude: 12.02, longitude: 77 })).toBe(false);
    expect(polygonContains(zone.polygon, { latitude: 12, longitude: 77.02 })).toBe(false);
  });

  it('names the riskiest zone when zones overlap', () => {
    const zones = [
      square('g', 'green', 12, 77, 0.05),
      square('r', 'red', 12, 77, 0.01),
      square('y', 'yellow', 12, 77, 0.03),
    ];
    expect(zoneAt(zones, { latitude: 12, longitude: 77 })?.id).toBe('r');
    expect(zoneAt(zones, { latitude: 12.02, longitude: 77 })?.id).toBe('y');
    expect(zoneAt(zones, { latitude: 12.04, longitude: 77 })?.id).toBe('g');
    expect(zoneAt(zones, { latitude: 13, longitude: 77 })).toBeUndefined();
  });
});
