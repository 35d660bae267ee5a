import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Vertex } from '../../src/domain/geo.ts';
import {
  areaKm2,
  circleToPolygon,
  firstCrossing,
  openRing,
  vertexCount,
  ZONE_LIMITS,
  zoneOutlineIssues,
} from '../../src/domain/zone-geometry.ts';

// About 1.1 km × 1.0 km in Shillong ([latitude, longitude], as the contract stores polygons).
const square: Vertex[] = [
  [25.57, 91.88],
  [25.58, 91.88],
  [25.58, 91.89],
  [25.57, 91.89],
];
const bowtie: Vertex[] = [
  [25.57, 91.88],
  [25.58, 91.89],
  [25.58, 91.88],
  [25.57, 91.89],
];

/** A regular polygon of `n` vertices around a point, `radius` degrees wide. */
const ring = (n: number, radius = 0.05, [lat, lng] = [25.5, 91.8]): Vertex[] =>
  Array.from(
    { length: n },
    (_, i) =>
      [lat + radius * Math.sin((2 * Math.PI * i) / n), lng + radius * Math.cos((2 * Math.PI * i) / n)] as Vertex,
  );

describe('a zone outline the server and the editor accept', () => {
  it('accepts a simple square, closed or not, and counts its vertices once', () => {
    expect(zoneOutlineIssues(square)).toEqual([]);
    expect(zoneOutlineIssues([...square, square[0]])).toEqual([]);
    expect(vertexCount([...square, square[0]])).toBe(4);
    expect(openRing([square[0], square[0], square[1], square[2], square[0]])).toEqual([
      square[0],
      square[1],
      square[2],
    ]);
  });

  it('refuses a self-intersecting ring, naming the field and the two edges that meet', () => {
    expect(firstCrossing(bowtie)).toEqual([0, 2]);
    expect(zoneOutlineIssues(bowtie)).toEqual([
      {
        field: 'polygon',
        message: 'polygon crosses itself: the edge from point 1 to point 2 meets the edge from point 3 to point 4.',
      },
    ]);
  });

  it('refuses a ring that touches itself at a vertex or doubles back along an edge', () => {
    // A figure eight through one shared point, and a spike that returns along the edge it came by.
    const touching: Vertex[] = [
      [0, 0],
      [1, 1],
      [2, 0],
      [2, 2],
      [1, 1],
      [0, 2],
    ];
    const spike: Vertex[] = [
      [0, 0],
      [0, 2],
      [0, 1],
      [1, 1],
    ];
    expect(zoneOutlineIssues(touching)[0].message).toMatch(/^polygon crosses itself/);
    expect(zoneOutlineIssues(spike)[0].message).toMatch(/^polygon crosses itself/);
  });

  it('never reports a crossing for convex rings, whatever their size and orientation', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 3, max: 300 }),
        fc.double({ min: 0.001, max: 0.3, noNaN: true }),
        fc.boolean(),
        (n, radius, reversed) => {
          const convex = ring(n, radius);
          expect(firstCrossing(reversed ? convex.reverse() : convex)).toBeUndefined();
        },
      ),
      { numRuns: 50 },
    );
  });

  it('refuses fewer than 3 distinct points, naming how many there are', () => {
    expect(
      zoneOutlineIssues([
        [1, 1],
        [1, 1],
        [2, 2],
        [1, 1],
      ]),
    ).toEqual([{ field: 'polygon', message: 'polygon must have at least 3 distinct points; it has 2.' }]);
  });

  it('refuses coordinates out of range, naming the point', () => {
    expect(
      zoneOutlineIssues(
        [
          [91, 10],
          [0, 0],
          [1, 1],
        ],
        'geometry',
      ),
    ).toEqual([{ field: 'geometry[0]', message: 'geometry[0] has latitude 91; it must be between -90 and 90.' }]);
    expect(
      zoneOutlineIssues([
        [0, 0],
        [1, 181],
        [1, 1],
      ])[0].field,
    ).toBe('polygon[1]');
    expect(
      zoneOutlineIssues([
        [0, 0],
        ['1', 2],
        [1, 1],
      ])[0].message,
    ).toBe('polygon[1] must be a [latitude, longitude] pair of numbers.');
  });

  it('accepts 2,000 vertices and refuses 2,001', () => {
    expect(zoneOutlineIssues(ring(ZONE_LIMITS.maxVertices))).toEqual([]);
    expect(zoneOutlineIssues(ring(ZONE_LIMITS.maxVertices + 1))).toEqual([
      { field: 'polygon', message: 'polygon has 2,001 points; a zone may have at most 2,000.' },
    ]);
  });

  it('measures area on the sphere: a 0.01° square at the equator is 1.236 km², and the limit is 5,000 km²', () => {
    const equatorSquare: Vertex[] = [
      [0, 0],
      [0, 0.01],
      [0.01, 0.01],
      [0.01, 0],
    ];
    expect(areaKm2(equatorSquare)).toBeCloseTo(1.2364, 3);
    // The same square at 60° north covers half as much.
    expect(areaKm2(equatorSquare.map(([lat, lng]) => [lat + 60, lng] as Vertex)) / areaKm2(equatorSquare)).toBeCloseTo(
      0.5,
      2,
    );
    // A 0.6° square near Shillong is about 4,000 km²; a 0.7° one about 5,400 km².
    const degreeSquare = (size: number): Vertex[] => [
      [25, 91],
      [25 + size, 91],
      [25 + size, 91 + size],
      [25, 91 + size],
    ];
    expect(zoneOutlineIssues(degreeSquare(0.6))).toEqual([]);
    const [issue] = zoneOutlineIssues(degreeSquare(0.7));
    expect(issue.field).toBe('polygon');
    expect(issue.message).toMatch(/^polygon covers 5,[0-9]{3}(\.\d)? km²; a zone may cover at most 5,000 km²\.$/);
  });
});

