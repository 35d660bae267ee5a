import { LngLat, type Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { fitSignature, shouldAutoFit, type AutoFitState, type FitTarget } from './fit.ts';
import { SINGLE_POINT_ZOOM } from './style.ts';
import type { MapPanelProps } from './types.ts';

const FIT_ANIMATION_MS = 400;
const FLY_TO_MS = 1_200;

/** Closer than this (degrees, zoom levels) is the camera already there. */
const SAME_CAMERA = 1e-7;

/** Whether the map's camera is already at `center` and `zoom`. */
function cameraIsAt(map: MapLibreMap, center: { lng: number; lat: number }, zoom: number): boolean {
  const now = map.getCenter();
  return (
    Math.abs(now.lng - center.lng) < SAME_CAMERA &&
    Math.abs(now.lat - center.lat) < SAME_CAMERA &&
    Math.abs(map.getZoom() - zoom) < SAME_CAMERA
  );
}

/**
 * Moves the camera to the target, unless it is there already: a fit to where the camera is (a new panic
 * inside the fitted bounds) would still redraw every layer, a whole frame of CPU without a GPU.
 */
function applyFit(map: MapLibreMap, target: FitTarget, animate: boolean): void {
  const duration = animate ? FIT_ANIMATION_MS : 0;
  if (target.kind === 'point') {
    const [lng, lat] = target.center;
    if (!cameraIsAt(map, { lng, lat }, target.zoom)) map.easeTo({ center: target.center, zoom: target.zoom, duration });
  }
  if (target.kind === 'bounds') {
    const options = { padding: target.padding, maxZoom: target.maxZoom };
    const camera = map.cameraForBounds(target.bounds, options);
    const there =
      camera?.center && camera.zoom !== undefined && cameraIsAt(map, LngLat.convert(camera.center), camera.zoom);
    if (!there) map.fitBounds(target.bounds, { ...options, duration });
  }
}

const OPERATOR_CAMERA_EVENTS = ['dragstart', 'zoomstart', 'rotatestart', 'pitchstart'] as const;

/**
 * Fits the camera to the data as it changes, until the operator pans or zooms by hand; from then on
 * only fitToData() (the 'Fit to data' button) moves the camera, and auto-fit resumes. Flying to an
 * incident the operator asked to see pauses auto-fit the same way: the region's reload must not undo it.
 * `mayEase`: whether the camera may move smoothly (motion.ts), else it jumps.
 */
export function useAutoFit(
  map: MapLibreMap | null,
  target: FitTarget,
  focus: MapPanelProps['focus'] | undefined,
  mayEase: boolean,
) {
  const state = useRef<AutoFitState>({ operatorMoved: false, lastSignature: null });
  const [autoFitPaused, setAutoFitPaused] = useState(false);
  const latestTarget = useRef(target);
  useLayoutEffect(() => {
    latestTarget.current = target;
  });

  useEffect(() => {
    if (!map) return;
    // Only gestures carry an originalEvent; our own fits and easing do not.
    const onCameraStart = (event: { originalEvent?: unknown }) => {
      if (!event.originalEvent || state.current.operatorMoved) return;
      state.current.operatorMoved = true;
      setAutoFitPaused(true);
    };
    for (const type of OPERATOR_CAMERA_EVENTS) map.on(type, onCameraStart);
    return () => {
      for (const type of OPERATOR_CAMERA_EVENTS) map.off(type, onCameraStart);
    };
  }, [map]);

  const signature = fitSignature(target);
  useEffect(() => {
    if (!map || !shouldAutoFit(state.current, latestTarget.current)) return;
    const firstFit = state.current.lastSignature === null;
    applyFit(map, latestTarget.current, mayEase && !firstFit);
    state.current.lastSignature = signature;
  }, [map, mayEase, signature]);

  const focusSeq = focus?.seq;
  const latestFocus = useRef(focus);
  useLayoutEffect(() => {
    latestFocus.current = focus;
  });
  useEffect(() => {
    const point = latestFocus.current;
    if (
      !map ||
      focusSeq === undefined ||
      !point ||
      !Number.isFinite(point.latitude) ||
      !Number.isFinite(point.longitude)
    )
      return;
    state.current.operatorMoved = true;
    setAutoFitPaused(true);
    const camera = {
      center: [point.longitude, point.latitude] as [number, number],
      zoom: Math.max(map.getZoom(), SINGLE_POINT_ZOOM),
    };
    if (mayEase) map.flyTo({ ...camera, duration: FLY_TO_MS });
    else map.jumpTo(camera);
  }, [map, mayEase, focusSeq]);

  const fitToData = useCallback(() => {
    state.current.operatorMoved = false;
    setAutoFitPaused(false);
    if (!map) return;
    applyFit(map, latestTarget.current, mayEase);
    state.current.lastSignature = fitSignature(latestTarget.current);
  }, [map, mayEase]);

  return { fitToData, autoFitPaused };
}
