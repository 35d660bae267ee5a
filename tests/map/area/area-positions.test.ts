import { describe, expect, it } from 'vitest';
import type { GpsPing } from '../../../src/api/entities.ts';
import { parsePositionsMessage } from '../../../src/api/positions.ts';
import { AreaPositions } from '../../../src/map/area/area-positions.ts';

const ping = (touristId: string, latitude: number, longitude: number): GpsPing => ({
  touristId,
  deviceId: null,
  latitude,
  longitude,
  at: '2026-12-04T10:00:00.000Z',
});

/** The rows as deck.gl reads them: [key, longitude, latitude] per row. */
function drawn(area: AreaPositions): [string, number, number][] {
  const { length, attributes } = area.pointData();
  const value = attributes.getPosition.value;
  return Array.from({ length }, (_, i) => [area.pingAt(i)!.touristId!, value[2 * i]!, value[2 * i + 1]!]);
}

describe('AreaPositions', () => {
  it('draws a snapshot, moves a device in its own row, and packs the rows when one leaves', () => {
    const area = new AreaPositions();
    area.apply({
      type: 'positions_snapshot',
      positions: [ping('a', 25.5, 91.8), ping('b', 25.6, 91.9), ping('c', 25.7, 92)],
    });
    expect(drawn(area)).toEqual([
      ['a', 91.8, 25.5],
      ['b', 91.9, 25.6],
      ['c', 92, 25.7],
    ]);
    area.apply({ type: 'positions', positions: [ping('b', 25.61, 91.91)], left: ['a'] });
    expect(drawn(area)).toEqual([
      ['c', 92, 25.7],
      ['b', 91.91, 25.61],
    ]);
  });

  it('gives deck.gl a new data object after each change, over the same array while it fits', () => {
    const area = new AreaPositions();
    area.apply({ type: 'positions_snapshot', positions: [ping('a', 1, 2)] });
    const first = area.pointData();
    expect(area.pointData()).toBe(first);
    area.apply({ type: 'positions', positions: [ping('a', 3, 4)], left: [] });
    const second = area.pointData();
    expect(second).not.toBe(first);
    expect(second.attributes.getPosition).not.toBe(first.attributes.getPosition);
    expect(second.attributes.getPosition.value).toBe(first.attributes.getPosition.value);
  });

  it('answers whether what is drawn changed: not for an empty snapshot over nothing, an empty update, or counts that stay', () => {
    const area = new AreaPositions();
    const before = area.pointData();
    expect(area.apply({ type: 'positions_snapshot', positions: [] })).toBe(false);
    expect(area.apply({ type: 'positions', positions: [], left: ['nobody'] })).toBe(false);
    expect(area.pointData()).toBe(before);
    expect(area.apply({ type: 'positions', positions: [ping('a', 1, 2)], left: [] })).toBe(true);
    expect(area.pointData()).not.toBe(before);
    expect(area.apply({ type: 'positions', positions: [], left: ['a'] })).toBe(true);
    expect(area.apply({ type: 'cells_snapshot', resolution: 4, cells: [] })).toBe(false);
    expect(area.resolution).toBe(4);
    expect(area.apply({ type: 'cells', resolution: 4, cells: [{ cell: '84283bdffffffff', count: 2 }] })).toBe(true);
    expect(area.apply({ type: 'cells', resolution: 4, cells: [{ cell: '84283bdffffffff', count: 2 }] })).toBe(false);
    expect(area.apply({ type: 'cells', resolution: 5, cells: [{ cell: '85283473fffffff', count: 1 }] })).toBe(false);
    expect(area.apply({ type: 'positions_snapshot', positions: [] })).toBe(true);
    expect(area.cells()).toEqual([]);
    expect(area.resolution).toBeUndefined();
  });

  it('holds 100,000 devices, growing its arrays, and a new snapshot replaces everything', () => {
    const area = new AreaPositions();
    const positions = Array.from({ length: 100_000 }, (_, i) => ping(`t${i}`, 20 + i / 1e5, 80 + i / 1e5));
    area.apply({ type: 'positions_snapshot', positions });
    expect(area.pointCount).toBe(100_000);
    expect(drawn(area)[99_999]).toEqual(['t99999', 80 + 99_999 / 1e5, 20 + 99_999 / 1e5]);
    area.apply({ type: 'positions_snapshot', positions: [ping('z', 1, 1)] });
    expect(drawn(area)).toEqual([['z', 1, 1]]);
  });

  it('counts per cell when zoomed out, drops emptied cells, ignores counts of another resolution, and points clear them', () => {
    const area = new AreaPositions();
    area.apply({ type: 'positions_snapshot', positions: [ping('a', 1, 2)] });
    area.apply({
      type: 'cells_snapshot',
      resolution: 5,
      cells: [
        { cell: 'x', count: 3 },
        { cell: 'y', count: 1 },
      ],
    });
    expect(area.pointCount).toBe(0);
    expect(area.resolution).toBe(5);
    area.apply({
      type: 'cells',
      resolution: 5,
      cells: [
        { cell: 'y', count: 0 },
        { cell: 'z', count: 2 },
      ],
    });
    area.apply({ type: 'cells', resolution: 7, cells: [{ cell: 'w', count: 9 }] });
    expect(area.cells()).toEqual([
      { cell: 'x', count: 3 },
      { cell: 'z', count: 2 },
    ]);
    area.apply({ type: 'positions_snapshot', positions: [ping('a', 1, 2)] });
    expect([area.resolution, area.cells(), area.pointCount]).toEqual([undefined, [], 1]);
  });
});

describe('parsePositionsMessage', () => {
  it('reads the four messages and refuses anything else', () => {
    expect(parsePositionsMessage('{"type":"positions","positions":[],"left":["a"]}')).toEqual({
      type: 'positions',
      positions: [],
      left: ['a'],
    });
    expect(parsePositionsMessage('{"type":"cells_snapshot","resolution":5,"cells":[]}')?.type).toBe('cells_snapshot');
    for (const data of [
      'not json',
      'null',
      '{"type":"gps","ping":{}}',
      '{"type":"positions","positions":[]}',
      '{"type":"cells","cells":[]}',
      '{"type":"positions_snapshot","positions":{}}',
    ])
      expect(parsePositionsMessage(data), data).toBeUndefined();
  });
});
