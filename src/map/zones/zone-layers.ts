// The Zones view's deck.gl layers, built by pure functions: every zone shown (but the one being edited, which
// terra-draw draws with its handles), the selected zone's outline on top, and an import's preview.
import { PolygonLayer } from '@deck.gl/layers';
import type { Geofence } from '../../api/entities.ts';
import type { ZoneImportAction } from '../../api/zones.ts';
import { RISK_COLOURS, type Rgb } from '../../domain/risk-colours.ts';
import { polygonToLngLat } from '../geo.ts';
import { riskColourName, withOpacity, zoneFillOpacity, ZONE_OUTLINE_WIDTH_PX } from '../style.ts';

export const ZONES_VIEW_LAYER_IDS = { zones: 'zones', selected: 'zone-selected', preview: 'import-preview' } as const;

const SELECTED_OUTLINE_PX = 4;
const SELECTED_LIGHT: Rgb = [37, 99, 235];
const SELECTED_DARK: Rgb = [96, 165, 250];
/** Import preview: new zones blue, changed ones purple (the risk colours stay for the zones themselves). */
export const PREVIEW_COLOURS: Record<Exclude<ZoneImportAction, 'refused'>, Rgb> = {
  new: [37, 99, 235],
  change: [147, 51, 234],
  unchanged: [107, 114, 128],
};

// Outlines converted once per zone record: a drag or a selection rebuilds no other zone's.
const outlines = new WeakMap<Geofence, [number, number][]>();
function outlineOf(zone: Geofence): [number, number][] {
  let outline = outlines.get(zone);
  if (!outline) {
    outline = polygonToLngLat(zone.polygon);
    outlines.set(zone, outline);
  }
  return outline;
}

/**
 * The zones drawn by deck.gl: all but the one terra-draw is editing. Pickable (to select on the map) only while
 * browsing: picking reads pixels back from the GPU on every pointer move, which during a vertex drag was most
 * of its cost (bench/browser-zones.ts).
 */
export function buildZonesLayer(zones: readonly Geofence[], pickable = true) {
  return new PolygonLayer<Geofence>({
    id: ZONES_VIEW_LAYER_IDS.zones,
    data: zones,
    getPolygon: outlineOf,
    getFillColor: (zone) => withOpacity(RISK_COLOURS[riskColourName(zone.riskLevel)], zoneFillOpacity(zone.riskLevel)),
    getLineColor: (zone) => RISK_COLOURS[riskColourName(zone.riskLevel)],
    getLineWidth: ZONE_OUTLINE_WIDTH_PX,
    lineWidthUnits: 'pixels',
    pickable,
    autoHighlight: pickable,
    highlightColor: [255, 255, 255, 60],
  });
}

export function buildSelectedLayer(zone: Geofence | undefined, dark: boolean) {
  return new PolygonLayer<Geofence>({
    id: ZONES_VIEW_LAYER_IDS.selected,
    data: zone ? [zone] : [],
    getPolygon: outlineOf,
    filled: false,
    getLineColor: dark ? SELECTED_DARK : SELECTED_LIGHT,
    getLineWidth: SELECTED_OUTLINE_PX,
    lineWidthUnits: 'pixels',
  });
}

export interface PreviewZone {
  geofence: Geofence;
  action: Exclude<ZoneImportAction, 'refused'>;
}

export function buildPreviewLayer(previews: readonly PreviewZone[]) {
  return new PolygonLayer<PreviewZone>({
    id: ZONES_VIEW_LAYER_IDS.preview,
    data: previews,
    getPolygon: (preview) => outlineOf(preview.geofence),
    getFillColor: (preview) => withOpacity(PREVIEW_COLOURS[preview.action], 0.25),
    getLineColor: (preview) => PREVIEW_COLOURS[preview.action],
    getLineWidth: 2,
    lineWidthUnits: 'pixels',
  });
}
