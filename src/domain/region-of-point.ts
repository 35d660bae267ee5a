// Which region a point outside every zone belongs to (issue 31): the region whose boundary holds it, the
// smallest where boundaries overlap (a city inside its state), else none (the caller's `default`).
import { boundingBox, boxHolds, polygonContains, type BoundingBox, type LatLng, type Vertex } from './geo.ts';

const METRES_PER_DEGREE = 111_320;

/** Area in km² on a local flat projection: exact enough to rank a city against its state. */
export function areaKm2(polygon: readonly Vertex[]): number {
  if (polygon.length < 3) return 0;
  const meanLat = polygon.reduce((sum, [lat]) => sum + lat, 0) / polygon.length;
  const east = Math.cos((meanLat * Math.PI) / 180) * METRES_PER_DEGREE;
  let twiceArea = 0;
  for (let i = 0, j = polygon.length - 1; i < polygon.length; j = i++) {
    twiceArea += polygon[j][1] * east * polygon[i][0] * METRES_PER_DEGREE - polygon[i][1] * east * polygon[j][0] * METRES_PER_DEGREE;
  }
  return Math.abs(twiceArea) / 2 / 1e6;
}

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
