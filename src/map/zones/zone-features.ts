// Zones between the contract ([latitude, longitude] rings, open) and terra-draw's GeoJSON features
// ([longitude, latitude], closed rings, at most 9 decimals): pure, so the editor's conversions are tested alone.
import type { Feature, Polygon, Position } from 'geojson';
import { circleOutline, type Outline } from '../../domain/zone-draft.ts';
import { openRing } from '../../domain/zone-geometry.ts';

/** The one feature terra-draw holds while a zone is edited. */
export const DRAFT_FEATURE_ID = 'zone-draft';

// terra-draw refuses coordinates finer than its precision (9 decimals).
const round9 = (value: number) => Math.round(value * 1e9) / 1e9;

export function ringOfOutline(polygon: readonly (readonly [number, number])[]): Position[] {
  const ring = openRing(polygon).map(([lat, lng]): Position => [round9(lng), round9(lat)]);
  return ring.length ? [...ring, ring[0]] : ring;
}

export function featureOfOutline(outline: Outline, mode = 'polygon'): Feature<Polygon> {
  return {
    id: DRAFT_FEATURE_ID,
    type: 'Feature',
    geometry: { type: 'Polygon', coordinates: [ringOfOutline(outline.polygon)] },
    properties: { mode },
  };
}

/** The outer ring of a drawn polygon as the contract's open ring of [latitude, longitude]. */
export function polygonOfFeature(feature: Pick<Feature, 'geometry'>): [number, number][] {
  if (feature.geometry.type !== 'Polygon') return [];
  return openRing(feature.geometry.coordinates[0].map(([lng, lat]) => [lat, lng] as [number, number]));
}

const centroidOf = (polygon: readonly [number, number][]): [number, number] => {
  const sum = polygon.reduce(([lat, lng], [a, b]) => [lat + a, lng + b], [0, 0]);
  return [sum[0] / polygon.length, sum[1] / polygon.length];
};

/**
 * What a drawing mode finished: a circle (terra-draw keeps its radius in `radiusKilometers`; its centre is the
 * mean of its evenly spaced vertices) becomes the contract's 64-vertex polygon with meta.circle; the rest as drawn.
 */
export function outlineOfDrawn(feature: Feature): Outline {
  const polygon = polygonOfFeature(feature);
  const radiusKm = feature.properties?.radiusKilometers;
  if (feature.properties?.mode === 'circle' && typeof radiusKm === 'number' && polygon.length >= 3) {
    return circleOutline(centroidOf(polygon), radiusKm * 1000);
  }
  return { polygon };
}

/**
 * The draft after an edit on the map: a whole zone dragged keeps its circle, moved by as much as its outline;
 * a vertex moved, added or deleted makes a circle a plain polygon.
 */
export function outlineAfterEdit(before: Outline, feature: Feature, action: string): Outline {
  const polygon = polygonOfFeature(feature);
  if (!before.circle || action !== 'dragFeature' || polygon.length !== before.polygon.length) return { polygon };
  const [fromLat, fromLng] = centroidOf(before.polygon);
  const [toLat, toLng] = centroidOf(polygon);
  const [lat, lng] = before.circle.center;
  return {
    polygon,
    circle: { center: [lat + toLat - fromLat, lng + toLng - fromLng], radiusM: before.circle.radiusM },
  };
}

export function sameRing(a: readonly Position[], b: readonly Position[]): boolean {
  return a.length === b.length && a.every((position, i) => position[0] === b[i][0] && position[1] === b[i][1]);
}
