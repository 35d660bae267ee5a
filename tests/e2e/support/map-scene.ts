// The fixed scene of tests/map/harness as it must look on screen: for each zone, alert, ping and trail,
// the colour expected at its projected centre and the colours a wrong drawing would leave there.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { RISK_COLOURS } from '../../../src/domain/risk-colours.ts';
import { GPS_PALETTE } from '../../../src/map/style.ts';
import { sceneAlerts, scenePings, sceneZones, trailSamples } from '../../map/harness/scene.ts';
import { project } from '../map-browser.ts';
import { pixelAt, type DecodedPng } from '../map-png.ts';
import { blend, distance, screenshot, type Colour } from './map-pixels.ts';

const TOLERANCE = 14;

interface Sample {
  label: string;
  x: number;
  y: number;
  expected: Colour;
  /** What a wrong drawing would look like here; the pixel must be nearer the expected colour than these. */
  wrong: Colour[];
}

async function sceneSamples(page: Page, background: Colour): Promise<Sample[]> {
  const samples: Sample[] = [];
  const riskFill = { red: RISK_COLOURS.red, yellow: RISK_COLOURS.yellow, green: RISK_COLOURS.green };
  const zoneBlend = (risk: keyof typeof riskFill) =>
    blend(background, riskFill[risk], (risk === 'red' ? 51 : 38) / 255);
  const drawnAs: Record<string, keyof typeof riskFill> = {
    'zone-red': 'red',
    'zone-yellow': 'yellow',
    'zone-green': 'green',
    'zone-other': 'yellow',
  };
  for (const zone of sceneZones) {
    const lat = zone.polygon.reduce((sum, [la]) => sum + la, 0) / zone.polygon.length;
    const lng = zone.polygon.reduce((sum, [, ln]) => sum + ln, 0) / zone.polygon.length;
    const risk = drawnAs[zone.id]!;
    const others = (['red', 'yellow', 'green'] as const).filter((r) => r !== risk);
    samples.push({
      label: zone.id,
      ...(await project(page, [lng, lat])),
      expected: zoneBlend(risk),
      wrong: [...others.map(zoneBlend), background],
    });
  }
  const alertRisk = { 'alert-red': 'red', 'alert-green': 'green', 'alert-no-risk': 'yellow' } as const;
  for (const alert of sceneAlerts) {
    if (typeof alert.latitude !== 'number' || typeof alert.longitude !== 'number') continue;
    const risk = alertRisk[alert.id as keyof typeof alertRisk];
    const others = (['red', 'yellow', 'green'] as const).filter((r) => r !== risk).map((r) => riskFill[r]);
    samples.push({
      label: alert.id,
      ...(await project(page, [alert.longitude, alert.latitude])),
      expected: riskFill[risk],
      wrong: [...others, background],
    });
  }
  // Palette order is first-seen key order: pings come in as tourist-1, device-2.
  const pingColour = { 'tourist-1': GPS_PALETTE[0]!, 'device-2': GPS_PALETTE[1]! };
  for (const ping of scenePings) {
    const key = (ping.touristId ?? ping.deviceId) as keyof typeof pingColour;
    const other = pingColour[key === 'tourist-1' ? 'device-2' : 'tourist-1'];
    samples.push({
      label: `ping ${key}`,
      ...(await project(page, [ping.longitude, ping.latitude])),
      expected: pingColour[key],
      wrong: [other, background],
    });
  }
  for (const [key, at] of Object.entries(trailSamples)) {
    const colour = pingColour[key as keyof typeof pingColour];
    const other = pingColour[key === 'tourist-1' ? 'device-2' : 'tourist-1'];
    samples.push({
      label: `trail ${key}`,
      ...(await project(page, [at.longitude, at.latitude])),
      expected: blend(background, colour, 0.7),
      wrong: [blend(background, other, 0.7), colour, background],
    });
  }
  return samples;
}

function judge(image: DecodedPng, samples: Sample[]) {
  return samples.map((sample) => {
    const actual = pixelAt(image, sample.x, sample.y);
    const off = distance(actual, sample.expected);
    const nearestWrong = Math.min(...sample.wrong.map((w) => distance(actual, w)));
    return { ...sample, actual, off, ok: off <= TOLERANCE && off < nearestWrong };
  });
}

/** Software WebGL draws few frames: retake the screenshot until every feature is drawn, then judge it. */
export async function drawnScene(page: Page, name: string, background: Colour) {
  const samples = await sceneSamples(page, background);
  let last: { verdicts: ReturnType<typeof judge>; path: string } | undefined;
  for (let attempt = 0; attempt < 20; attempt++) {
    const { image, path } = await screenshot(page, name);
    const verdicts = judge(image, samples);
    last = { verdicts, path };
    if (verdicts.every((v) => distance(v.actual, background) > 6)) break;
    await page.waitForTimeout(500);
  }
  console.log(`map screenshot (${name}): ${last!.path}`);
  for (const v of last!.verdicts) {
    console.log(
      `  ${v.ok ? 'ok ' : 'BAD'} ${v.label.padEnd(22)} at (${v.x.toFixed(1)}, ${v.y.toFixed(1)}): drawn rgb(${v.actual.join(', ')}), expected rgb(${v.expected.join(', ')})`,
    );
  }
  return last!.verdicts;
}

export function expectScene(verdicts: ReturnType<typeof judge>) {
  expect(
    verdicts
      .filter((v) => !v.ok)
      .map((v) => `${v.label}: drawn ${v.actual.join(',')} expected ${v.expected.join(',')}`),
  ).toEqual([]);
  const at = (label: string) => verdicts.find((v) => v.label === label)!.actual;
  // Independently of the constants: red reads red, green reads green, yellow reads red+green.
  const [rr, rg] = at('zone-red');
  const [gr, gg] = at('zone-green');
  const [yr, yg, yb] = at('zone-other');
  expect(rr - rg).toBeGreaterThan(20);
  expect(gg - gr).toBeGreaterThan(10);
  expect(Math.min(yr, yg) - yb).toBeGreaterThan(15);
}
