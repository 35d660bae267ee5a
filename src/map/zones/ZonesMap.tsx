// The Zones view's map (issue 31), a lazily loaded chunk like the dashboard's: the zones drawn by deck.gl over
// MapLibre, selected by a click; the zone being drawn or edited handed to terra-draw (useOutlineEditor), whose
// finished shapes and edits go back to the editor's statechart.
import type { PickingInfo } from '@deck.gl/core';
import { makeStyles } from '@fluentui/react-components';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { Geofence } from '../../api/entities.ts';
import { boundingBox } from '../../domain/geo.ts';
import type { Outline } from '../../domain/zone-draft.ts';
import type { MessageId } from '../../i18n/catalogue.ts';
import { backgroundColour } from '../basemap.ts';
import { DEFAULT_CENTER, START_ZOOM } from '../style.ts';
import { useBasemapTheme } from '../useBasemapTheme.ts';
import { useDeckMap } from '../useDeckMap.ts';
import { widen, zonesInView, type View } from './in-view.ts';
import { nearestVertex, snapCandidates } from './snap.ts';
import {
  buildPreviewLayers,
  buildSelectedLayer,
  buildZoneOutlinesLayer,
  buildZonesLayer,
  type PreviewZone,
} from './zone-layers.ts';
import { useOutlineEditor } from './useOutlineEditor.ts';

export type { PreviewZone } from './zone-layers.ts';

export interface ZonesMapProps {
  /** The zones shown (the list's). */
  zones: Geofence[];
  selectedId: string | undefined;
  /** The zone being edited (hidden from deck.gl: terra-draw draws it with its handles). */
  editingId: string | undefined;
  /** The outline being edited, or undefined. */
  draft: Outline | undefined;
  /** A drawing mode to start, or undefined. */
  drawShape: 'polygon' | 'rectangle' | 'circle' | undefined;
  previews: PreviewZone[];
  dark: boolean;
  onSelect: (id: string | undefined) => void;
  onDrawn: (outline: Outline) => void;
  onReshape: (outline: Outline) => void;
  /** For the browser tests and the bench: the map, once created. */
  onMapReady?: (map: MapLibreMap) => void;
}

const useStyles = makeStyles({
  panel: { position: 'relative', width: '100%', height: '100%', minHeight: '320px', overflow: 'hidden' },
  map: { width: '100%', height: '100%' },
});

function startCamera(zones: readonly Geofence[]) {
  const first = zones.find((zone) => zone.polygon.length > 0);
  if (!first)
    return { center: [DEFAULT_CENTER.longitude, DEFAULT_CENTER.latitude] as [number, number], zoom: START_ZOOM };
  const box = boundingBox(first.polygon);
  return { center: [(box.minLng + box.maxLng) / 2, (box.minLat + box.maxLat) / 2] as [number, number], zoom: 13 };
}

/** The camera shows the zone when it is selected and not (wholly) in view already. */
function useShowSelected(map: MapLibreMap | null, zone: Geofence | undefined) {
  useEffect(() => {
    if (!map || !zone || zone.polygon.length === 0) return;
    const { minLat, maxLat, minLng, maxLng } = boundingBox(zone.polygon);
    const view = map.getBounds();
    if (view.contains([minLng, minLat]) && view.contains([maxLng, maxLat])) return;
    map.fitBounds(
      [
        [minLng, minLat],
        [maxLng, maxLat],
      ],
      { padding: 60, maxZoom: 16, duration: 0 },
    );
  }, [map, zone]);
}

/** The map's view, widened, and its zoom, updated when a move ends (not on every frame of it). */
function useView(map: MapLibreMap | null): (View & { zoom: number }) | undefined {
  const [view, setView] = useState<View & { zoom: number }>();
  useEffect(() => {
    if (!map) return;
    const update = () => {
      const bounds = map.getBounds();
      setView({
        ...widen({
          west: bounds.getWest(),
          south: bounds.getSouth(),
          east: bounds.getEast(),
          north: bounds.getNorth(),
        }),
        zoom: map.getZoom(),
      });
    };
    update();
    map.on('moveend', update);
    map.on('resize', update);
    return () => {
      map.off('moveend', update);
      map.off('resize', update);
    };
  }, [map]);
  return view;
}

export default function ZonesMap(props: ZonesMapProps) {
  const { zones, selectedId, editingId, draft, drawShape, previews, dark, onMapReady } = props;
  const styles = useStyles();
  // The map imports nothing from the views: react-intl's own hook, with the console's catalogue around it.
  const intl = useIntl();
  const mapRef = useRef<HTMLDivElement>(null);
  const [camera] = useState(() => startCamera(zones));
  const status = useDeckMap(mapRef, { camera, dark });
  const deckMap = status.state === 'ready' ? status.deckMap : null;
  const map = deckMap?.map ?? null;
  useBasemapTheme(map, dark);
  useEffect(() => {
    if (map) onMapReady?.(map);
  }, [map, onMapReady]);

  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const candidates = useMemo(() => snapCandidates(zones), [zones]);
  useOutlineEditor(map, {
    outline: draft,
    drawShape,
    snap: (pointer, tolerance) => nearestVertex(candidates, pointer, tolerance, editingId),
    onDrawn: props.onDrawn,
    onReshape: props.onReshape,
  });

  const selected = useMemo(() => zones.find((zone) => zone.id === selectedId), [zones, selectedId]);
  useShowSelected(map, editingId ? undefined : selected);
  const view = useView(map);
  const zoom = view?.zoom;
  const shownZones = useMemo(() => {
    const inView = zonesInView(zones, view);
    return editingId ? inView.filter((zone) => zone.id !== editingId) : inView;
  }, [zones, view, editingId]);
  const draftShown = draft !== undefined;
  const outlines = useMemo(() => buildZoneOutlinesLayer(shownZones, zoom), [shownZones, zoom]);
  const layers = useMemo(
    () => [
      buildZonesLayer(shownZones, !drawShape && !draftShown, zoom),
      outlines,
      buildSelectedLayer(editingId ? undefined : selected, dark),
      ...buildPreviewLayers(previews),
    ],
    [shownZones, outlines, selected, editingId, previews, dark, drawShape, draftShown, zoom],
  );
  useEffect(() => {
    if (!deckMap) return;
    deckMap.overlay.setProps({
      layers,
      onClick: (info: PickingInfo) => {
        const current = latest.current;
        // While drawing or editing, clicks belong to terra-draw.
        if (current.drawShape || current.draft) return;
        current.onSelect((info.object as Geofence | undefined)?.id);
      },
      getCursor: ({ isHovering }) =>
        isHovering && !latest.current.drawShape && !latest.current.draft ? 'pointer' : '',
    });
  }, [deckMap, layers]);

  if (status.state === 'failed') {
    return (
      <div className={styles.panel} role="status">
        {intl.formatMessage({ id: 'zones.mapUnavailable' satisfies MessageId }, { reason: status.reason })}
      </div>
    );
  }
  return (
    <div className={styles.panel} data-testid="zones-map">
      <div ref={mapRef} className={styles.map} style={{ backgroundColor: backgroundColour(dark) }} />
    </div>
  );
}
