import { describe, expect, it } from 'vitest';
import type { Geofence } from '../../../src/api/entities.ts';
import { widen, zonesInView } from '../../../src/map/zones/in-view.ts';

const zone = (id: string, lat: number, lng: number): Geofence => ({
  id,
  name: id,
  riskLevel: 'red',
  regionId: 'default',
  polygon: [
    [lat, lng],
    [lat, lng + 0.01],
    [lat + 0.01, lng + 0.01],
  ],
  meta: {},
});
const zones = [zone('in', 26.1, 91.7), zone('edge', 26.195, 91.795), zone('out', 27, 92)];

describe('the zones handed to deck.gl', () => {
  it('are those whose box meets the view, an edge included', () => {
    expect(zonesInView(zones, { west: 91.6, south: 26, east: 91.8, north: 26.2 }).map((z) => z.id)).toEqual([
      'in',
      'edge',
    ]);
  });

  it('are none before the view is known, and all of them, the same array, when all are in it', () => {
    expect(zonesInView(zones, undefined)).toEqual([]);
    expect(zonesInView(zones, { west: 90, south: 25, east: 93, north: 28 })).toBe(zones);
  });

  it('a view widened by half its size on every side', () => {
    expect(widen({ west: 91, south: 26, east: 92, north: 27 })).toEqual({
      west: 90.5,
      south: 25.5,
      east: 92.5,
      north: 27.5,
    });
  });
});
