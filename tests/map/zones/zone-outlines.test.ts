import { describe, expect, it } from 'vitest';
import type { Geofence } from '../../../src/api/entities.ts';
import { RISK_COLOURS } from '../../../src/domain/risk-colours.ts';
import { buildSelectedLayer, buildZoneOutlinesLayer } from '../../../src/map/zones/zone-layers.ts';
import { outlineData, ringSegments } from '../../../src/map/zones/zone-outlines.ts';

const zone = (id: string, riskLevel: Geofence['riskLevel'], polygon: [number, number][]): Geofence => ({
  id,
  name: id,
  riskLevel,
  regionId: 'default',
  polygon,
  meta: {},
});
const triangle = zone('a', 'red', [
  [26, 91],
  [26, 91.01],
  [26.01, 91.01],
]);
const square = zone('b', 'green', [
  [26, 92],
  [26, 92.01],
  [26.01, 92.01],
  [26.01, 92],
  [26, 92],
]);

describe('zone outlines as LineLayer segments', () => {
  it('one segment per edge of every zone, the closing edge included, [longitude, latitude], in its risk colour', () => {
    const { data } = buildZoneOutlinesLayer([triangle, square]).props as unknown as {
      data: ReturnType<typeof outlineData>;
    };
    // 3 edges of the open triangle, 4 of the closed square.
    expect(data.length).toBe(7);
    const { getSourcePosition, getTargetPosition, getColor } = data.attributes;
    expect([...getSourcePosition.value.slice(0, 6)]).toEqual([91, 26, 91.01, 26, 91.01, 26.01]);
    expect([...getTargetPosition.value.slice(4, 6)]).toEqual([91, 26]);
    expect([...getColor.value.slice(0, 3)]).toEqual(RISK_COLOURS.red);
    expect([...getColor.value.slice(3 * 3, 3 * 4)]).toEqual(RISK_COLOURS.green);
  });

  it('the selected zone is outlined alone, and nothing when none is selected', () => {
    expect((buildSelectedLayer(square, false).props.data as { length: number }).length).toBe(4);
    expect((buildSelectedLayer(undefined, true).props.data as { length: number }).length).toBe(0);
  });

  it("a ring's segments are built once and reused while it is the same ring", () => {
    const ring: [number, number][] = [
      [91, 26],
      [91.01, 26],
      [91.01, 26.01],
      [91, 26],
    ];
    expect(ringSegments(ring, [1, 2, 3])).toBe(ringSegments(ring, [1, 2, 3]));
    expect(ringSegments(ring, [1, 2, 3]).ends).toEqual(
      new Float64Array([91, 26, 91.01, 26, 91.01, 26, 91.01, 26.01, 91.01, 26.01, 91, 26]),
    );
  });
});
