import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  alertsOnEntry,
  boundingBox,
  boxHolds,
  byRiskDescending,
  metresBetween,
  polygonContains,
  zoneAt,
  type Vertex,
} from '../../src/domain/geo.ts';

const square: Vertex[] = [
  [10, 70],
  [10, 71],
  [11, 71],
  [11, 70],
];
const triangle: Vertex[] = [
  [0, 0],
  [2, 2],
  [0, 4],
];

describe('one point-in-polygon for the server and the map', () => {
  it.each([
    ['a vertex', { latitude: 10, longitude: 70 }],
    ['the far vertex', { latitude: 11, longitude: 71 }],
    ['the bottom edge', { latitude: 10, longitude: 70.5 }],
    ['the top edge', { latitude: 11, longitude: 70.25 }],
    ['the left edge', { latitude: 10.5, longitude: 70 }],
    ['the right edge', { latitude: 10.75, longitude: 71 }],
  ])('counts a point on %s of a square as inside', (_where, point) => {
    expect(polygonContains(square, point)).toBe(true);
  });

  it("counts points on a diagonal edge and at a triangle's apex as inside, and just outside as outside", () => {
    expect(polygonContains(triangle, { latitude: 1, longitude: 1 })).toBe(true);
    expect(polygonContains(triangle, { latitude: 2, longitude: 2 })).toBe(true);
    expect(polygonContains(triangle, { latitude: 1.5, longitude: 2.5 })).toBe(true);
    expect(polygonContains(triangle, { latitude: 1, longitude: 0.999 })).toBe(false);
    expect(polygonContains(triangle, { latitude: 2.001, longitude: 2 })).toBe(false);
  });

  it("agrees with the rectangle's own bounds for any point (inclusive)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 9.5, max: 11.5, noNaN: true }),
        fc.double({ min: 69.5, max: 71.5, noNaN: true }),
        (latitude, longitude) => {
          const expected = latitude >= 10 && latitude <= 11 && longitude >= 70 && longitude <= 71;
          expect(polygonContains(square, { latitude, longitude })).toBe(expected);
        },
      ),
    );
  });

  it('ranks risk red > yellow > green, an unknown level as yellow, and picks the riskiest zone on a shared edge', () => {
    const zones = [
      {
        id: 'g',
        riskLevel: 'green',
        polygon: [
          [10, 69],
          [10, 70],
          [11, 70],
          [11, 69],
        ] as Vertex[],
      },
      { id: 'r', riskLevel: 'red', polygon: square },
      { id: 'p', riskLevel: 'purple', polygon: square },
    ];
    expect([...zones].sort(byRiskDescending).map((zone) => zone.id)).toEqual(['r', 'p', 'g']);
    expect(zoneAt(zones, { latitude: 10.5, longitude: 70 })?.id).toBe('r');
    expect(zoneAt(zones, { latitude: 10.5, longitude: 69.5 })?.id).toBe('g');
  });
});

describe('the bounding box that rules zones out before the polygon test', () => {
  it('holds its edges and corners and nothing past them', () => {
    const box = boundingBox(triangle);
    expect(box).toEqual({ minLat: 0, maxLat: 2, minLng: 0, maxLng: 4 });
    expect(boxHolds(box, { latitude: 0, longitude: 0 })).toBe(true);
    expect(boxHolds(box, { latitude: 2, longitude: 4 })).toBe(true);
    expect(boxHolds(box, { latitude: 1, longitude: 4 })).toBe(true);
    expect(boxHolds(box, { latitude: 2.001, longitude: 2 })).toBe(false);
    expect(boxHolds(box, { latitude: 1, longitude: -0.001 })).toBe(false);
  });

  it('never rules out a point its polygon contains', () => {
    const box = boundingBox(triangle);
    fc.assert(
      fc.property(
        fc.double({ min: -1, max: 3, noNaN: true }),
        fc.double({ min: -1, max: 5, noNaN: true }),
        (latitude, longitude) => {
          const point = { latitude, longitude };
          if (polygonContains(triangle, point)) expect(boxHolds(box, point)).toBe(true);
        },
      ),
    );
  });
});

describe('which zones alert on entry', () => {
  it('red and yellow ones do; green and unknown levels do not', () => {
    expect(['red', 'yellow', 'green', 'purple'].map((riskLevel) => alertsOnEntry({ riskLevel }))).toEqual([
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('one distance for the nearest units, a track, the watch and the simulator', () => {
  it('measures great-circle distances against known ones', () => {
    // A quarter of the equator on the mean-radius sphere: π/2 × 6,371,008.8 m.
    expect(metresBetween([0, 0], [0, 90])).toBeCloseTo((Math.PI / 2) * 6_371_008.8, 0);
    // One degree of latitude: 111.195 km; Shillong's centre to Guwahati's, as the crow flies: 64.8 km.
    expect(metresBetween([10, 20], [11, 20])).toBeCloseTo(111_195, -1);
    expect(metresBetween([25.5788, 91.8933], [26.1445, 91.7362]) / 1000).toBeCloseTo(64.84, 1);
  });

  it('is the same both ways and zero from a point to itself', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.double({ min: -179, max: 179, noNaN: true }),
        fc.double({ min: -80, max: 80, noNaN: true }),
        fc.double({ min: -179, max: 179, noNaN: true }),
        (lat1, lng1, lat2, lng2) => {
          expect(metresBetween([lat1, lng1], [lat2, lng2])).toBeCloseTo(metresBetween([lat2, lng2], [lat1, lng1]), 6);
          expect(metresBetween([lat1, lng1], [lat1, lng1])).toBe(0);
        },
      ),
    );
  });
});
