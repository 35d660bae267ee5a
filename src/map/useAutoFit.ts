import type { Map as MapLibreMap } from 'maplibre-gl';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { mapMayAnimate } from './motion.ts';
import { fitSignature, shouldAutoFit, type AutoFitState, type FitTarget } from './fit.ts';
import { SINGLE_POINT_ZOOM } from './style.ts';
import type { MapPanelProps } from './types.ts';

const FIT_ANIMATION_MS = 400;
const FLY_TO_MS = 1_200;

function applyFit(map: MapLibreMap, target: FitTarget, animate: boolean): void {
  const duration = animate ? FIT_ANIMATION_MS : 0;
  if (target.kind === 'point') map.easeTo({ center: target.center, zoom: target.zoom, duration });
  if (target.kind === 'bounds') {
    map.fitBounds(target.bounds, { padding: target.padding, maxZoom: target.maxZoom, duration });
  }
}

const OPERATOR_CAMERA_EVENTS = ['dragstart', 'zoomstart', 'rotatestart', 'pitchstart'] as const;

/**
 * Fits the camera to the data as it changes, until the operator pans or zooms by hand; from then on
 * only fitToData() (the 'Fit to data' button) moves the camera, and auto-fit resumes. Flying to an
 * incident the operator asked to see pauses auto-fit the same way: the region's reload must not undo it.
 */
export function useAutoFit(map: MapLibreMap | null, target: FitTarget, focus?: MapPanelProps['focus']) {
  const state = useRef<AutoFitState>({ operatorMoved: false, lastSignature: null });
  const mayEase = useMemo(() => map !== null && mapMayAnimate(map.getCanvas()), [map]);
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
