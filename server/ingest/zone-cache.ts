// The zones a group of pings is checked against, kept in memory between groups: reading and comparing
// hundreds of zones in SQL for every group cost more than the rest of the group's work together.
import type { Geofence } from '../../src/api/entities.ts';
import { alertsOnEntry, boundingBox, boxHolds, type BoundingBox, type LatLng } from '../../src/domain/geo.ts';
import type { Sql } from '../db/seam.ts';
import { listGeofences } from '../stores/geofences.ts';

interface BoxedZone {
  zone: Geofence;
  alerting: boolean;
  box: BoundingBox;
}

export class ZoneCache {
  private cached?: { fingerprint: string; zones: BoxedZone[]; byId: Map<string, Geofence> };

  /**
   * The red and yellow zones whose bounding box holds at least one of the points, and the zones in
   * `alsoIds` (where keys are inside now, needed to report their exit wherever the point is).
   * `fingerprint` is the zones' as the caller's transaction sees them; when it changed they are read again
   * in that transaction.
   */
  async zonesForPoints(tx: Sql, fingerprint: string, points: readonly LatLng[], alsoIds: readonly string[]): Promise<Geofence[]> {
    const { zones, byId } = await this.current(tx, fingerprint);
    const found = new Set<Geofence>(alsoIds.flatMap((id) => byId.get(id) ?? []));
    for (const { zone, alerting, box } of zones) {
      if (alerting && !found.has(zone) && points.some((point) => boxHolds(box, point))) found.add(zone);
    }
    return [...found];
  }

  private async current(tx: Sql, fingerprint: string) {
    if (this.cached?.fingerprint !== fingerprint) {
      const zones = await listGeofences(tx);
      this.cached = {
        fingerprint,
        zones: zones.map((zone) => ({ zone, alerting: alertsOnEntry(zone), box: boundingBox(zone.polygon) })),
        byId: new Map(zones.map((zone) => [zone.id, zone])),
      };
    }
    return this.cached;
  }
}
