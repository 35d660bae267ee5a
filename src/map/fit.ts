// Where the camera starts and what it fits to (SPEC §2 "Map panel"). Pure: MapPanel applies the result.
import type { GpsHistory } from '../api/entities.ts';
import type { LatLng } from '../domain/geo.ts';
import { alertsWithCoordinates, hasNumericCoordinates, type LngLat } from './geo.ts';
import { DEFAULT_CENTER, FIT_PADDING_PX, SINGLE_POINT_ZOOM, START_ZOOM } from './style.ts';
import type { MapAlert } from './types.ts';

export interface Camera {
  center: LngLat;
  zoom: number;
}

export type FitTarget =
  | { kind: 'none' }
  | { kind: 'point'; center: LngLat; zoom: number }
  | { kind: 'bounds'; bounds: [LngLat, LngLat]; padding: number; maxZoom: number };

interface FitOptions {
  showLiveGps: boolean;
  fitGps: boolean;
}

/**
 * The first alert, else the region's home view (issue 31: an admin sets it in the Regions view), else
 * India at zoom 5 (SPEC §2). `home` is [latitude, longitude] as the contract writes positions.
 */
export function initialCamera(
  alerts: readonly MapAlert[],
  home?: { center: readonly [number, number]; zoom: number },
): Camera {
  const first = alertsWithCoordinates(alerts)[0];
  if (!first && home) return { center: [home.center[1], home.center[0]], zoom: home.zoom };
  const { latitude, longitude } = first ?? DEFAULT_CENTER;
  return { center: [longitude, latitude], zoom: START_ZOOM };
}

/** Alerts always; GPS history points too when live GPS and 'Fit GPS' are both on. */
export function fitPoints(alerts: readonly MapAlert[], history: GpsHistory, options: FitOptions): LatLng[] {
  const points: LatLng[] = alertsWithCoordinates(alerts).map(({ latitude, longitude }) => ({ latitude, longitude }));
  if (options.showLiveGps && options.fitGps) {
    for (const track of Object.values(history)) {
      for (const { latitude, longitude } of track.filter(hasNumericCoordinates)) points.push({ latitude, longitude });
    }
  }
  return points;
}

export function fitTarget(points: readonly LatLng[]): FitTarget {
  if (points.length === 0) return { kind: 'none' };
  let minLng = Infinity;
  let minLat = Infinity;
  let maxLng = -Infinity;
  let maxLat = -Infinity;
  for (const { latitude, longitude } of points) {
    minLng = Math.min(minLng, longitude);
    maxLng = Math.max(maxLng, longitude);
    minLat = Math.min(minLat, latitude);
    maxLat = Math.max(maxLat, latitude);
  }
  // Several reports from one spot are one point: a zero-size box has no zoom to fit to.
  if (minLng === maxLng && minLat === maxLat) {
    return { kind: 'point', center: [minLng, minLat], zoom: SINGLE_POINT_ZOOM };
  }
  return {
    kind: 'bounds',
    bounds: [
      [minLng, minLat],
      [maxLng, maxLat],
    ],
    padding: FIT_PADDING_PX,
    // Two points a few metres apart must not zoom in further than one point would.
    maxZoom: SINGLE_POINT_ZOOM,
  };
}

/** Equal signatures mean fitting again would not move the camera. */
export function fitSignature(target: FitTarget): string {
  switch (target.kind) {
    case 'none':
      return 'none';
    case 'point':
      return `point:${target.center.join(',')}`;
    case 'bounds':
      return `bounds:${target.bounds.flat().join(',')}`;
  }
}

export interface AutoFitState {
  /** The operator panned, zoomed or rotated by hand since the last fit. */
  operatorMoved: boolean;
  lastSignature: string | null;
}

/**
 * Data updates refit only while the operator has not taken the camera; a tracker that jumps the view
 * back on every update is a known complaint. 'Fit to data' clears operatorMoved.
 */
export function shouldAutoFit(state: AutoFitState, target: FitTarget): boolean {
  if (target.kind === 'none' || state.operatorMoved) return false;
  return fitSignature(target) !== state.lastSignature;
}
