// Follow mode: the camera moves only when a followed position nears the map's edge (the middle 60 % is free),
// so the map is not redrawn for a camera move every frame of a slow walk.
import type { Map as MapLibreMap } from 'maplibre-gl';
import type { ReplayPosition } from './replay-data.ts';

const MARGIN = 0.2;

export function keepInView(map: MapLibreMap, positions: readonly ReplayPosition[]): void {
  if (positions.length === 0) return;
  const { clientWidth: width, clientHeight: height } = map.getContainer();
  const outside = positions.some(({ position }) => {
    const { x, y } = map.project(position);
    return x < width * MARGIN || x > width * (1 - MARGIN) || y < height * MARGIN || y > height * (1 - MARGIN);
  });
  if (!outside) return;
  const lng = positions.reduce((sum, p) => sum + p.position[0], 0) / positions.length;
  const lat = positions.reduce((sum, p) => sum + p.position[1], 0) / positions.length;
  map.jumpTo({ center: [lng, lat] });
}