describe('a circle is stored as a polygon', () => {
  it('has 64 vertices at the radius, all of them inside the limits, and keeps the circle in meta', () => {
    const center: [number, number] = [25.5788, 91.8933];
    const { polygon, meta } = circleToPolygon(center, 500);
    expect(polygon).toHaveLength(64);
    expect(meta).toEqual({ circle: { center, radiusM: 500 } });
    // Every vertex lies 500 m from the centre (haversine), and the first is due north.
    const toRad = (d: number) => (d * Math.PI) / 180;
    for (const [lat, lng] of polygon) {
      const a =
        Math.sin(toRad(lat - center[0]) / 2) ** 2 +
        Math.cos(toRad(center[0])) * Math.cos(toRad(lat)) * Math.sin(toRad(lng - center[1]) / 2) ** 2;
      expect(2 * 6371008.8 * Math.asin(Math.sqrt(a))).toBeCloseTo(500, 0);
    }
    expect(polygon[0][1]).toBeCloseTo(center[1], 6);
    expect(polygon[0][0]).toBeGreaterThan(center[0]);
    expect(zoneOutlineIssues(polygon)).toEqual([]);
    // Its area is close to π r².
    expect(areaKm2(polygon)).toBeCloseTo(Math.PI * 0.25, 2);
  });

  it('never has more than 64 vertices, nor fewer than 3', () => {
    expect(circleToPolygon([0, 0], 100, 500).polygon).toHaveLength(64);
    expect(circleToPolygon([0, 0], 100, 1).polygon).toHaveLength(3);
    expect(circleToPolygon([0, 0], 100, 16).polygon).toHaveLength(16);
  });

  it('a circle too large for a zone is refused like any polygon', () => {
    expect(zoneOutlineIssues(circleToPolygon([25, 91], 45_000).polygon)[0].message).toMatch(
      /covers 6,[0-9]{3}(\.\d)? km²/,
    );
  });
});
