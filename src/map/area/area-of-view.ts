// Which area the map subscribes to (issue 48 point 2): the view with a margin around it, so that panning a
// little keeps the subscription, at a whole zoom. Pure: useAreaPositions applies it.
import { cellResolution, POINTS_FROM_ZOOM } from '../../api/positions.ts';

export interface Bounds {
  west: number;
  south: number;
  east: number;
  north: number;
}

export interface SubscribedArea {
  regionId: string | undefined;
  bbox: Bounds;
  zoom: number;
}

/** The margin around the view, as a share of its width and height on each side. */
export const AREA_MARGIN = 0.5;

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/** The area to subscribe to for a view: `view` grown by AREA_MARGIN on each side, within the world; region 'all': every one. */
export function areaOfView(regionId: string | undefined, view: Bounds, zoom: number): SubscribedArea {
  const width = view.east - view.west;
  const height = view.north - view.south;
  const bbox = {
    west: clamp(view.west - width * AREA_MARGIN, -180, 180),
    south: clamp(view.south - height * AREA_MARGIN, -90, 90),
    east: clamp(view.east + width * AREA_MARGIN, -180, 180),
    north: clamp(view.north + height * AREA_MARGIN, -90, 90),
  };
  return { regionId: regionId === 'all' ? undefined : regionId, bbox, zoom: Math.max(0, Math.floor(zoom)) };
}

/** Points, or counts at one resolution: what a zoom is answered with. */
const answerOf = (zoom: number) => (zoom < POINTS_FROM_ZOOM ? cellResolution(zoom) : 'points');

const within = (inner: Bounds, outer: Bounds) =>
  inner.west >= outer.west && inner.east <= outer.east && inner.south >= outer.south && inner.north <= outer.north;

/**
 * Whether `subscribed` still serves the view: same region, the view inside it, answered the same way, and not
 * so much larger than the view (zoomed in by two steps or more) that it carries points nobody sees.
 */
export function stillServes(subscribed: SubscribedArea, wanted: SubscribedArea, view: Bounds): boolean {
  return (
    subscribed.regionId === wanted.regionId &&
    within(view, subscribed.bbox) &&
    answerOf(subscribed.zoom) === answerOf(wanted.zoom) &&
    wanted.zoom - subscribed.zoom < 2
  );
}

const degrees = (value: number) => String(Math.round(value * 1e5) / 1e5);

/** GET /positions/stream's address for an area. */
export function positionsStreamUrl(area: SubscribedArea): string {
  const { west, south, east, north } = area.bbox;
  const query = new URLSearchParams({
    ...(area.regionId !== undefined && { regionId: area.regionId }),
    bbox: [west, south, east, north].map(degrees).join(','),
    zoom: String(area.zoom),
  });
  return `/positions/stream?${query}`;
}
