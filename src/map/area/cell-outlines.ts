// The outline of each H3 cell the positions stream counts in. h3-js is half a megabyte: it is fetched the
// first time the map is zoomed out far enough to be answered in cells, never for a map that stays on points.
import type { LngLat } from '../geo.ts';

export type CellOutline = (cell: string) => LngLat[];

/** Outlines kept at most: a view holds a few thousand cells; past this the cache starts again. */
const KEPT_OUTLINES = 20_000;

let loading: Promise<CellOutline> | undefined;

/** Loads h3-js once, and answers the function that outlines a cell (as [longitude, latitude] points). */
export function loadCellOutlines(): Promise<CellOutline> {
  loading ??= import('h3-js').then(({ cellToBoundary }) => {
    const kept = new Map<string, LngLat[]>();
    return (cell: string) => {
      let outline = kept.get(cell);
      if (!outline) {
        if (kept.size >= KEPT_OUTLINES) kept.clear();
        outline = cellToBoundary(cell, true) as LngLat[];
        kept.set(cell, outline);
      }
      return outline;
    };
  });
  return loading;
}
