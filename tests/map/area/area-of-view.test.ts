import { describe, expect, it } from 'vitest';
import { areaOfView, positionsStreamUrl, stillServes } from '../../../src/map/area/area-of-view.ts';

const shillong = { west: 91.85, south: 25.55, east: 91.95, north: 25.6 };

describe('areaOfView', () => {
  it('subscribes to the view with half its size again on each side, at a whole zoom', () => {
    const area = areaOfView('shillong', shillong, 13.7);
    expect(area.regionId).toBe('shillong');
    expect(area.zoom).toBe(13);
    expect(area.bbox.west).toBeCloseTo(91.8);
    expect(area.bbox.east).toBeCloseTo(92);
    expect(area.bbox.south).toBeCloseTo(25.525);
    expect(area.bbox.north).toBeCloseTo(25.625);
  });

  it('keeps within the world, and asks for every region when the view is of all of them', () => {
    const area = areaOfView('all', { west: -200, south: -80, east: 200, north: 85 }, 0.5);
    expect(area).toEqual({ regionId: undefined, bbox: { west: -180, south: -90, east: 180, north: 90 }, zoom: 0 });
  });
});

describe('stillServes', () => {
  const subscribed = areaOfView('shillong', shillong, 13);
  const moved = (dx: number) => ({ ...shillong, west: shillong.west + dx, east: shillong.east + dx });

  it('keeps the subscription for a pan inside its margin, and a zoom within the same band', () => {
    expect(stillServes(subscribed, areaOfView('shillong', moved(0.04), 13), moved(0.04))).toBe(true);
    expect(stillServes(subscribed, areaOfView('shillong', shillong, 14.2), shillong)).toBe(true);
  });

  it('opens another for a pan past its margin, another region, two zooms in, or points turned to cells', () => {
    expect(stillServes(subscribed, areaOfView('shillong', moved(0.08), 13), moved(0.08))).toBe(false);
    expect(stillServes(subscribed, areaOfView('guwahati', shillong, 13), shillong)).toBe(false);
    expect(stillServes(subscribed, areaOfView('shillong', shillong, 15), shillong)).toBe(false);
    const zoomedOut = areaOfView('shillong', shillong, 11);
    expect(stillServes(zoomedOut, areaOfView('shillong', shillong, 10), shillong)).toBe(false);
  });
});

describe('positionsStreamUrl', () => {
  it('writes the region, the box west,south,east,north to 5 decimals, and the zoom', () => {
    const url = new URL(positionsStreamUrl(areaOfView('shillong', shillong, 13)), 'http://x');
    expect(url.pathname).toBe('/positions/stream');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      regionId: 'shillong',
      bbox: '91.8,25.525,92,25.625',
      zoom: '13',
    });
    expect(positionsStreamUrl(areaOfView('all', shillong, 4))).not.toContain('regionId');
  });
});
