import { describe, expect, it } from 'vitest';
import { fitPoints, fitSignature, fitTarget, initialCamera, shouldAutoFit } from '../../src/map/fit.ts';
import type { MapAlert } from '../../src/map/types.ts';

const alert = (id: string, latitude: number | null | undefined, longitude: number | null | undefined): MapAlert => ({
  id,
  latitude,
  longitude,
  at: '2025-01-01T00:00:00.000Z',
});

describe('initial camera', () => {
  it('centres on the first alert with numeric coordinates, at zoom 5', () => {
    const camera = initialCamera([
      alert('a', null, 77),
      alert('b', 12.5, undefined),
      alert('c', 25.1, 91.8),
      alert('d', 26, 92),
    ]);
    expect(camera).toEqual({ center: [91.8, 25.1], zoom: 5 });
  });

  it('falls back to 20.5937, 78.9629 at zoom 5', () => {
    expect(initialCamera([])).toEqual({ center: [78.9629, 20.5937], zoom: 5 });
    // Issue 31: the selected region's home view, when there is no alert to start at.
    expect(initialCamera([], { center: [25.5788, 91.8933], zoom: 13 })).toEqual({
      center: [91.8933, 25.5788],
      zoom: 13,
    });
    expect(initialCamera([alert('c', 25.1, 91.8)], { center: [20, 70], zoom: 13 }).center).toEqual([91.8, 25.1]);
    expect(initialCamera([alert('a', Number.NaN, 1), alert('b', 1, Infinity)])).toEqual({
      center: [78.9629, 20.5937],
      zoom: 5,
    });
  });
});

describe('fit points', () => {
  const history = { t1: [{ latitude: 10, longitude: 20, at: '' }], t2: [{ latitude: 11, longitude: 21, at: '' }] };
  const alerts = [alert('a', 1, 2), alert('b', null, null)];

  it('are the alerts with numeric coordinates', () => {
    expect(fitPoints(alerts, history, { showLiveGps: true, fitGps: false })).toEqual([{ latitude: 1, longitude: 2 }]);
    expect(fitPoints(alerts, history, { showLiveGps: false, fitGps: true })).toEqual([{ latitude: 1, longitude: 2 }]);
  });

  it('include GPS history points when live GPS and Fit GPS are both on', () => {
    expect(fitPoints(alerts, history, { showLiveGps: true, fitGps: true })).toEqual([
      { latitude: 1, longitude: 2 },
      { latitude: 10, longitude: 20 },
      { latitude: 11, longitude: 21 },
    ]);
  });
});

describe('fit target', () => {
  it('is nothing without points', () => {
    expect(fitTarget([])).toEqual({ kind: 'none' });
  });

  it('is zoom 13 on a single point', () => {
    expect(fitTarget([{ latitude: 12.9, longitude: 77.6 }])).toEqual({ kind: 'point', center: [77.6, 12.9], zoom: 13 });
  });

  it('treats several reports from the same spot as one point', () => {
    const same = { latitude: 12.9, longitude: 77.6 };
    expect(fitTarget([same, { ...same }])).toEqual({ kind: 'point', center: [77.6, 12.9], zoom: 13 });
  });

  it('fits several points into their bounds with 40 px padding, never closer than zoom 13', () => {
    expect(
      fitTarget([
        { latitude: 12, longitude: 77 },
        { latitude: 13, longitude: 76 },
        { latitude: 12.5, longitude: 78 },
      ]),
    ).toEqual({
      kind: 'bounds',
      bounds: [
        [76, 12],
        [78, 13],
      ],
      padding: 40,
      maxZoom: 13,
    });
  });
});

describe('auto-fit', () => {
  const a = fitTarget([{ latitude: 1, longitude: 2 }]);
  const b = fitTarget([
    { latitude: 1, longitude: 2 },
    { latitude: 3, longitude: 4 },
  ]);

  it('fits when the data moved the target and the operator has not taken the camera', () => {
    expect(shouldAutoFit({ operatorMoved: false, lastSignature: null }, a)).toBe(true);
    expect(shouldAutoFit({ operatorMoved: false, lastSignature: fitSignature(a) }, b)).toBe(true);
  });

  it('does not fit again to the same target', () => {
    expect(
      shouldAutoFit(
        { operatorMoved: false, lastSignature: fitSignature(a) },
        fitTarget([{ latitude: 1, longitude: 2 }]),
      ),
    ).toBe(false);
  });

  it('stops following data updates once the operator panned or zoomed', () => {
    expect(shouldAutoFit({ operatorMoved: true, lastSignature: fitSignature(a) }, b)).toBe(false);
    expect(shouldAutoFit({ operatorMoved: true, lastSignature: null }, a)).toBe(false);
  });

  it('has nothing to fit to without points', () => {
    expect(shouldAutoFit({ operatorMoved: false, lastSignature: null }, { kind: 'none' })).toBe(false);
  });
});
