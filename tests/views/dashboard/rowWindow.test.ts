// Which rows of a long alerts table are rendered (issue 12): the viewport and a margin, spacers for the rest.
import { expect, it } from 'vitest';
import { bodyTopCentring, rowWindow, WINDOWING_THRESHOLD } from '../../../src/views/dashboard/rowWindow.ts';

const viewport = { bodyTop: 300, viewportHeight: 900, rowHeight: 40 };

it('renders every row of a short table', () => {
  expect(rowWindow(WINDOWING_THRESHOLD, viewport)).toEqual({
    start: 0,
    end: WINDOWING_THRESHOLD,
    padTop: 0,
    padBottom: 0,
  });
});

it('renders the rows in view and a margin, and stands spacers for the rest', () => {
  const { start, end, padTop, padBottom } = rowWindow(10_000, viewport);
  expect(start).toBe(0);
  // 15 rows in view and 10 beyond, but never fewer than 30: the table may be scrolled to at once.
  expect(end).toBe(30);
  expect(padTop).toBe(0);
  expect(padBottom).toBe((10_000 - end) * 40);
});

it('follows the scroll: the rows under the viewport once the table is scrolled past', () => {
  const { start, end, padTop } = rowWindow(10_000, { ...viewport, bodyTop: -40_000 });
  expect(start).toBe(1000 - 10);
  expect(end).toBe(1000 + 23 + 10);
  expect(padTop).toBe(start * 40);
});

it('a body placed by bodyTopCentring renders the row it centres', () => {
  const { start, end } = rowWindow(10_000, { ...viewport, bodyTop: bodyTopCentring(7_500, viewport) });
  expect(start).toBeLessThan(7_500);
  expect(end).toBeGreaterThan(7_500);
});
