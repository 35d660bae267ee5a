// Where the dashboard's map starts for a region created without a home view (issue 46): on its boundary,
// centred on the boundary's bounds at the closest whole zoom that shows them on the dashboard's map (400 px
// high, SPEC §9; some 600 px wide, 40 px of padding each side, 512 px tiles); without a boundary, where the
// spec's map starts (SPEC §9: 20.5937, 78.9629 at zoom 5).
import type { HomeView } from '../api/regions.ts';
import type { Vertex } from './geo.ts';

export const SPEC_HOME_VIEW: HomeView = { center: [20.5937, 78.9629], zoom: 5 };

const VIEW = { width: 600 - 2 * 40, height: 400 - 2 * 40, tile: 512 };
/** A boundary a few metres across would ask for more: street level is close enough to start at. */
const CLOSEST_ZOOM = 18;

const mercatorY = (latitude: number) => {
  const sin = Math.sin((latitude * Math.PI) / 180);
  return 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI);
};

export function homeViewOf(boundary: readonly Vertex[] | null): HomeView {
  if (!boundary || boundary.length === 0) return SPEC_HOME_VIEW;
  const lats = boundary.map(([latitude]) => latitude);
  const lngs = boundary.map(([, longitude]) => longitude);
  const [south, north, west, east] = [Math.min(...lats), Math.max(...lats), Math.min(...lngs), Math.max(...lngs)];
  // Fractions of the Web-Mercator world the bounds span, across and down.
  const across = (east - west) / 360;
  const down = mercatorY(south) - mercatorY(north);
  const fits = Math.min(VIEW.width / (across * VIEW.tile), VIEW.height / (down * VIEW.tile));
  const zoom = Math.max(0, Math.min(CLOSEST_ZOOM, Math.floor(Math.log2(fits))));
  return { center: [(south + north) / 2, (west + east) / 2], zoom };
}
