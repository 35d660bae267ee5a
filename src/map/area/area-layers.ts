// The area's positions as deck.gl layers (issue 48 point 5): every device in view as a small dot, drawn from
// AreaPositions' typed arrays, or, zoomed out, a hexagon per H3 cell shaded by how many are in it. Both lie
// under the alerts, so an open panic is never hidden in a crowd or a cell.
import { PolygonLayer, ScatterplotLayer } from '@deck.gl/layers';
import type { CellCount } from '../../api/positions.ts';
import type { Rgb } from '../../domain/risk-colours.ts';
import type { AreaPointData } from './area-positions.ts';
import type { CellOutline } from './cell-outlines.ts';

export const AREA_LAYER_IDS = { points: 'area-positions', cells: 'area-cells' } as const;

export const AREA_POINT_RADIUS_PX = 3;
/** A slate blue, away from the risk colours and from the six of the live markers. */
export const AREA_POINT_COLOUR: Rgb = [71, 85, 105];
export const AREA_POINT_COLOUR_DARK: Rgb = [203, 213, 225];

/** The cells' shades, from the emptiest to the fullest in view: the fullest the farthest from the background. */
const RAMP: Record<'light' | 'dark', readonly [few: Rgb, many: Rgb]> = {
  light: [
    [191, 219, 254],
    [30, 64, 175],
  ],
  dark: [
    [30, 64, 175],
    [147, 197, 253],
  ],
};
const CELL_OPACITY = 150;

export function buildAreaPointLayer(data: AreaPointData, options: { visible: boolean; dark: boolean }) {
  const colour = options.dark ? AREA_POINT_COLOUR_DARK : AREA_POINT_COLOUR;
  return new ScatterplotLayer({
    id: AREA_LAYER_IDS.points,
    data,
    visible: options.visible && data.length > 0,
    getFillColor: colour,
    getRadius: AREA_POINT_RADIUS_PX,
    radiusUnits: 'pixels',
    pickable: true,
  });
}

/** A cell's shade: by the logarithm of its count against the fullest cell's, so one crowd does not wash out the rest. */
export function cellShade(count: number, most: number, dark = false): [number, number, number, number] {
  const t = most <= 1 ? 1 : Math.log1p(count) / Math.log1p(most);
  const [few, many] = RAMP[dark ? 'dark' : 'light'];
  const mix = (i: 0 | 1 | 2) => Math.round(few[i] + (many[i] - few[i]) * t);
  return [mix(0), mix(1), mix(2), CELL_OPACITY];
}

export interface CellRow extends CellCount {
  outline: ReturnType<CellOutline>;
}

/** The rows of the cells layer: each cell with its outline, shaded against the fullest. */
export function cellRows(cells: readonly CellCount[], outline: CellOutline): CellRow[] {
  return cells.map((cell) => ({ ...cell, outline: outline(cell.cell) }));
}

export function buildAreaCellLayer(rows: readonly CellRow[], options: { visible: boolean; dark: boolean }) {
  const most = rows.reduce((max, row) => Math.max(max, row.count), 0);
  return new PolygonLayer<CellRow>({
    id: AREA_LAYER_IDS.cells,
    data: rows,
    visible: options.visible && rows.length > 0,
    getPolygon: (row) => row.outline,
    getFillColor: (row) => cellShade(row.count, most, options.dark),
    getLineColor: [255, 255, 255, 160],
    getLineWidth: 1,
    lineWidthUnits: 'pixels',
    filled: true,
    stroked: true,
    pickable: true,
    updateTriggers: { getFillColor: [most, options.dark] },
  });
}
