// The Zones view's deck.gl layers, built by pure functions: every zone shown (but the one being edited, which
// terra-draw draws with its handles), filled, then outlined; the selected zone's outline on top; and an import's
// preview. Every outline is drawn with LineLayer's program, never PolygonLayer's strokes (zone-outlines.ts).
import { PolygonLayer } from '@deck.gl/layers';
import type { Geofence } from '../../api/entities.ts';
import type { ZoneImportAction } from '../../api/zones.ts';
import { RISK_COLOURS, type Rgb } from '../../domain/risk-colours.ts';
import { polygonToLngLat } from '../geo.ts';
import { riskColourName, withOpacity, zoneFillOpacity, ZONE_OUTLINE_WIDTH_PX } from '../style.ts';
import { degreesPerPixel, simplifyRing } from './simplify.ts';
import { buildOutlinesLayer, outlineData } from './zone-outlines.ts';

export const ZONES_VIEW_LAYER_IDS = {
  zones: 'zones',
  outlines: 'zone-outlines',
  selected: 'zone-selected',
  preview: 'import-preview',
} as const;

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

// An outline's segments need its closing edge: stored rings are open (the contract's), deck.gl's polygons close them.
const closedOutlines = new WeakMap<Geofence, [number, number][]>();
function closedOutlineOf(zone: Geofence): [number, number][] {
  let outline = closedOutlines.get(zone);
  if (!outline) {
    const open = outlineOf(zone);
    const closes = open.length > 0 && (open[0][0] !== open.at(-1)![0] || open[0][1] !== open.at(-1)![1]);
    closedOutlines.set(zone, (outline = closes ? [...open, open[0]] : open));
  }
  return outline;
}

/** How far (in pixels) a vertex may stand out of the outline drawn before it is drawn. */
const SIMPLIFY_PIXELS = 0.5;

// Per whole zoom level: a level's tolerance holds for every zoom up to the next (at most 1 px there).
const simplified = new WeakMap<Geofence, Map<number, [number, number][]>>();
function outlineAtZoom(zone: Geofence, level: number): [number, number][] {
  let levels = simplified.get(zone);
  if (!levels) simplified.set(zone, (levels = new Map()));
  let outline = levels.get(level);
  if (!outline)
    levels.set(level, (outline = simplifyRing(closedOutlineOf(zone), SIMPLIFY_PIXELS * degreesPerPixel(level))));
  return outline;
}

/**
 * The zones drawn by deck.gl: all but the one terra-draw is editing. Pickable (to select on the map) only while
 * browsing: picking reads pixels back from the GPU on every pointer move, which during a vertex drag was most
 * of its cost (bench/browser-zones.ts).
 */
export function buildZonesLayer(zones: readonly Geofence[], pickable = true, zoom?: number) {
  const level = zoom === undefined ? undefined : Math.floor(zoom);
  return new PolygonLayer<Geofence>({
    id: ZONES_VIEW_LAYER_IDS.zones,
    data: zones,
    // With no more vertices than the zoom shows (simplify.ts); the zone edited and the selected one keep all.
    getPolygon: level === undefined ? outlineOf : (zone) => outlineAtZoom(zone, level),
    updateTriggers: { getPolygon: level },
    getFillColor: (zone) => withOpacity(RISK_COLOURS[riskColourName(zone.riskLevel)], zoneFillOpacity(zone.riskLevel)),
    // The outlines are buildZoneOutlinesLayer's (zone-outlines.ts).
    stroked: false,
    pickable,
    autoHighlight: pickable,
    highlightColor: [255, 255, 255, 60],
  });
}

/** The outlines of the zones buildZonesLayer fills, in their risk colours. */
export function buildZoneOutlinesLayer(zones: readonly Geofence[], zoom?: number) {
  const level = zoom === undefined ? undefined : Math.floor(zoom);
  const ringOf = level === undefined ? closedOutlineOf : (zone: Geofence) => outlineAtZoom(zone, level);
  const data = outlineData(zones, ringOf, (zone) => RISK_COLOURS[riskColourName(zone.riskLevel)]);
  return buildOutlinesLayer(ZONES_VIEW_LAYER_IDS.outlines, data, ZONE_OUTLINE_WIDTH_PX);
}

export function buildSelectedLayer(zone: Geofence | undefined, dark: boolean) {
  const colour = dark ? SELECTED_DARK : SELECTED_LIGHT;
  return buildOutlinesLayer(
    ZONES_VIEW_LAYER_IDS.selected,
    outlineData(zone ? [zone] : [], closedOutlineOf, () => colour),
    SELECTED_OUTLINE_PX,
  );
}

export interface PreviewZone {
  geofence: Geofence;
  action: Exclude<ZoneImportAction, 'refused'>;
}

/** An import's preview: what it would store, filled and outlined in the colour of what it would do. */
export function buildPreviewLayers(previews: readonly PreviewZone[]) {
  return [
    new PolygonLayer<PreviewZone>({
      id: ZONES_VIEW_LAYER_IDS.preview,
      data: previews,
      getPolygon: (preview) => outlineOf(preview.geofence),
      getFillColor: (preview) => withOpacity(PREVIEW_COLOURS[preview.action], 0.25),
      stroked: false,
    }),
    buildOutlinesLayer(
      `${ZONES_VIEW_LAYER_IDS.preview}-outlines`,
      outlineData(
        previews,
        (preview) => closedOutlineOf(preview.geofence),
        (preview) => PREVIEW_COLOURS[preview.action],
      ),
      2,
    ),
  ];
}
