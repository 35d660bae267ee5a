// The colours of risk, shared by the map's dots and zone outlines and the dashboard's legend beside it.

export type Rgb = readonly [number, number, number];

export type RiskColourName = 'red' | 'yellow' | 'green';

export const RISK_COLOURS: Readonly<Record<RiskColourName, Rgb>> = {
  red: [220, 38, 38],
  yellow: [234, 179, 8],
  green: [22, 163, 74],
};
