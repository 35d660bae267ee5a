import { describe, expect, it } from 'vitest';
import type { Geofence } from '../../src/api/entities.ts';
import {
  canRedo,
  canUndo,
  circleOutline,
  draftIssues,
  draftOfZone,
  MAX_UNDO,
  newDraft,
  redo,
  reshape,
  undo,
  withFields,
  zoneBody,
} from '../../src/domain/zone-draft.ts';

const triangle = (shift = 0): [number, number][] => [
  [25.57 + shift, 91.88],
  [25.57, 91.89],
  [25.58, 91.89],
];

describe('a zone being drawn or edited', () => {
  it('undo and redo walk the outlines back and forth; a new outline after an undo forgets the redo', () => {
    let draft = newDraft({ polygon: triangle() }, 'shillong');
    expect(canUndo(draft)).toBe(false);
    draft = reshape(draft, { polygon: triangle(0.001) });
    draft = reshape(draft, { polygon: triangle(0.002) });
    expect(draft.past).toHaveLength(2);
    draft = undo(draft);
    expect(draft.outline.polygon).toEqual(triangle(0.001));
    expect(canRedo(draft)).toBe(true);
    draft = redo(draft);
    expect(draft.outline.polygon).toEqual(triangle(0.002));
    draft = undo(undo(draft));
    expect(draft.outline.polygon).toEqual(triangle());
    expect(canUndo(draft)).toBe(false);
    expect(undo(draft)).toBe(draft);
    draft = reshape(draft, { polygon: triangle(0.003) });
    expect(canRedo(draft)).toBe(false);
  });

  it('the same outline again is no step; undo reaches back at most MAX_UNDO outlines', () => {
    let draft = newDraft({ polygon: triangle() }, 'default');
    expect(reshape(draft, { polygon: triangle() })).toBe(draft);
    for (let i = 1; i <= MAX_UNDO + 5; i++) draft = reshape(draft, { polygon: triangle(i / 10_000) });
    expect(draft.past).toHaveLength(MAX_UNDO);
  });

  it('an existing zone opens with its fields, version and meta; the body keeps unknown meta and puts the circle back', () => {
    const circle = circleOutline([25.578, 91.893], 300);
    const zone: Geofence = {
      id: 'z1',
      name: 'Lake',
      riskLevel: 'green',
      regionId: 'shillong',
      polygon: circle.polygon,
      version: 4,
      meta: { placeId: 'wards-lake', circle: circle.circle, source: 'survey' },
    };
    const draft = draftOfZone(zone);
    expect(draft).toMatchObject({
      id: 'z1',
      version: 4,
      name: 'Lake',
      placeId: 'wards-lake',
      meta: { source: 'survey' },
    });
    expect(draft.outline.circle).toEqual({ center: [25.578, 91.893], radiusM: 300 });
    expect(zoneBody(withFields(draft, { name: '  Lake (north)  ', placeId: '' }))).toEqual({
      name: 'Lake (north)',
      riskLevel: 'green',
      regionId: 'shillong',
      polygon: circle.polygon,
      meta: { source: 'survey', circle: circle.circle },
    });
  });

  it('a circle is a polygon of 64 vertices with its centre and radius', () => {
    const { polygon, circle } = circleOutline([26.1, 91.7], 1000);
    expect(polygon).toHaveLength(64);
    expect(circle).toEqual({ center: [26.1, 91.7], radiusM: 1000 });
  });

  it("says what stops saving: no name, and the server's own outline sentences", () => {
    const draft = newDraft(
      {
        polygon: [
          [25.57, 91.88],
          [25.58, 91.89],
          [25.57, 91.89],
          [25.58, 91.88],
        ],
      },
      'default',
    );
    expect(draftIssues(draft).map((issue) => issue.message)).toEqual([
      'Give the zone a name.',
      'polygon crosses itself: the edge from point 1 to point 2 meets the edge from point 3 to point 4.',
    ]);
    expect(draftIssues(withFields(newDraft({ polygon: triangle() }, 'default'), { name: 'Ghat' }))).toEqual([]);
  });
});
