import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useLayoutEffect, useRef } from 'react';

/** While armed, a click on the map reports its latitude and longitude (SPEC §2: test alerts). */
export function useTestModeClicks(
  map: MapLibreMap | null,
  testMode: boolean,
  onMapClick: (latitude: number, longitude: number) => void,
) {
  const latest = useRef({ testMode, onMapClick });
  useLayoutEffect(() => {
    latest.current = { testMode, onMapClick };
  });

  useEffect(() => {
    if (!map) return;
    const onClick = (event: { lngLat: { lat: number; lng: number } }) => {
      if (latest.current.testMode) latest.current.onMapClick(event.lngLat.lat, event.lngLat.lng);
    };
    map.on('click', onClick);
    return () => {
      map.off('click', onClick);
    };
  }, [map]);

  useEffect(() => {
    if (!map) return;
    // Armed, a double click would send two test alerts and zoom in as well.
    if (testMode) map.doubleClickZoom.disable();
    else map.doubleClickZoom.enable();
  }, [map, testMode]);
}
