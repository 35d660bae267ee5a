import { describe, expect, it } from 'vitest';
import {
  easeInOutCubic,
  GPS_PALETTE,
  paletteColour,
  riskColourName,
  withOpacity,
  zoneFillOpacity,
} from '../../src/map/style.ts';
import { RISK_COLOURS } from '../../src/domain/risk-colours.ts';

describe('risk colours (SPEC §4)', () => {
  it('draws red as red, green as green and anything else as yellow', () => {
    expect(riskColourName('red')).toBe('red');
    expect(riskColourName('green')).toBe('green');
    for (const other of ['yellow', 'orange', '', 'RED', undefined, null]) expect(riskColourName(other)).toBe('yellow');
  });

  it('fills red zones at 0.2 and every other zone at 0.15', () => {
    expect(zoneFillOpacity('red')).toBe(0.2);
    expect(zoneFillOpacity('green')).toBe(0.15);
    expect(zoneFillOpacity('yellow')).toBe(0.15);
    expect(zoneFillOpacity('purple')).toBe(0.15);
  });

  it('keeps the three risk colours apart: red is mostly red, green mostly green, yellow red+green', () => {
    const [rr, rg, rb] = RISK_COLOURS.red;
    const [gr, gg, gb] = RISK_COLOURS.green;
    const [yr, yg, yb] = RISK_COLOURS.yellow;
    expect(rr).toBeGreaterThan(rg + 100);
    expect(gg).toBeGreaterThan(gr + 100);
    expect(yr).toBeGreaterThan(yb + 100);
    expect(yg).toBeGreaterThan(yb + 100);
    expect(rb).toBeLessThan(100);
    expect(gb).toBeLessThan(100);
  });

  it('turns an opacity into an 8-bit alpha', () => {
    expect(withOpacity([1, 2, 3], 0.2)).toEqual([1, 2, 3, 51]);
    expect(withOpacity([1, 2, 3], 0.15)).toEqual([1, 2, 3, 38]);
  });
});

describe('GPS palette', () => {
  it('has 6 distinct colours that cycle by index', () => {
    expect(GPS_PALETTE).toHaveLength(6);
    expect(new Set(GPS_PALETTE.map((c) => c.join())).size).toBe(6);
    for (let i = 0; i < 6; i++) {
      expect(paletteColour(i)).toEqual(GPS_PALETTE[i]);
      expect(paletteColour(i + 6)).toEqual(GPS_PALETTE[i]);
      expect(paletteColour(i + 12)).toEqual(GPS_PALETTE[i]);
    }
  });

  it('never reuses a risk colour, so a marker is not read as a risk level', () => {
    for (const colour of GPS_PALETTE) {
      for (const risk of Object.values(RISK_COLOURS)) expect(colour.join()).not.toBe(risk.join());
    }
  });
});

describe('ease-in-out curve of the 1000 ms glide', () => {
  it('starts at 0, ends at 1, passes 0.5 half way and is symmetric', () => {
    expect(easeInOutCubic(0)).toBe(0);
    expect(easeInOutCubic(1)).toBe(1);
    expect(easeInOutCubic(0.5)).toBeCloseTo(0.5, 10);
    for (const t of [0.1, 0.25, 0.4]) expect(easeInOutCubic(t) + easeInOutCubic(1 - t)).toBeCloseTo(1, 10);
  });

  it('is slow at both ends and fast in the middle', () => {
    const step = 0.01;
    const speed = (t: number) => (easeInOutCubic(t + step) - easeInOutCubic(t)) / step;
    expect(speed(0)).toBeLessThan(0.1);
    expect(speed(1 - step)).toBeLessThan(0.1);
    expect(speed(0.5)).toBeGreaterThan(1.4);
    for (let t = 0; t < 1; t += 0.05) expect(easeInOutCubic(t + 0.05)).toBeGreaterThanOrEqual(easeInOutCubic(t));
  });

  it('clamps outside [0, 1]', () => {
    expect(easeInOutCubic(-1)).toBe(0);
    expect(easeInOutCubic(2)).toBe(1);
  });
});
