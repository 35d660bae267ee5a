// The zones worth handing to deck.gl: those whose box meets the map's view (with a margin, so a small pan
// shows no gap before the next update). Measured in the bench (issue 31): with software WebGL a frame of
// 2,000 zones of 50 vertices takes the GPU process over 10 s, every zone's vertices shaded whether on screen
// or not, while the few dozen in view at a district's zoom take a fraction of a second.
import type { Geofence } from '../../api/entities.ts';
import { boundingBox, type BoundingBox } from '../../domain/geo.ts';

export interface View {
  west: number;
  south: number;
  east: number;
  north: number;
}

const boxes = new WeakMap<Geofence, BoundingBox>();
function boxOf(zone: Geofence): BoundingBox {
  let box = boxes.get(zone);
  if (!box) {
    box = zone.polygon.length
      ? boundingBox(zone.polygon)
      : { minLat: Infinity, maxLat: -Infinity, minLng: Infinity, maxLng: -Infinity };
    boxes.set(zone, box);
  }
  return box;
}

/** The view grown by `margin` of its size on every side. */
export function widen(view: View, margin = 0.5): View {
  const width = view.east - view.west;
  const height = view.north - view.south;
  return {
    west: view.west - width * margin,
    east: view.east + width * margin,
    south: view.south - height * margin,
    north: view.north + height * margin,
  };
}

/**
 * The zones whose box meets `view`; the same array when all do (deck.gl then keeps its attributes). None before
 * the view is known: a first frame of every zone would cost what this saves.
 */
export function zonesInView(zones: readonly Geofence[], view: View | undefined): Geofence[] {
  if (!view) return [];
  const inView = zones.filter((zone) => {
    const box = boxOf(zone);
    return box.maxLng >= view.west && box.minLng <= view.east && box.maxLat >= view.south && box.minLat <= view.north;
  });
  return inView.length === zones.length ? (zones as Geofence[]) : inView;
}
