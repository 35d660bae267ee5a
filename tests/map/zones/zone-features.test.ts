import type { Feature, Polygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import {
  DRAFT_FEATURE_ID,
  featureOfOutline,
  outlineAfterEdit,
  outlineOfDrawn,
  polygonOfFeature,
} from '../../../src/map/zones/zone-features.ts';
import { circleOutline } from '../../../src/domain/zone-draft.ts';

const ring = (points: [number, number][]): Feature<Polygon> => ({
  type: 'Feature',
  geometry: { type: 'Polygon', coordinates: [[...points, points[0]]] },
  properties: { mode: 'polygon' },
});

describe('zones as terra-draw features', () => {
  it('an outline becomes a closed [lng, lat] ring rounded to 9 decimals, and comes back open as [lat, lng]', () => {
    const feature = featureOfOutline({
      polygon: [
        [25.5, 91.8],
        [25.5, 91.9000000000004],
        [25.6, 91.9],
      ],
    });
    expect(feature.id).toBe(DRAFT_FEATURE_ID);
    expect(feature.geometry.coordinates[0]).toEqual([
      [91.8, 25.5],
      [91.9, 25.5],
      [91.9, 25.6],
      [91.8, 25.5],
    ]);
    expect(polygonOfFeature(feature)).toEqual([
      [25.5, 91.8],
      [25.5, 91.9],
      [25.6, 91.9],
    ]);
  });

  it("a drawn circle becomes the contract's 64-vertex polygon with its centre and radius", () => {
    const drawn = featureOfOutline(circleOutline([25.578, 91.893], 400), 'circle');
    drawn.properties = { mode: 'circle', radiusKilometers: 0.4 };
    const outline = outlineOfDrawn(drawn);
    expect(outline.polygon).toHaveLength(64);
    expect(outline.circle!.radiusM).toBeCloseTo(400, 6);
    expect(outline.circle!.center[0]).toBeCloseTo(25.578, 5);
    expect(outline.circle!.center[1]).toBeCloseTo(91.893, 5);
  });

  it('a drawn polygon or rectangle is kept as drawn', () => {
    expect(
      outlineOfDrawn(
        ring([
          [91.8, 25.5],
          [91.9, 25.5],
          [91.9, 25.6],
        ]),
      ),
    ).toEqual({
      polygon: [
        [25.5, 91.8],
        [25.5, 91.9],
        [25.6, 91.9],
      ],
    });
  });

  it('a circle dragged whole stays a circle, moved with it; a vertex moved makes it a plain polygon', () => {
    const before = circleOutline([25.5, 91.8], 300);
    const moved = featureOfOutline({ polygon: before.polygon.map(([lat, lng]) => [lat + 0.01, lng + 0.02]) });
    const dragged = outlineAfterEdit(before, moved, 'dragFeature');
    expect(dragged.circle!.radiusM).toBe(300);
    expect(dragged.circle!.center[0]).toBeCloseTo(25.51, 9);
    expect(dragged.circle!.center[1]).toBeCloseTo(91.82, 9);
    expect(outlineAfterEdit(before, moved, 'dragCoordinate').circle).toBeUndefined();
  });
});
