// Which rows of a long table are worth rendering (issue 12): those in the viewport and a margin around
// them; the rest stand as two spacer rows of their estimated height, so the page scrolls as if they were
// there. A short table renders every row.

/** Up to this many rows, every row is rendered. */
export const WINDOWING_THRESHOLD = 100;
/** Rows rendered beyond each edge of the viewport, so a quick scroll does not show blank space. */
const OVERSCAN_ROWS = 10;
/** Rows rendered even when the table is out of view (it may be scrolled to at once). */
const MIN_ROWS = 30;

export interface RowWindow {
  start: number;
  end: number;
  padTop: number;
  padBottom: number;
}

export interface Viewport {
  /** The table body's top edge relative to the viewport's top (negative once scrolled past). */
  bodyTop: number;
  viewportHeight: number;
  rowHeight: number;
}

export function rowWindow(count: number, { bodyTop, viewportHeight, rowHeight }: Viewport): RowWindow {
  if (count <= WINDOWING_THRESHOLD) return { start: 0, end: count, padTop: 0, padBottom: 0 };
  const clamp = (n: number, low: number) => Math.min(count, Math.max(low, n));
  const start = clamp(Math.floor(-bodyTop / rowHeight) - OVERSCAN_ROWS, 0);
  const end = clamp(
    Math.max(Math.ceil((viewportHeight - bodyTop) / rowHeight) + OVERSCAN_ROWS, start + MIN_ROWS),
    start,
  );
  return { start, end, padTop: start * rowHeight, padBottom: (count - end) * rowHeight };
}

/** Where the body's top must be for row `index` to sit in the middle of the viewport. */
export function bodyTopCentring(index: number, { viewportHeight, rowHeight }: Viewport): number {
  return viewportHeight / 2 - (index + 0.5) * rowHeight;
}
