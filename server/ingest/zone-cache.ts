// The zones a group of pings is checked against, kept in memory between groups: reading and comparing
// hundreds of zones in SQL for every group cost more than the rest of the group's work together.
// The cache follows every zone write on every server: each group's transaction reads the zones' revision
// (moved by any write to the zones, in the writer's transaction), and a changed revision reloads them.
import type { Geofence } from '../../src/api/entities.ts';
import { alertsOnEntry, boundingBox, boxHolds, type BoundingBox, type LatLng } from '../../src/domain/geo.ts';
import type { Sql } from '../db/seam.ts';
import { listGeofences } from '../stores/geofences.ts';

interface BoxedZone {
  zone: Geofence;
  box: BoundingBox;
}

/** Grid cells of 0.1° (about 11 km): a ping looks at the zones of its cell, not at all of them. */
const CELL_DEGREES = 0.1;
/** A zone wider than this many cells (a legacy zone over a whole state) is checked for every ping instead. */
const MAX_CELLS_PER_ZONE = 400;

const cellIndex = (degrees: number) => Math.floor(degrees / CELL_DEGREES);
const cellKey = (latIndex: number, lngIndex: number) => (latIndex + 1000) * 4000 + (lngIndex + 2000);

/** The red and yellow zones (green ones never alert), bucketed by the grid cells their boxes cover. */
class ZoneGrid {
  private readonly cells = new Map<number, BoxedZone[]>();
  private readonly wide: BoxedZone[] = [];

  constructor(zones: readonly BoxedZone[]) {
    for (const boxed of zones) {
      const { minLat, maxLat, minLng, maxLng } = boxed.box;
      const [lat0, lat1, lng0, lng1] = [cellIndex(minLat), cellIndex(maxLat), cellIndex(minLng), cellIndex(maxLng)];
      if ((lat1 - lat0 + 1) * (lng1 - lng0 + 1) > MAX_CELLS_PER_ZONE) {
        this.wide.push(boxed);
        continue;
      }
      for (let lat = lat0; lat <= lat1; lat++) {
        for (let lng = lng0; lng <= lng1; lng++) {
          const key = cellKey(lat, lng);
          const bucket = this.cells.get(key);
          if (bucket) bucket.push(boxed);
          else this.cells.set(key, [boxed]);
        }
      }
    }
  }

  /** Adds to `found` the zones whose box holds the point (edges included). */
  collect(point: LatLng, found: Set<Geofence>): void {
    const bucket = this.cells.get(cellKey(cellIndex(point.latitude), cellIndex(point.longitude))) ?? [];
    for (const list of [bucket, this.wide]) {
      for (const { zone, box } of list) if (!found.has(zone) && boxHolds(box, point)) found.add(zone);
    }
  }
}

export class ZoneCache {
  private cached?: { fingerprint: string; grid: ZoneGrid; byId: Map<string, Geofence> };

  /**
   * The red and yellow zones whose bounding box holds at least one of the points, and the zones in
   * `alsoIds` (where keys are inside now, needed to report their exit wherever the point is).
   * `fingerprint` is the zones' revision as the caller's transaction sees it; when it changed they are read
   * again in that transaction.
   */
  async zonesForPoints(
    tx: Sql,
    fingerprint: string,
    points: readonly LatLng[],
    alsoIds: readonly string[],
  ): Promise<Geofence[]> {
    const { grid, byId } = await this.current(tx, fingerprint);
    const found = new Set<Geofence>(alsoIds.flatMap((id) => byId.get(id) ?? []));
    for (const point of points) grid.collect(point, found);
    return [...found];
  }

  private async current(tx: Sql, fingerprint: string) {
    if (this.cached?.fingerprint !== fingerprint) {
      const zones = await listGeofences(tx);
      const alerting = zones.filter(alertsOnEntry).map((zone) => ({ zone, box: boundingBox(zone.polygon) }));
      this.cached = { fingerprint, grid: new ZoneGrid(alerting), byId: new Map(zones.map((zone) => [zone.id, zone])) };
    }
    return this.cached;
  }
}
