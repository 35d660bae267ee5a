// Follow mode: the camera moves only when the followed tourists' centre nears the map's edge (the middle 60 %
// is free), so the map is not redrawn for a camera move every frame of a slow walk, nor every frame of a group
// spread wider than the view. The map's size is handed in, not read from the page: a read of an element's size
// after the frame's writes made the browser lay the page out there and then, a millisecond or more a frame.
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { ReplayPosition } from './replay-data.ts';

const MARGIN = 0.2;

export interface MapSize {
  width: number;
  height: number;
}

export function keepInView(map: MapLibreMap, { width, height }: MapSize, positions: readonly ReplayPosition[]): void {
  if (positions.length === 0) return;
  const lng = positions.reduce((sum, p) => sum + p.position[0], 0) / positions.length;
  const lat = positions.reduce((sum, p) => sum + p.position[1], 0) / positions.length;
  const { x, y } = map.project([lng, lat]);
  if (x >= width * MARGIN && x <= width * (1 - MARGIN) && y >= height * MARGIN && y <= height * (1 - MARGIN)) return;
  map.jumpTo({ center: [lng, lat] });
  // The overlays take the camera at the map's next render, which a jump asks for only once the basemap's style
  // has loaded: with a basemap that failed to load, they would go on drawing the old view.
  map.triggerRepaint();
}
