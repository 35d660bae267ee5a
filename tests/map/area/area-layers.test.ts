import { describe, expect, it } from 'vitest';
import { cellRows, cellShade } from '../../../src/map/area/area-layers.ts';

const lightness = ([r, g, b]: readonly number[]) => r! + g! + b!;

describe('cellShade', () => {
  it('darkens with the count on a light map and lightens on a dark one, the fullest cell at the far end', () => {
    const light = [1, 10, 100, 1000].map((count) => lightness(cellShade(count, 1000)));
    const dark = [1, 10, 100, 1000].map((count) => lightness(cellShade(count, 1000, true)));
    expect(light).toEqual([...light].sort((a, b) => b - a));
    expect(dark).toEqual([...dark].sort((a, b) => a - b));
    expect(cellShade(1000, 1000).slice(0, 3)).toEqual([30, 64, 175]);
    expect(cellShade(1000, 1000, true).slice(0, 3)).toEqual([147, 197, 253]);
  });

  it('shades by the logarithm, so one crowd does not wash the rest out', () => {
    const [r] = cellShade(10, 10_000);
    expect(r).toBeLessThan(191 - (191 - 30) / 4);
  });

  it('draws a lone cell of one device at full shade, half see-through', () => {
    expect(cellShade(1, 1)).toEqual([30, 64, 175, 150]);
  });
});

describe('cellRows', () => {
  it('gives each cell its outline', () => {
    const rows = cellRows([{ cell: 'a', count: 2 }], (cell) => [[cell.length, 0]]);
    expect(rows).toEqual([{ cell: 'a', count: 2, outline: [[1, 0]] }]);
  });
});
