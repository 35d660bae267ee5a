// The Regions form's map (issue 31): the region's boundary over the basemap, started at its home view and
// following it when the admin types one; the form reads the camera from here for "Use current map view". The
// boundary is drawn and reshaped with the zone editor's terra-draw tools (useOutlineEditor); while it is not
// being reshaped, deck.gl draws it, so the map pans freely over it. Its own chunk, like the dashboard's map.
import { PolygonLayer } from '@deck.gl/layers';
import { makeStyles, tokens } from '@fluentui/react-components';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { boundingBox } from '../domain/geo.ts';
import { useT } from '../i18n/useT.ts';
import type { Outline } from '../domain/zone-draft.ts';
import { polygonToLngLat } from './geo.ts';
import { useBasemapTheme } from './useBasemapTheme.ts';
import { useDeckMap } from './useDeckMap.ts';
import { useOutlineEditor } from './zones/useOutlineEditor.ts';
import { buildOutlinesLayer, outlineData } from './zones/zone-outlines.ts';

const BOUNDARY_FILL: [number, number, number, number] = [15, 108, 189, 40];
const BOUNDARY_LINE: [number, number, number] = [15, 108, 189];

const useStyles = makeStyles({
  map: { height: '320px', borderRadius: tokens.borderRadiusMedium, overflow: 'hidden', position: 'relative' },
});

export interface RegionCamera {
  /** [latitude, longitude], as the contract writes positions. */
  center: [number, number];
  zoom: number;
}

/** The boundary filled, and outlined with the zones' line program (zone-outlines.ts), not PolygonLayer's strokes. */
export function buildBoundaryLayers(boundary: readonly (readonly [number, number])[] | null) {
  const ring = boundary && boundary.length > 0 ? polygonToLngLat(boundary) : undefined;
  return [
    new PolygonLayer<[number, number][]>({
      id: 'region-boundary',
      data: ring ? [ring] : [],
      getPolygon: (outline) => outline,
      getFillColor: BOUNDARY_FILL,
      stroked: false,
    }),
    buildOutlinesLayer(
      'region-boundary-outline',
      outlineData(
        ring ? [[...ring, ring[0]]] : [],
        (outline) => outline,
        () => BOUNDARY_LINE,
      ),
      2,
    ),
  ];
}

export interface RegionMapProps {
  boundary: [number, number][] | null;
  home: RegionCamera;
  dark: boolean;
  /** A shape being drawn on the map, or undefined. */
  drawShape: 'polygon' | 'rectangle' | undefined;
  /** The boundary is shown with terra-draw's handles, to be reshaped. */
  reshaping: boolean;
  onDrawn: (boundary: [number, number][]) => void;
  onReshape: (boundary: [number, number][]) => void;
  /** Given a function that reads the camera now (the map's own state, not copied into React's). */
  cameraRef: { current: (() => RegionCamera | undefined) | undefined };
}

/** The camera moves to the home view when it is typed (not when it is read from the camera itself). */
function useFollowHome(map: MapLibreMap | null, home: RegionCamera) {
  const [lat, lng] = home.center;
  useEffect(() => {
    if (!map || !Number.isFinite(lat) || !Number.isFinite(lng) || Math.abs(lat) > 85 || Math.abs(lng) > 180) return;
    const now = map.getCenter();
    if (Math.abs(now.lat - lat) < 1e-5 && Math.abs(now.lng - lng) < 1e-5 && Math.abs(map.getZoom() - home.zoom) < 0.01)
      return;
    map.jumpTo({ center: [lng, lat], zoom: home.zoom });
  }, [map, lat, lng, home.zoom]);
}

/** Reshaping starts with the whole boundary in view, so every handle can be reached (a city's fills its home view). */
function useShowReshaped(map: MapLibreMap | null, boundary: RegionMapProps['boundary'], reshaping: boolean) {
  const latest = useRef(boundary);
  useEffect(() => {
    latest.current = boundary;
  });
  useEffect(() => {
    const ring = latest.current;
    if (!map || !reshaping || !ring || ring.length === 0) return;
    const { minLat, maxLat, minLng, maxLng } = boundingBox(ring);
    const view = map.getBounds();
    if (view.contains([minLng, minLat]) && view.contains([maxLng, maxLat])) return;
    map.fitBounds(
      [
        [minLng, minLat],
        [maxLng, maxLat],
      ],
      { padding: 24, duration: 0 },
    );
  }, [map, reshaping]);
}

export default function RegionMap({
  boundary,
  home,
  dark,
  drawShape,
  reshaping,
  onDrawn,
  onReshape,
  cameraRef,
}: RegionMapProps) {
  const styles = useStyles();
  const t = useT();
  const container = useRef<HTMLDivElement>(null);
  const [start] = useState(() => ({ center: [home.center[1], home.center[0]] as [number, number], zoom: home.zoom }));
  const status = useDeckMap(container, { camera: start, dark });
  const deckMap = status.state === 'ready' ? status.deckMap : null;
  const map = deckMap?.map ?? null;
  useBasemapTheme(map, dark);
  useFollowHome(map, home);
  useShowReshaped(map, boundary, reshaping);

  const outline = useMemo<Outline | undefined>(
    () => (reshaping && boundary ? { polygon: boundary } : undefined),
    [reshaping, boundary],
  );
  useOutlineEditor(map, {
    outline,
    drawShape,
    onDrawn: (drawn) => onDrawn(drawn.polygon),
    onReshape: (reshaped) => onReshape(reshaped.polygon),
  });

  useEffect(() => {
    deckMap?.overlay.setProps({ layers: buildBoundaryLayers(reshaping ? null : boundary) });
  }, [deckMap, boundary, reshaping]);

  useEffect(() => {
    if (!deckMap) return;
    cameraRef.current = () => {
      const { lat, lng } = deckMap.map.getCenter();
      return {
        center: [Number(lat.toFixed(5)), Number(lng.toFixed(5))],
        zoom: Number(deckMap.map.getZoom().toFixed(2)),
      };
    };
    return () => {
      cameraRef.current = undefined;
    };
  }, [deckMap, cameraRef]);

  return (
    <div
      ref={container}
      className={styles.map}
      role="region"
      aria-label={t('map.regionMap')}
      data-testid="region-map"
    />
  );
}
