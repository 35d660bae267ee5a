import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect } from 'react';
import { BACKGROUND_LAYER_ID, backgroundColour, RASTER_LAYER_ID } from './basemap.ts';

/** Dark mode for our own basemap styles (a configured style URL keeps its own look). */
export function useBasemapTheme(map: MapLibreMap | null, dark: boolean) {
  useEffect(() => {
    if (!map) return;
    const applyTheme = () => {
      // MapLibre ignores a paint value equal to the current one, so this does not loop on styledata.
      if (map.getLayer(BACKGROUND_LAYER_ID))
        map.setPaintProperty(BACKGROUND_LAYER_ID, 'background-color', backgroundColour(dark));
      if (map.getLayer(RASTER_LAYER_ID)) map.setPaintProperty(RASTER_LAYER_ID, 'raster-brightness-max', dark ? 0.7 : 1);
    };
    applyTheme();
    map.on('styledata', applyTheme);
    return () => {
      map.off('styledata', applyTheme);
    };
  }, [map, dark]);
}
