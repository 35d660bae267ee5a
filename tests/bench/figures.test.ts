// The bench's figure protocol: the parts the scripts print merge into one JSON object of a fixed shape.
import { describe, expect, it } from 'vitest';
import { figureAt, mergeFigures } from '../../bench/support/figures.ts';
import { SKELETON } from '../../bench/support/skeleton.ts';

describe('mergeFigures', () => {
  it('lays a script part over the skeleton, group by group', () => {
    const merged = mergeFigures(SKELETON, { restart: { afterKillMs: { median: 990 }, lostPanics: 0 } });
    expect(figureAt(merged, 'restart.afterKillMs.median')).toBe(990);
    expect(figureAt(merged, 'restart.afterKillMs.p90')).toBeNull();
    expect(figureAt(merged, 'restart.lostPanics')).toBe(0);
    expect(figureAt(merged, 'load')).toEqual({ firstPaintGzipKB: null, firstTablePaintMs: null });
  });

  it('keeps a figure group that a part names with a single value, and reports its path', () => {
    const clashes: string[] = [];
    const merged = mergeFigures(SKELETON, { load: 1.98, restart: { afterKillMs: 5 } }, (path) => clashes.push(path));
    expect(figureAt(merged, 'load')).toEqual({ firstPaintGzipKB: null, firstTablePaintMs: null });
    expect(figureAt(merged, 'restart.afterKillMs.median')).toBeNull();
    expect(clashes).toEqual(['load', 'restart.afterKillMs']);
  });

  it('leaves the figures of a group a part calls null (not measured) null, without a clash', () => {
    const clashes: string[] = [];
    const merged = mergeFigures(SKELETON, { ingest: { pglite: { singlePingsPerSec: 2700 }, postgres: null } }, (path) =>
      clashes.push(path),
    );
    expect(figureAt(merged, 'ingest.pglite.singlePingsPerSec')).toBe(2700);
    expect(figureAt(merged, 'ingest.postgres')).toEqual({
      singlePingsPerSec: null,
      batchPingsPerSec: null,
      floorPingsPerSec: null,
      singleRatio: null,
      batchRatio: null,
      watchRaised: null,
    });
    expect(clashes).toEqual([]);
  });

  it('lets a later part replace a measured value, or a group not in the skeleton', () => {
    const first = mergeFigures(SKELETON, { start: { firstMs: 1500 }, startWithoutDist: { answeredMs: 1 } });
    const second = mergeFigures(first, { start: { firstMs: 1400 }, startWithoutDist: { answeredMs: 2 } });
    expect(figureAt(second, 'start.firstMs')).toBe(1400);
    expect(figureAt(second, 'startWithoutDist.answeredMs')).toBe(2);
  });
});
