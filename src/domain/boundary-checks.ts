// The checks a region's boundary must pass before it may route panics: a ring that crosses itself has no
// clear inside, and fewer than three distinct points has no area. Kept apart so that the zone editor's
// geometry module (issue 31, src/domain/zone-geometry.ts) can replace it without touching the callers.
import type { Vertex } from './geo.ts';

export const MAX_BOUNDARY_VERTICES = 2000;

/** The ring without a closing vertex that repeats the first (GeoJSON writes it, the contract does not need it). */
export function openRing(polygon: readonly Vertex[]): Vertex[] {
  const ring = [...polygon];
  const [first, last] = [ring[0], ring.at(-1)];
  if (ring.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) ring.pop();
  return ring;
}

function orientation(a: Vertex, b: Vertex, c: Vertex): number {
  const value = (b[1] - a[1]) * (c[0] - b[0]) - (b[0] - a[0]) * (c[1] - b[1]);
  return value === 0 ? 0 : value > 0 ? 1 : -1;
}

function onSegment(a: Vertex, b: Vertex, c: Vertex): boolean {
  return Math.min(a[0], c[0]) <= b[0] && b[0] <= Math.max(a[0], c[0]) && Math.min(a[1], c[1]) <= b[1] && b[1] <= Math.max(a[1], c[1]);
}

/** Whether segments p1–p2 and q1–q2 share a point (touching and overlapping included). */
function segmentsMeet(p1: Vertex, p2: Vertex, q1: Vertex, q2: Vertex): boolean {
  const o1 = orientation(p1, p2, q1);
  const o2 = orientation(p1, p2, q2);
  const o3 = orientation(q1, q2, p1);
  const o4 = orientation(q1, q2, p2);
  if (o1 !== o2 && o3 !== o4) return true;
  return (o1 === 0 && onSegment(p1, q1, p2)) || (o2 === 0 && onSegment(p1, q2, p2)) || (o3 === 0 && onSegment(q1, p1, q2)) || (o4 === 0 && onSegment(q1, p2, q2));
}

/** The first pair of non-adjacent edges that meet, as edge numbers (1-based), or undefined. */
export function selfIntersection(ring: readonly Vertex[]): [number, number] | undefined {
  const n = ring.length;
  for (let i = 0; i < n; i++) {
    const [a, b] = [ring[i], ring[(i + 1) % n]];
    for (let j = i + 1; j < n; j++) {
      // Neighbouring edges share a vertex by construction.
      if (j === i + 1 || (i === 0 && j === n - 1)) continue;
      if (segmentsMeet(a, b, ring[j], ring[(j + 1) % n])) return [i + 1, j + 1];
    }
  }
  return undefined;
}

/**
 * What is wrong with a boundary, as the end of a sentence naming the field (`field`), or undefined when it
 * is usable. Coordinates are checked too, so a caller that skipped the schema cannot store a bad one.
 */
export function boundaryProblem(polygon: readonly Vertex[], field = 'boundary'): string | undefined {
  const outOfRange = polygon.findIndex(([lat, lng]) => !(Math.abs(lat) <= 90 && Math.abs(lng) <= 180));
  if (outOfRange >= 0) return `${field}.${outOfRange} must have latitude in [-90, 90] and longitude in [-180, 180]`;
  const ring = openRing(polygon);
  if (ring.length > MAX_BOUNDARY_VERTICES) return `${field} must have at most ${MAX_BOUNDARY_VERTICES} vertices (it has ${ring.length})`;
  const distinct = new Set(ring.map(([lat, lng]) => `${lat},${lng}`));
  if (distinct.size < 3) return `${field} must have at least 3 distinct points (it has ${distinct.size})`;
  if (distinct.size < ring.length) return `${field} must not repeat a vertex`;
  const crossing = selfIntersection(ring);
  if (crossing) return `${field} must not cross itself (edges ${crossing[0]} and ${crossing[1]} meet)`;
  return undefined;
}
