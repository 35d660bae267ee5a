// Which region a point outside every zone belongs to (issue 31): the region whose boundary holds it, the
// smallest where boundaries overlap (a city inside its state), else none (the caller's `default`).
import { boundingBox, boxHolds, polygonContains, type BoundingBox, type LatLng, type Vertex } from './geo.ts';
import { areaKm2 } from './zone-geometry.ts';

export interface BoundedRegion {
  id: string;
  boundary: readonly Vertex[];
  box: BoundingBox;
  areaKm2: number;
}

export function boundedRegion(id: string, boundary: readonly Vertex[]): BoundedRegion {
  return { id, boundary, box: boundingBox(boundary), areaKm2: areaKm2(boundary) };
}

/** Smallest first, then by id, so overlapping boundaries always decide the same way. */
function bySizeAscending(a: BoundedRegion, b: BoundedRegion): number {
  return a.areaKm2 - b.areaKm2 || a.id.localeCompare(b.id);
}

/** The id of the smallest region whose boundary holds the point (edges included), or undefined. */
export function regionAt(regions: readonly BoundedRegion[], point: LatLng): string | undefined {
  let best: BoundedRegion | undefined;
  for (const region of regions) {
    if (!boxHolds(region.box, point) || (best && bySizeAscending(region, best) >= 0)) continue;
    if (polygonContains(region.boundary, point)) best = region;
  }
  return best?.id;
}
