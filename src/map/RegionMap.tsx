// The Regions form's map (issue 31): the region's boundary over the basemap, started at its home view; the
// form reads the camera from here for "Use current map view". Its own chunk, like the dashboard's map.
import { PolygonLayer } from '@deck.gl/layers';
import { makeStyles, tokens } from '@fluentui/react-components';
import { useEffect, useRef, useState } from 'react';
import { polygonToLngLat } from './geo.ts';
import { useBasemapTheme } from './useBasemapTheme.ts';
import { useDeckMap } from './useDeckMap.ts';

const BOUNDARY_FILL: [number, number, number, number] = [15, 108, 189, 40];
const BOUNDARY_LINE: [number, number, number, number] = [15, 108, 189, 255];

const useStyles = makeStyles({
  map: { height: '320px', borderRadius: tokens.borderRadiusMedium, overflow: 'hidden', position: 'relative' },
});

export interface RegionCamera {
  /** [latitude, longitude], as the contract writes positions. */
  center: [number, number];
  zoom: number;
}

export function buildBoundaryLayer(boundary: readonly (readonly [number, number])[] | null) {
  return new PolygonLayer<readonly (readonly [number, number])[]>({
    id: 'region-boundary',
    data: boundary ? [boundary] : [],
    getPolygon: (ring) => polygonToLngLat(ring),
    getFillColor: BOUNDARY_FILL,
    getLineColor: BOUNDARY_LINE,
    getLineWidth: 2,
    lineWidthUnits: 'pixels',
    filled: true,
    stroked: true,
  });
}

/** `cameraRef` is given a function that reads the camera now (the map's own state, not copied into React's). */
export default function RegionMap({
  boundary,
  home,
  dark,
  cameraRef,
}: {
  boundary: readonly (readonly [number, number])[] | null;
  home: RegionCamera;
  dark: boolean;
  cameraRef: { current: (() => RegionCamera | undefined) | undefined };
}) {
  const styles = useStyles();
  const container = useRef<HTMLDivElement>(null);
  const [start] = useState(() => ({ center: [home.center[1], home.center[0]] as [number, number], zoom: home.zoom }));
  const status = useDeckMap(container, { camera: start, dark });
  const deckMap = status.state === 'ready' ? status.deckMap : null;
  useBasemapTheme(deckMap?.map ?? null, dark);

  useEffect(() => {
    deckMap?.overlay.setProps({ layers: [buildBoundaryLayer(boundary)] });
  }, [deckMap, boundary]);

  useEffect(() => {
    if (!deckMap) return;
    cameraRef.current = () => {
      const { lat, lng } = deckMap.map.getCenter();
      return { center: [Number(lat.toFixed(5)), Number(lng.toFixed(5))], zoom: Number(deckMap.map.getZoom().toFixed(2)) };
    };
    return () => {
      cameraRef.current = undefined;
    };
  }, [deckMap, cameraRef]);

  return <div ref={container} className={styles.map} role="region" aria-label="Region map" />;
}
