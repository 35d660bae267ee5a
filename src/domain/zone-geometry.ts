// What makes a zone's outline acceptable, once, for the server (PUT /geofences/:id, imports) and the browser's
// editor (which shows the same sentences before saving): at least 3 distinct points, no crossing edges,
// coordinates in range, at most 2,000 vertices and 5,000 km². Also a zone's area and a circle as a polygon.
import type { Vertex } from './geo.ts';

export const ZONE_LIMITS = { maxVertices: 2_000, maxAreaKm2: 5_000, maxCircleVertices: 64 } as const;

/** Mean Earth radius (IUGG), km. */
const EARTH_RADIUS_KM = 6371.0088;

export interface GeometryIssue {
  /** Where, as the request names it: `polygon`, `polygon[4]`. */
  field: string;
  /** A sentence naming the field. */
  message: string;
}

/** A circle drawn by the editor, kept beside its polygon in `meta.circle`: center as [latitude, longitude]. */
export interface ZoneCircle {
  center: [latitude: number, longitude: number];
  radiusM: number;
}

const sameVertex = (a: Vertex, b: Vertex) => a[0] === b[0] && a[1] === b[1];

/**
 * The ring without a closing point equal to the first and without repeated consecutive points: the vertices
 * a zone has. GeoJSON closes rings; the contract's polygons need not.
 */
export function openRing<V extends Vertex>(polygon: readonly V[]): V[] {
  const ring = polygon.filter((vertex, index) => index === 0 || !sameVertex(vertex, polygon[index - 1]));
  while (ring.length > 1 && sameVertex(ring[0], ring.at(-1)!)) ring.pop();
  return ring;
}

export function vertexCount(polygon: readonly Vertex[]): number {
  return openRing(polygon).length;
}

/** Points that differ: fewer than 3 enclose no area, so they make no zone and no region boundary. */
export function distinctPointCount(polygon: readonly Vertex[]): number {
  return new Set(polygon.map(([latitude, longitude]) => `${latitude},${longitude}`)).size;
}

/** The one rule every outline meets, POST /geofences's too: an area, so at least 3 distinct points. */
export function tooFewPointsIssue(polygon: readonly Vertex[], field = 'polygon'): GeometryIssue | undefined {
  const distinct = distinctPointCount(polygon);
  return distinct < 3
    ? { field, message: `${field} must have at least 3 distinct points; it has ${distinct}.` }
    : undefined;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * Area on the sphere in km² (the ring-area formula of Chamberlain and Duquette, as turf and d3 use it):
 * within a fraction of a percent of the ellipsoid's for zones of a district's size.
 */
export function areaKm2(polygon: readonly Vertex[]): number {
  const ring = openRing(polygon);
  if (ring.length < 3) return 0;
  let sum = 0;
  for (let i = 0; i < ring.length; i++) {
    const [latA, lngA] = ring[i];
    const [latB, lngB] = ring[(i + 1) % ring.length];
    sum += toRadians(lngB - lngA) * (2 + Math.sin(toRadians(latA)) + Math.sin(toRadians(latB)));
  }
  return Math.abs((sum * EARTH_RADIUS_KM * EARTH_RADIUS_KM) / 2);
}

// Edges as planar segments in degrees (x = longitude, y = latitude): crossings are decided where the map draws them.
interface Segment {
  index: number;
  ax: number;
  ay: number;
  bx: number;
  by: number;
  minX: number;
  maxX: number;
}

const cross = (ox: number, oy: number, ax: number, ay: number, bx: number, by: number) =>
  (ax - ox) * (by - oy) - (ay - oy) * (bx - ox);

function onSegment(px: number, py: number, s: Segment): boolean {
  return (
    px >= Math.min(s.ax, s.bx) && px <= Math.max(s.ax, s.bx) && py >= Math.min(s.ay, s.by) && py <= Math.max(s.ay, s.by)
  );
}

/** Whether two segments share any point (touching counts). */
function segmentsMeet(s: Segment, t: Segment): boolean {
  const d1 = cross(t.ax, t.ay, t.bx, t.by, s.ax, s.ay);
  const d2 = cross(t.ax, t.ay, t.bx, t.by, s.bx, s.by);
  const d3 = cross(s.ax, s.ay, s.bx, s.by, t.ax, t.ay);
  const d4 = cross(s.ax, s.ay, s.bx, s.by, t.bx, t.by);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  return (
    (d1 === 0 && onSegment(s.ax, s.ay, t)) ||
    (d2 === 0 && onSegment(s.bx, s.by, t)) ||
    (d3 === 0 && onSegment(t.ax, t.ay, s)) ||
    (d4 === 0 && onSegment(t.bx, t.by, s))
  );
}

/** Neighbouring edges share a vertex; they cross only when one doubles back along the other. */
function neighboursOverlap(s: Segment, t: Segment): boolean {
  // t starts where s ends: they overlap when t's end lies on s's line, going back towards s's start.
  if (cross(s.ax, s.ay, s.bx, s.by, t.bx, t.by) !== 0) return false;
  return (t.bx - s.bx) * (s.ax - s.bx) + (t.by - s.by) * (s.ay - s.by) > 0;
}

/** The first pair of edges that cross (by index in the open ring), found by sweeping along longitude. */
export function firstCrossing(polygon: readonly Vertex[]): [number, number] | undefined {
  const ring = openRing(polygon);
  const n = ring.length;
  if (n < 3) return undefined;
  const segments: Segment[] = ring.map(([ay, ax], index) => {
    const [by, bx] = ring[(index + 1) % n];
    return { index, ax, ay, bx, by, minX: Math.min(ax, bx), maxX: Math.max(ax, bx) };
  });
  const sorted = [...segments].sort((s, t) => s.minX - t.minX);
  let found: [number, number] | undefined;
  for (let i = 0; i < sorted.length; i++) {
    const s = sorted[i];
    for (let j = i + 1; j < sorted.length && sorted[j].minX <= s.maxX; j++) {
      const t = sorted[j];
      const [first, second] = s.index < t.index ? [s, t] : [t, s];
      const gap = second.index - first.index;
      const crosses =
        gap === 1
          ? neighboursOverlap(first, second)
          : gap === n - 1
            ? neighboursOverlap(second, first)
            : segmentsMeet(first, second);
      if (crosses && (!found || first.index < found[0] || (first.index === found[0] && second.index < found[1])))
        found = [first.index, second.index];
    }
  }
  return found;
}

function coordinateIssues(polygon: readonly unknown[], field: string): GeometryIssue[] {
  const issues: GeometryIssue[] = [];
  polygon.forEach((point, index) => {
    const where = `${field}[${index}]`;
    if (
      !Array.isArray(point) ||
      point.length !== 2 ||
      !point.every((value) => typeof value === 'number' && Number.isFinite(value))
    ) {
      issues.push({ field: where, message: `${where} must be a [latitude, longitude] pair of numbers.` });
      return;
    }
    const [latitude, longitude] = point as [number, number];
    if (latitude < -90 || latitude > 90)
      issues.push({ field: where, message: `${where} has latitude ${latitude}; it must be between -90 and 90.` });
    if (longitude < -180 || longitude > 180)
      issues.push({ field: where, message: `${where} has longitude ${longitude}; it must be between -180 and 180.` });
  });
  return issues;
}

const count = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 1 });

