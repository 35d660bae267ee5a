// A region created without a home view starts on its boundary (issue 46): centred on its bounds, at the
// closest whole zoom that shows them on the dashboard's 400 px map; without a boundary, at the spec's centre.
import { describe, expect, it } from 'vitest';
import { homeViewOf } from '../../src/domain/region-home-view.ts';

/** The bounds' size in pixels at `zoom` (Web-Mercator, 512 px tiles). */
function pixelSize(boundary: [number, number][], zoom: number) {
  const world = 512 * 2 ** zoom;
  const y = (lat: number) => Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) / (2 * Math.PI);
  const lats = boundary.map(([lat]) => lat);
  const lngs = boundary.map(([, lng]) => lng);
  return {
    width: ((Math.max(...lngs) - Math.min(...lngs)) / 360) * world,
    height: (y(Math.max(...lats)) - y(Math.min(...lats))) * world,
  };
}

const fitsOnTheMap = ({ width, height }: { width: number; height: number }) => width <= 520 && height <= 320;

describe('the home view of a region created without one', () => {
  it.each([
    [
      'a city (Shillong)',
      [
        [25.625, 91.84],
        [25.625, 91.93],
        [25.6, 91.955],
        [25.545, 91.945],
        [25.53, 91.86],
        [25.56, 91.83],
      ],
    ],
    [
      'a state (a box around Assam)',
      [
        [24.2, 89.7],
        [27.95, 89.7],
        [27.95, 96.0],
        [24.2, 96.0],
      ],
    ],
    [
      'a hill station a few hundred metres across',
      [
        [30.45, 78.06],
        [30.455, 78.06],
        [30.455, 78.066],
      ],
    ],
  ] as [string, [number, number][]][])(
    'centres %s on its bounds at the closest zoom that shows it whole',
    (_name, boundary) => {
      const { center, zoom } = homeViewOf(boundary);
      const lats = boundary.map(([lat]) => lat);
      const lngs = boundary.map(([, lng]) => lng);
      expect(center[0]).toBeCloseTo((Math.min(...lats) + Math.max(...lats)) / 2, 9);
      expect(center[1]).toBeCloseTo((Math.min(...lngs) + Math.max(...lngs)) / 2, 9);
      expect(Number.isInteger(zoom)).toBe(true);
      expect(fitsOnTheMap(pixelSize(boundary, zoom))).toBe(true);
      expect(fitsOnTheMap(pixelSize(boundary, zoom + 1))).toBe(false);
    },
  );

  it("is the spec's centre of India at zoom 5 without a boundary", () => {
    expect(homeViewOf(null)).toEqual({ center: [20.5937, 78.9629], zoom: 5 });
  });
});
