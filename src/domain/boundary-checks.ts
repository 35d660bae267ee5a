// The checks a region's boundary must pass before it may route panics: a ring that crosses itself has no
// clear inside, and fewer than three distinct points has no area. The geometry is the zones' (zone-geometry.ts);
// a region has no area limit (Assam is some 78,000 km², a zone at most 5,000).
import type { Vertex } from './geo.ts';
import { distinctPointCount, firstCrossing, openRing, ZONE_LIMITS } from './zone-geometry.ts';

export const MAX_BOUNDARY_VERTICES = ZONE_LIMITS.maxVertices;

/**
 * What is wrong with a boundary, as the end of a sentence naming the field (`field`), or undefined when it
 * is usable. Coordinates are checked too, so a caller that skipped the schema cannot store a bad one.
 */
export function boundaryProblem(polygon: readonly Vertex[], field = 'boundary'): string | undefined {
  const outOfRange = polygon.findIndex(([lat, lng]) => !(Math.abs(lat) <= 90 && Math.abs(lng) <= 180));
  if (outOfRange >= 0) return `${field}.${outOfRange} must have latitude in [-90, 90] and longitude in [-180, 180]`;
  const ring = openRing(polygon);
  if (ring.length > MAX_BOUNDARY_VERTICES)
    return `${field} must have at most ${MAX_BOUNDARY_VERTICES} vertices (it has ${ring.length})`;
  const distinct = distinctPointCount(ring);
  if (distinct < 3) return `${field} must have at least 3 distinct points (it has ${distinct})`;
  if (distinct < ring.length) return `${field} must not repeat a vertex`;
  const crossing = firstCrossing(ring);
  if (crossing) return `${field} must not cross itself (edges ${crossing[0] + 1} and ${crossing[1] + 1} meet)`;
  return undefined;
}
