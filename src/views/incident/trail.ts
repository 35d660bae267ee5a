// The drawer's small map: the tourist's recent trail, last position and the incident, projected into a
// box. An equirectangular projection scaled by the latitude's cosine is exact enough for a few kilometres.
import type { GpsHistoryPoint } from '../../api/entities.ts';

export interface PlotPoint {
  x: number;
  y: number;
}

export interface TrailPlot {
  trail: PlotPoint[];
  incident: PlotPoint;
  last: PlotPoint | undefined;
}

interface LatLng {
  latitude: number;
  longitude: number;
}

/** Fits the points into `width` × `height` less `padding`, keeping distances in proportion. */
export function plotTrail(
  incident: LatLng,
  trail: readonly GpsHistoryPoint[],
  box = { width: 280, height: 160, padding: 12 },
): TrailPlot {
  const points = [incident, ...trail];
  const cos = Math.cos((incident.latitude * Math.PI) / 180);
  const xs = points.map((p) => p.longitude * cos);
  const ys = points.map((p) => p.latitude);
  const [minX, maxX, minY, maxY] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const spanX = maxX - minX || 1e-6;
  const spanY = maxY - minY || 1e-6;
  const scale = Math.min((box.width - 2 * box.padding) / spanX, (box.height - 2 * box.padding) / spanY);
  // Centred: the spare room on the longer side is shared.
  const offsetX = (box.width - spanX * scale) / 2;
  const offsetY = (box.height - spanY * scale) / 2;
  const project = (p: LatLng): PlotPoint => ({
    x: offsetX + (p.longitude * cos - minX) * scale,
    y: box.height - (offsetY + (p.latitude - minY) * scale),
  });
  const plotted = trail.map(project);
  return { trail: plotted, incident: project(incident), last: plotted.at(-1) };
}
