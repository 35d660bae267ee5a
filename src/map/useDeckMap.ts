// The effectful part: one MapLibre map with a deck.gl overlay, created once per mounted panel.
import { MapLibreOverlay } from '@deck.gl/maplibre';
import { AttributionControl, Map as MapLibreMap, NavigationControl, setWorkerUrl } from 'maplibre-gl';
import 'maplibre-gl/dist/maplibre-gl.css';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useEffect, useState, type RefObject } from 'react';
import { BACKGROUND_LAYER_ID, backgroundColour, basemapStyle, loadBasemapConfig, type BasemapStyle } from './basemap.ts';
import type { Camera } from './fit.ts';

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
  return { version: 8, sources: {}, layers: [{ id: BACKGROUND_LAYER_ID, type: 'background', paint: { 'background-color': backgroundColour(dark) } }] };
}

let warnedAboutMapErrors = false;
function onMapError(event: { error?: unknown }): void {
  // Offline machines fail every tile request; MapLibre reports each one. Layers draw regardless.
  if (warnedAboutMapErrors) return;
  warnedAboutMapErrors = true;
  console.warn('Map: basemap resources failed to load; drawing layers over the plain background.', event.error);
}

export function useDeckMap(
  container: RefObject<HTMLDivElement | null>,
  initial: { camera: Camera; dark: boolean },
): DeckMapStatus {
  const [status, setStatus] = useState<DeckMapStatus>({ state: 'starting' });

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    let map: MapLibreMap | undefined;
    let disposed = false;
    try {
      configureWorker();
      map = new MapLibreMap({
        container: element,
        style: placeholderStyle(initial.dark),
        center: initial.camera.center,
        zoom: initial.camera.zoom,
        attributionControl: false,
      });
      map.on('error', onMapError);
      // The risk legend sits bottom right (SPEC), so the attribution goes bottom left, always expanded.
      map.addControl(new AttributionControl({ compact: false }), 'bottom-left');
      map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
      const overlay = new MapLibreOverlay({ interleaved: false, layers: [] });
      map.addControl(overlay);
      const created = map;
      // The map exists only once the effect has created it on the mounted element: report it now.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setStatus({ state: 'ready', deckMap: { map: created, overlay } });
      void loadBasemapConfig().then((config) => {
        if (!disposed) created.setStyle(basemapStyle(config, initial.dark), { diff: false });
      });
    } catch (error) {
      map?.remove();
      map = undefined;
      setStatus({ state: 'failed', reason: error instanceof Error ? error.message : String(error) });
    }
    return () => {
      disposed = true;
      map?.remove();
      setStatus({ state: 'starting' });
    };
    // The map is created once; later camera and theme changes go through the map's own API.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  return status;
}
