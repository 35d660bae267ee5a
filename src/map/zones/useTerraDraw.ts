// terra-draw over the Zones view's MapLibre map (issue 31): the drawing library owns every vertex handle, drag and
// snap; this hook only starts it and hands back what it finished. MapLibre's setStyle (the configured basemap
// replacing the placeholder) removes every layer, terra-draw's too, so it is started again after each style load.
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef, useState } from 'react';
import {
  TerraDraw,
  TerraDrawCircleMode,
  TerraDrawPolygonMode,
  TerraDrawRectangleMode,
  TerraDrawSelectMode,
  type SnapToCustom,
} from 'terra-draw';
import { TerraDrawMapLibreGLAdapter } from 'terra-draw-maplibre-gl-adapter';

/** How close (in pixels) the pointer must come to a neighbour's vertex to snap to it. */
export const SNAP_PIXELS = 12;

const EDIT_COLOUR = '#2563eb';

export interface TerraDrawHandlers {
  /** A drawing mode finished a feature, or the select mode finished an edit of one (`action`). */
  onFinish: (id: string, mode: string, action: string) => void;
  /** The snap target near the pointer, in degrees of tolerance. */
  snap: (pointer: { lng: number; lat: number }, toleranceDegrees: number) => [number, number] | undefined;
}

function modes(snapToNeighbour: SnapToCustom) {
  const polygonFlags = {
    feature: {
      draggable: true,
      coordinates: { draggable: true, deletable: true, midpoints: true, snappable: { toCustom: snapToNeighbour } },
    },
  };
  return [
    new TerraDrawPolygonMode({
      snapping: { toCustom: snapToNeighbour },
      styles: { fillColor: EDIT_COLOUR, outlineColor: EDIT_COLOUR, fillOpacity: 0.2 },
    }),
    new TerraDrawRectangleMode({ styles: { fillColor: EDIT_COLOUR, outlineColor: EDIT_COLOUR, fillOpacity: 0.2 } }),
    new TerraDrawCircleMode({
      segments: 64,
      styles: { fillColor: EDIT_COLOUR, outlineColor: EDIT_COLOUR, fillOpacity: 0.2 },
    }),
    new TerraDrawSelectMode({
      flags: { polygon: polygonFlags },
      // A click beside the zone keeps it selected: leaving the edit is the form's Cancel, not a stray click.
      allowManualDeselection: false,
      styles: {
        selectedPolygonColor: EDIT_COLOUR,
        selectedPolygonOutlineColor: EDIT_COLOUR,
        selectedPolygonFillOpacity: 0.25,
        selectionPointColor: '#ffffff',
        selectionPointOutlineColor: EDIT_COLOUR,
        selectionPointWidth: 5,
        selectionPointOutlineWidth: 2,
        midPointColor: EDIT_COLOUR,
        midPointOutlineColor: '#ffffff',
      },
    }),
  ];
}

let nextId = 0;

/** The running terra-draw instance once the map's style is loaded; a new one after each style load. */
export function useTerraDraw(map: MapLibreMap | null, handlers: TerraDrawHandlers): TerraDraw | null {
  const [draw, setDraw] = useState<TerraDraw | null>(null);
  const latest = useRef(handlers);
  useEffect(() => {
    latest.current = handlers;
  });

  useEffect(() => {
    if (!map) return;
    let current: TerraDraw | null = null;
    const snapToNeighbour: SnapToCustom = (event, context) => {
      const beside = context.unproject(event.containerX + SNAP_PIXELS, event.containerY);
      const tolerance = Math.abs(beside.lng - event.lng) * Math.cos((event.lat * Math.PI) / 180);
      return latest.current.snap({ lng: event.lng, lat: event.lat }, tolerance);
    };
    const stop = () => {
      try {
        current?.stop();
      } catch {
        // After setStyle its sources are gone already, and stopping fails clearing them: nothing is left to clear.
      }
    };
    const start = () => {
      stop();
      const created = new TerraDraw({
        adapter: new TerraDrawMapLibreGLAdapter({ map }),
        modes: modes(snapToNeighbour),
        // Our own ids (the draft is 'zone-draft'), not terra-draw's UUIDs.
        idStrategy: { isValidId: (id) => typeof id === 'string' && id.length > 0, getId: () => `drawn-${++nextId}` },
      });
      created.start();
      created.on('finish', (id, context) => latest.current.onFinish(String(id), context.mode, context.action));
      current = created;
      setDraw(created);
    };
    // A new style is coming: the instance drawing into the old one must not be called meanwhile.
    const retire = () => {
      stop();
      current = null;
      setDraw(null);
    };
    if (map.isStyleLoaded()) start();
    map.on('styledataloading', retire);
    map.on('style.load', start);
    return () => {
      map.off('styledataloading', retire);
      map.off('style.load', start);
      stop();
      setDraw(null);
    };
  }, [map]);

  return draw;
}
