import { describe, expect, it } from 'vitest';
import type { Geofence } from '../../../src/api/entities.ts';
import { nearestVertex, snapCandidates } from '../../../src/map/zones/snap.ts';

const zone = (id: string, polygon: [number, number][]): Geofence => ({
  id,
  name: id,
  riskLevel: 'red',
  regionId: 'default',
  polygon,
  meta: {},
});
const candidates = snapCandidates([
  zone('market', [
    [25.57, 91.88],
    [25.57, 91.89],
    [25.58, 91.89],
    [25.58, 91.88],
  ]),
  zone('ghat', [
    [25.6, 91.9],
    [25.6, 91.91],
    [25.61, 91.905],
  ]),
]);

describe("snapping a vertex to a neighbour's", () => {
  it('answers the nearest vertex within the tolerance, as [lng, lat]', () => {
    expect(nearestVertex(candidates, { lat: 25.5801, lng: 91.8899 }, 0.0005)).toEqual([91.89, 25.58]);
  });

  it('answers nothing beyond the tolerance, nor on the zone being edited', () => {
    expect(nearestVertex(candidates, { lat: 25.585, lng: 91.8899 }, 0.0005)).toBeUndefined();
    expect(nearestVertex(candidates, { lat: 25.5801, lng: 91.8899 }, 0.0005, 'market')).toBeUndefined();
  });

  it('measures longitude shrunk by the latitude, as the map shows it', () => {
    // 0.0006° of longitude at 25.58° N is 0.00054° on the map: within 0.00055, beyond 0.0005.
    expect(nearestVertex(candidates, { lat: 25.58, lng: 91.8906 }, 0.00055)).toEqual([91.89, 25.58]);
    expect(nearestVertex(candidates, { lat: 25.58, lng: 91.8906 }, 0.0005)).toBeUndefined();
  });
});
