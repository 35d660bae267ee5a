// Every map constant of SPEC §2 "Map panel", §4 and §9 in one place, plus the colours they are drawn in.

import type { RiskColourName, Rgb } from '../domain/risk-colours.ts';

type Rgba = readonly [number, number, number, number];

export const MAP_HEIGHT_PX = 400;
/** [latitude, longitude] */
export const DEFAULT_CENTER = { latitude: 20.5937, longitude: 78.9629 } as const;
export const START_ZOOM = 5;
export const SINGLE_POINT_ZOOM = 13;
export const FIT_PADDING_PX = 40;
export const PING_RADIUS_PX = 6;
export const TRAIL_WIDTH_PX = 3;
export const TRAIL_OPACITY = 0.7;
export const GLIDE_DURATION_MS = 1000;
export const LEGEND_CAP = 10;
export const LEGEND_SCROLL_HEIGHT_PX = 120;
const RED_ZONE_FILL_OPACITY = 0.2;
const OTHER_ZONE_FILL_OPACITY = 0.15;
export const ALERT_RADIUS_PX = 8;
export const ZONE_OUTLINE_WIDTH_PX = 2;

/** Six colours for GPS markers and trails, chosen away from the red/yellow/green of risk. */
export const GPS_PALETTE: readonly Rgb[] = [
  [37, 99, 235], // blue
  [147, 51, 234], // purple
  [234, 88, 12], // orange
  [13, 148, 136], // teal
  [219, 39, 119], // pink
  [87, 83, 78], // stone
];

/** SPEC §4: red is red, green is green, anything else (including no risk at all) is yellow. */
export function riskColourName(risk: string | null | undefined): RiskColourName {
  if (risk === 'red') return 'red';
  if (risk === 'green') return 'green';
  return 'yellow';
}

export function zoneFillOpacity(risk: string | null | undefined): number {
  return riskColourName(risk) === 'red' ? RED_ZONE_FILL_OPACITY : OTHER_ZONE_FILL_OPACITY;
}

export function withOpacity(rgb: Rgb, opacity: number): Rgba {
  return [rgb[0], rgb[1], rgb[2], Math.round(opacity * 255)];
}

export function paletteColour(colourIndex: number): Rgb {
  const n = GPS_PALETTE.length;
  return GPS_PALETTE[((colourIndex % n) + n) % n]!;
}

export function cssColour(rgb: Rgb): string {
  return `rgb(${rgb[0]}, ${rgb[1]}, ${rgb[2]})`;
}

/** Cubic ease-in-out: slow start, slow finish, so a gliding marker never looks like it teleports. */
export function easeInOutCubic(t: number): number {
  if (t <= 0) return 0;
  if (t >= 1) return 1;
  return t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2;
}

export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION = '© OpenStreetMap contributors';
/** Shown wherever tiles are missing, so layers stay readable offline. */
export const BASEMAP_BACKGROUND = '#e5e7eb';
export const BASEMAP_BACKGROUND_DARK = '#1f2937';
