// The bench's table: a figure's verdict against its target, and "not measured" where the figure, or what its
// target compares it with, is missing.
import { describe, expect, it } from 'vitest';
import { figureRows } from '../../bench/support/table.ts';
import { FIGURES } from '../../bench/support/targets.ts';

const healthy = FIGURES.filter((spec) => spec.path === 'storeOutage.healthy.p99Ms');
const verdict = (figures: Record<string, number | null>) =>
  figureRows(healthy, { storeOutage: { healthy: figures } })[0][5];

describe('figureRows', () => {
  it('says yes or NO when the figure and what its target compares it with were measured', () => {
    expect(verdict({ p99Ms: 30, baselineP99Ms: 31, ratio: 0.97 })).toBe('yes');
    expect(verdict({ p99Ms: 40, baselineP99Ms: 31, ratio: 1.29 })).toBe('NO');
  });

  it('says not measured when the figure is missing, or only what its target compares it with', () => {
    expect(verdict({ p99Ms: null, baselineP99Ms: null, ratio: null })).toBe('not measured');
    expect(verdict({ p99Ms: 30, baselineP99Ms: null, ratio: null })).toBe('not measured');
  });
});
