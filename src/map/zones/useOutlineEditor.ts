// One outline drawn or edited with terra-draw over a MapLibre map, for the Zones view's zones and the Regions
// form's boundary alike (issue 31). The outline shown is always the caller's statechart's (undo and redo
// included): terra-draw is told of it, and what it finishes is reported, never kept here.
import type { Feature } from 'geojson';
import type { Map as MapLibreMap } from 'maplibre-gl';
import { useEffect, useRef } from 'react';
import type { GeoJSONStoreFeatures, TerraDraw } from 'terra-draw';
import type { Outline } from '../../domain/zone-draft.ts';
import { DRAFT_FEATURE_ID, featureOfOutline, outlineAfterEdit, outlineOfDrawn, sameRing } from './zone-features.ts';
import { useTerraDraw, type TerraDrawHandlers } from './useTerraDraw.ts';

export type OutlineShape = 'polygon' | 'rectangle' | 'circle';

export interface OutlineEditorProps {
  /** The outline being edited (terra-draw shows it with its handles), or undefined. */
  outline: Outline | undefined;
  /** A drawing mode to start, or undefined. */
  drawShape: OutlineShape | undefined;
  /** The neighbour's vertex a vertex snaps to (none by default). */
  snap?: TerraDrawHandlers['snap'];
  onDrawn: (outline: Outline) => void;
  onReshape: (outline: Outline) => void;
}

const noSnap: TerraDrawHandlers['snap'] = () => undefined;

export function useOutlineEditor(map: MapLibreMap | null, props: OutlineEditorProps): TerraDraw | null {
  const { outline, drawShape } = props;
  const latest = useRef(props);
  useEffect(() => {
    latest.current = props;
  });
  const draw = useTerraDraw(map, {
    snap: (pointer, tolerance) => (latest.current.snap ?? noSnap)(pointer, tolerance),
    onFinish: (id, _mode, action) => {
      const feature = draw?.getSnapshotFeature(id) as Feature | undefined;
      if (!feature || !draw) return;
      if (action === 'draw') {
        draw.removeFeatures([id]);
        latest.current.onDrawn(outlineOfDrawn(feature));
      } else if (id === DRAFT_FEATURE_ID && latest.current.outline) {
        latest.current.onReshape(outlineAfterEdit(latest.current.outline, feature, action));
      }
    },
  });

  // terra-draw follows the statechart: a drawing mode, the outline selected for editing, or nothing.
  useEffect(() => {
    // An instance retired by a style change (before React has rendered without it) is not to be called.
    if (!draw || !draw.enabled) return;
    if (drawShape) {
      if (draw.hasFeature(DRAFT_FEATURE_ID)) draw.removeFeatures([DRAFT_FEATURE_ID]);
      draw.setMode(drawShape);
      return;
    }
    if (!outline || outline.polygon.length === 0) {
      draw.clear();
      draw.setMode('static');
      return;
    }
    const feature = featureOfOutline(outline);
    const held = draw.getSnapshotFeature(DRAFT_FEATURE_ID);
    if (
      held &&
      held.geometry.type === 'Polygon' &&
      sameRing(held.geometry.coordinates[0], feature.geometry.coordinates[0])
    )
      return;
    if (held) draw.updateFeatureGeometry(DRAFT_FEATURE_ID, feature.geometry);
    else {
      draw.setMode('select');
      draw.addFeatures([feature as GeoJSONStoreFeatures]);
      draw.selectFeature(DRAFT_FEATURE_ID);
    }
  }, [draw, drawShape, outline]);

  return draw;
}
