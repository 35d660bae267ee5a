// Web-Mercator arithmetic for checking where a click on the dashboard's map lands, independently of MapLibre.

/** Where a pixel offset from the centre of a Web-Mercator map at `zoom` (512 px tiles) falls. */
export function offsetToLatLng(centre: { latitude: number; longitude: number }, zoom: number, dx: number, dy: number) {
  const world = 512 * 2 ** zoom;
  const x = ((centre.longitude + 180) / 360) * world + dx;
  const sin = Math.sin((centre.latitude * Math.PI) / 180);
  const y = (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * world + dy;
  const longitude = (x / world) * 360 - 180;
  const latitude = (Math.atan(Math.sinh(Math.PI * (1 - (2 * y) / world))) * 180) / Math.PI;
  return { latitude, longitude };
}

/** A position as a fraction of the Web-Mercator world, x eastward and y southward from the top-left corner. */
function mercator({ latitude, longitude }: { latitude: number; longitude: number }): { x: number; y: number } {
  const sin = Math.sin((latitude * Math.PI) / 180);
  return { x: (longitude + 180) / 360, y: 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI) };
}

/** Where `point` is drawn, in pixels from the centre of a map at `centre` and `zoom` (512 px tiles). */
export function offsetFromCentre(
  centre: { latitude: number; longitude: number },
  zoom: number,
  point: { latitude: number; longitude: number },
): { dx: number; dy: number } {
  const world = 512 * 2 ** zoom;
  const [p, c] = [mercator(point), mercator(centre)];
  return { dx: (p.x - c.x) * world, dy: (p.y - c.y) * world };
}

/**
 * Where each point lies, in pixels from the map's centre, once the map has fitted them as the dashboard does
 * (src/map/fit.ts: one point at `maxZoom`, else MapLibre's fitBounds with `padding` and `maxZoom`, 512 px tiles).
 */
export function offsetsOnceFitted(
  points: readonly { latitude: number; longitude: number }[],
  size: { width: number; height: number },
  padding = 40,
  maxZoom = 13,
): { dx: number; dy: number }[] {
  const projected = points.map(mercator);
  const xs = projected.map((p) => p.x);
  const ys = projected.map((p) => p.y);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const fits = Math.min(
    (size.width - 2 * padding) / (maxX - minX || Infinity),
    (size.height - 2 * padding) / (maxY - minY || Infinity),
  );
  const world = Math.min(512 * 2 ** maxZoom, fits);
  const centre = { x: (minX + maxX) / 2, y: (minY + maxY) / 2 };
  return projected.map((p) => ({ dx: (p.x - centre.x) * world, dy: (p.y - centre.y) * world }));
}
