// The replay's second deck.gl overlay, over the map's own: the layers that change each frame draw in it, so
// the still ones under it are not redrawn with them (replay-layers.ts). Added after the map's overlay, its
// canvas lies above that one's.
import { MapLibreOverlay } from '@deck.gl/maplibre';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useMemo } from 'react';

export function useLiveOverlay(map: MapLibreMap | null): MapLibreOverlay | null {
  // As the map's own overlay: luma.gl asks about an optional feature when a layer first needs it.
  const live = useMemo(
    () =>
      map ? new MapLibreOverlay({ interleaved: false, layers: [], deviceProps: { _initializeFeatures: false } }) : null,
    [map],
  );
  useEffect(() => {
    if (!map || !live) return;
    map.addControl(live);
    // A no-op when the map was removed first (its controls go with it).
    return () => void map.removeControl(live);
  }, [map, live]);
  return live;
}
