import { describe, expect, it } from 'vitest';
import type { Geofence } from '../../src/api/entities.ts';
import { ALL_ZONES, formatArea, startRegionOf, zoneRows } from '../../src/domain/zone-list.ts';
import { circleToPolygon } from '../../src/domain/zone-geometry.ts';

const square = (lat: number, lng: number, half: number): [number, number][] => [
  [lat - half, lng - half],
  [lat - half, lng + half],
  [lat + half, lng + half],
  [lat + half, lng - half],
];
const zones: Geofence[] = [
  {
    id: 'pb',
    name: 'Police Bazar',
    riskLevel: 'red',
    regionId: 'shillong',
    polygon: square(25.578, 91.893, 0.005),
    meta: { placeId: 'police-bazar' },
    version: 2,
    updatedBy: 'dana',
    updatedAt: '2026-11-26T10:00:00.000Z',
  },
  {
    id: 'wl',
    name: "Ward's Lake",
    riskLevel: 'green',
    regionId: 'shillong',
    polygon: square(25.576, 91.889, 0.002),
    meta: {},
  },
  {
    id: 'km',
    name: 'Kamakhya',
    riskLevel: 'yellow',
    regionId: 'guwahati',
    polygon: circleToPolygon([26.166, 91.705], 500).polygon,
    meta: { placeId: 'kamakhya', circle: { center: [26.166, 91.705], radiusM: 500 } },
  },
];

describe("the Zones view's list", () => {
  it('one row per zone with risk, place, vertices, area and who changed it last, by name', () => {
    const rows = zoneRows(zones, ALL_ZONES);
    expect(rows.map((row) => row.name)).toEqual(['Kamakhya', 'Police Bazar', "Ward's Lake"]);
    const [kamakhya, policeBazar, lake] = rows;
    expect(policeBazar).toMatchObject({
      riskLevel: 'red',
      placeId: 'police-bazar',
      vertices: 4,
      updatedBy: 'dana',
      updatedAt: '2026-11-26T10:00:00.000Z',
      circle: false,
    });
    // 0.01° × 0.01° at 25.6° N: about 1.11 km × 1.00 km.
    expect(policeBazar.areaKm2).toBeGreaterThan(1.1);
    expect(policeBazar.areaKm2).toBeLessThan(1.13);
    expect(lake).toMatchObject({ placeId: '', updatedBy: '', updatedAt: '' });
    expect(kamakhya).toMatchObject({ vertices: 64, circle: true });
    // A circle of 500 m: π r² ≈ 0.785 km² (the 64-gon a little less).
    expect(kamakhya.areaKm2).toBeCloseTo(0.784, 2);
  });

  it('filters by region and risk, and searches name, id and place without regard to case', () => {
    expect(zoneRows(zones, { ...ALL_ZONES, regionId: 'guwahati' }).map((row) => row.id)).toEqual(['km']);
    expect(zoneRows(zones, { ...ALL_ZONES, risk: 'green' }).map((row) => row.id)).toEqual(['wl']);
    expect(zoneRows(zones, { ...ALL_ZONES, search: 'POLICE-baz' }).map((row) => row.id)).toEqual(['pb']);
    expect(zoneRows(zones, { ...ALL_ZONES, search: ' wl ' }).map((row) => row.id)).toEqual(['wl']);
    expect(zoneRows(zones, { regionId: 'shillong', risk: 'yellow', search: '' })).toEqual([]);
  });

  it('a zone record changed builds its row again; an unchanged one keeps its row', () => {
    const first = zoneRows(zones, ALL_ZONES);
    const renamed = zones.map((zone) => (zone.id === 'wl' ? { ...zone, name: 'Lake' } : zone));
    const second = zoneRows(renamed, ALL_ZONES);
    expect(second.find((row) => row.id === 'pb')).toBe(first.find((row) => row.id === 'pb'));
    expect(second.find((row) => row.id === 'wl')!.name).toBe('Lake');
  });

  it('writes areas with two decimals under 10 km² and one above', () => {
    expect(formatArea(0.4237)).toBe('0.42 km²');
    expect(formatArea(1234.56)).toBe('1,234.6 km²');
  });

  it("opens on the dashboard's region when it has zones, else on all regions", () => {
    expect(startRegionOf('shillong', zones)).toBe('shillong');
    expect(startRegionOf('default', zones)).toBe('all');
    expect(startRegionOf('shillong', [])).toBe('all');
  });
});