/**
 * Why this outline cannot be a zone, each reason a sentence naming `field` (or one of its points); empty when
 * it can. Points are [latitude, longitude], as the contract stores them.
 */
export function zoneOutlineIssues(polygon: unknown, field = 'polygon'): GeometryIssue[] {
  if (!Array.isArray(polygon)) return [{ field, message: `${field} must be a list of [latitude, longitude] points.` }];
  const coordinates = coordinateIssues(polygon, field);
  if (coordinates.length > 0) return coordinates.slice(0, 5);
  const ring = openRing(polygon as Vertex[]);
  const tooFew = tooFewPointsIssue(ring, field);
  if (tooFew) return [tooFew];
  if (ring.length > ZONE_LIMITS.maxVertices) {
    return [
      {
        field,
        message: `${field} has ${count(ring.length)} points; a zone may have at most ${count(ZONE_LIMITS.maxVertices)}.`,
      },
    ];
  }
  const crossing = firstCrossing(ring);
  if (crossing) {
    const [a, b] = crossing;
    const edge = (i: number) => `the edge from point ${i + 1} to point ${((i + 1) % ring.length) + 1}`;
    return [{ field, message: `${field} crosses itself: ${edge(a)} meets ${edge(b)}.` }];
  }
  const area = areaKm2(ring);
  if (area > ZONE_LIMITS.maxAreaKm2) {
    return [
      {
        field,
        message: `${field} covers ${count(area)} km²; a zone may cover at most ${count(ZONE_LIMITS.maxAreaKm2)} km².`,
      },
    ];
  }
  return [];
}

/**
 * A circle as the polygon every client reads (at most 64 vertices, the first due north, then clockwise), with
 * the circle itself for `meta.circle` so the editor can offer it as a circle again.
 */
export function circleToPolygon(
  center: ZoneCircle['center'],
  radiusM: number,
  vertices: number = ZONE_LIMITS.maxCircleVertices,
): { polygon: [number, number][]; meta: { circle: ZoneCircle } } {
  const sides = Math.max(3, Math.min(ZONE_LIMITS.maxCircleVertices, Math.round(vertices)));
  const [lat, lng] = center;
  const phi1 = toRadians(lat);
  const lambda1 = toRadians(lng);
  const delta = radiusM / 1000 / EARTH_RADIUS_KM;
  const polygon: [number, number][] = [];
  for (let i = 0; i < sides; i++) {
    const bearing = (2 * Math.PI * i) / sides;
    // The destination point on the sphere at `delta` radians along `bearing`.
    const phi2 = Math.asin(Math.sin(phi1) * Math.cos(delta) + Math.cos(phi1) * Math.sin(delta) * Math.cos(bearing));
    const lambda2 =
      lambda1 +
      Math.atan2(
        Math.sin(bearing) * Math.sin(delta) * Math.cos(phi1),
        Math.cos(delta) - Math.sin(phi1) * Math.sin(phi2),
      );
    const round = (radians: number) => Math.round(((radians * 180) / Math.PI) * 1e7) / 1e7;
    const longitude = round(lambda2);
    polygon.push([round(phi2), longitude > 180 ? longitude - 360 : longitude < -180 ? longitude + 360 : longitude]);
  }
  return { polygon, meta: { circle: { center: [lat, lng], radiusM } } };
}

/** Why a `meta.circle` is malformed (sentences naming the field), or nothing when absent or well formed. */
export function circleIssues(circle: unknown, field = 'meta.circle'): GeometryIssue[] {
  if (circle === undefined) return [];
  const value = circle as Partial<ZoneCircle> | null;
  const center = value?.center;
  const centerOk =
    Array.isArray(center) &&
    center.length === 2 &&
    center.every((n) => typeof n === 'number' && Number.isFinite(n)) &&
    Math.abs(center[0]) <= 90 &&
    Math.abs(center[1]) <= 180;
  const radiusOk = typeof value?.radiusM === 'number' && Number.isFinite(value.radiusM) && value.radiusM > 0;
  if (centerOk && radiusOk) return [];
  return [
    { field, message: `${field} must be {center: [latitude, longitude], radiusM: a positive number of metres}.` },
  ];
}
