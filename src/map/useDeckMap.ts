// The effectful part: one MapLibre map with a deck.gl overlay, created once per mounted panel.
import { MapLibreOverlay } from '@deck.gl/maplibre';
import { AttributionControl, Map as MapLibreMap, NavigationControl, setWorkerUrl } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useState, type RefObject } from 'react';
import {
  BACKGROUND_LAYER_ID,
  backgroundColour,
  basemapStyle,
  loadBasemapConfig,
  type BasemapStyle,
} from './basemap.ts';
import type { Camera } from './fit.ts';
import { afterNextFrame, whenGpuDone, whenIdle, whenMapLoaded } from './idle.ts';
import { warmUpSteps } from './warm-up.ts';

interface DeckMap {
  map: MapLibreMap;
  overlay: MapLibreOverlay;
}

type DeckMapStatus = { state: 'starting' } | { state: 'ready'; deckMap: DeckMap } | { state: 'failed'; reason: string };

let workerConfigured = false;
function configureWorker(): void {
  // A Vite build does not emit MapLibre's worker by itself; ?url makes it an asset we point MapLibre at.
  if (workerConfigured) return;
  setWorkerUrl(workerUrl);
  workerConfigured = true;
}

/** Until the configured basemap is known: a plain background, which is also what shows where tiles fail. */
function placeholderStyle(dark: boolean): BasemapStyle {
  return {
    version: 8,
    sources: {},
    layers: [{ id: BACKGROUND_LAYER_ID, type: 'background', paint: { 'background-color': backgroundColour(dark) } }],
  };
}

let warnedAboutMapErrors = false;
function onMapError(event: { error?: unknown }): void {
  // Offline machines fail every tile request; MapLibre reports each one. Layers draw regardless.
  if (warnedAboutMapErrors) return;
  warnedAboutMapErrors = true;
  console.warn('Map: basemap resources failed to load; drawing layers over the plain background.', event.error);
}

/**
 * The map's start, one step per idle period (issue 33): MapLibre's map (its WebGL context, style and first
 * drawing), then deck.gl's overlay (a second context), then each layer type drawn once (warm-up.ts). Without
 * a GPU, a program's first draw has SwiftShader compile it in Chromium's GPU process, and the page's next
 * commit of a visible canvas waited for that (the canvas is read back to be composited in software): 0.8 to
 * 1.7 s in one task. So the map stays hidden while it starts and each step waits, without blocking, for the
 * GPU to be done with the one before. The caller mounts the panel only once the alerts table is live.
 */
async function startDeckMap(
  element: HTMLDivElement,
  initial: { camera: Camera; dark: boolean; warmUpAlertLayers?: boolean },
  signal: AbortSignal,
  created: (map: MapLibreMap) => void,
): Promise<DeckMap> {
  const staged = initial.warmUpAlertLayers === true;
  // Unstaged (the Zones and Regions views), the map is what the view is for: it starts at once, in sight.
  const step = (wait: () => Promise<void>) => (staged ? wait() : Promise.resolve());
  if (staged) element.style.visibility = 'hidden';
  await step(() => whenIdle(signal));
  configureWorker();
  const map = new MapLibreMap({
    container: element,
    style: placeholderStyle(initial.dark),
    center: initial.camera.center,
    zoom: initial.camera.zoom,
    attributionControl: false,
  });
  created(map);
  map.on('error', onMapError);
  // The risk legend sits bottom right (SPEC), so the attribution goes bottom left, always expanded.
  map.addControl(new AttributionControl({ compact: false }), 'bottom-left');
  map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
  await step(() => whenMapLoaded(map, signal));
  await step(() => whenGpuDone(map.getCanvas().getContext('webgl2'), signal));
  await step(() => whenIdle(signal));
  // luma.gl would otherwise probe every optional feature of the new context now, each probe a round trip to
  // the GPU process; unprobed, a feature is asked about when a layer first needs it.
  const overlay = new MapLibreOverlay({ interleaved: false, layers: [], deviceProps: { _initializeFeatures: false } });
  map.addControl(overlay);
  const deckContext = () => overlay.getCanvas()?.getContext('webgl2') ?? null;
  const center = map.getCenter();
  for (const layers of staged ? warmUpSteps([center.lng, center.lat], { dark: initial.dark }) : []) {
    await whenIdle(signal);
    overlay.setProps({ layers });
    await afterNextFrame(signal);
    await whenGpuDone(deckContext(), signal);
  }
  await step(() => whenIdle(signal));
  element.style.visibility = '';
  return { map, overlay };
}

/**
 * `warmUpAlertLayers`: the dashboard's map, started in idle steps, hidden, its alert layers drawn once before
 * the first panic needs them; the Zones and Regions views' maps start at once and draw what they show.
 */
export function useDeckMap(
  container: RefObject<HTMLDivElement | null>,
  initial: { camera: Camera; dark: boolean; warmUpAlertLayers?: boolean },
): DeckMapStatus {
  const [status, setStatus] = useState<DeckMapStatus>({ state: 'starting' });

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let map: MapLibreMap | undefined;
    const stop = new AbortController();
    const basemapConfig = loadBasemapConfig();
    startDeckMap(element, initial, stop.signal, (created) => (map = created)).then(
      async (deckMap) => {
        if (stop.signal.aborted) return;
        setStatus({ state: 'ready', deckMap });
        // The configured basemap replaces the placeholder once the first fit has been drawn: MapLibre stops
        // drawing under a style that never loads, and deck.gl, which follows its renders, would keep the
        // camera from before the fit.
        const config = await basemapConfig;
        await whenIdle(stop.signal);
        deckMap.map.setStyle(basemapStyle(config, initial.dark), { diff: false });
      },
      (error: unknown) => {
        if (stop.signal.aborted) return;
        map?.remove();
        map = undefined;
        setStatus({ state: 'failed', reason: error instanceof Error ? error.message : String(error) });
      },
    );
    return () => {
      stop.abort();
      map?.remove();
      setStatus({ state: 'starting' });
    };
    // The map is created once; later camera and theme changes go through the map's own API.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return status;
}
