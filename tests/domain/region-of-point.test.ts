// Where a point outside every zone belongs (issue 31), and which boundaries a region may have.
import { describe, expect, it } from 'vitest';
import { boundaryProblem } from '../../src/domain/boundary-checks.ts';
import { boundedRegion, regionAt } from '../../src/domain/region-of-point.ts';

const square = (lat: number, lng: number, half: number): [number, number][] => [
  [lat - half, lng - half],
  [lat - half, lng + half],
  [lat + half, lng + half],
  [lat + half, lng - half],
];

describe('regionAt', () => {
  const state = boundedRegion('state', square(26, 92, 2));
  const city = boundedRegion('city', square(26.1, 91.7, 0.1));
  const neighbour = boundedRegion('neighbour', square(26.1, 91.9, 0.1));

  it('names the smallest boundary holding the point, whatever the order of the list', () => {
    expect(regionAt([state, city], { latitude: 26.1, longitude: 91.7 })).toBe('city');
    expect(regionAt([city, state], { latitude: 26.1, longitude: 91.7 })).toBe('city');
    expect(regionAt([state, city], { latitude: 27, longitude: 93 })).toBe('state');
  });

  it('counts a point on an edge as inside; two equal boundaries sharing it decide by id', () => {
    expect(regionAt([neighbour, city], { latitude: 26.1, longitude: 91.8 })).toBe('city');
  });

  it('answers undefined outside every boundary (the caller files it under default)', () => {
    expect(regionAt([state, city], { latitude: -33.9, longitude: -70.6 })).toBeUndefined();
    expect(regionAt([], { latitude: 26.1, longitude: 91.7 })).toBeUndefined();
  });
});

describe('boundaryProblem', () => {
  it('accepts a simple ring, closed or not, of any size (a state is far larger than a zone may be)', () => {
    expect(boundaryProblem(square(26, 92, 2))).toBeUndefined();
    const closed = square(26, 92, 0.1);
    expect(boundaryProblem([...closed, closed[0]])).toBeUndefined();
  });

  it('names what is wrong: too few distinct points, a repeated vertex, a crossing, a coordinate out of range', () => {
    expect(
      boundaryProblem([
        [1, 1],
        [1, 2],
        [1, 1],
      ]),
    ).toBe('boundary must have at least 3 distinct points (it has 2)');
    expect(
      boundaryProblem([
        [0, 0],
        [0, 2],
        [1, 1],
        [2, 2],
        [2, 0],
        [1, 1],
      ]),
    ).toBe('boundary must not repeat a vertex');
    expect(
      boundaryProblem([
        [0, 0],
        [1, 1],
        [0, 1],
        [1, 0],
      ]),
    ).toBe('boundary must not cross itself (edges 1 and 3 meet)');
    expect(
      boundaryProblem([
        [0, 0],
        [0, 200],
        [1, 1],
      ]),
    ).toBe('boundary.1 must have latitude in [-90, 90] and longitude in [-180, 180]');
  });
});
