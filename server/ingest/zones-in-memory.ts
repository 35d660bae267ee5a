// Where a panic the store cannot take is filed in its answer (issue 47): among the zones as this server last
// read them, else by the region boundaries in memory. Read at start, and again whenever the zones' revision
// moved (any server's write), checked every few seconds while the store answers.
import type { Geofence } from '../../src/api/entities.ts';
import { boundingBox, boxHolds, type BoundingBox, type LatLng } from '../../src/domain/geo.ts';
import { withPriority, type Database } from '../db/seam.ts';
import { listGeofences, placementAmong, zonesRevision, type Placement } from '../stores/geofences.ts';

export class ZonesInMemory {
  private zones: { zone: Geofence; box: BoundingBox }[] = [];
  private revision: string | undefined;
  private timer: NodeJS.Timeout | undefined;
  private reading: Promise<void> | undefined;
  private readAgain = false;

  constructor(
    private readonly db: Database,
    private readonly onError: (error: unknown) => void,
  ) {}

  placementOf(point: LatLng, regionOutsideZones: (point: LatLng) => string): Placement {
    const holding = this.zones.filter(({ box }) => boxHolds(box, point)).map(({ zone }) => zone);
    return placementAmong(holding, point, regionOutsideZones);
  }

  async start(pollMs: number): Promise<void> {
    await this.check();
    this.timer = setInterval(() => void this.check().catch(this.onError), pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.reading?.catch(() => {});
  }

  /** Reads them again soon (after this server wrote a zone); never throws. */
  refresh(): void {
    void this.check().catch(this.onError);
  }

  /** One read at a time; one asked for during a read gets a read of its own after it. */
  private check(): Promise<void> {
    if (this.reading) {
      this.readAgain = true;
      return this.reading;
    }
    this.reading = this.read().finally(() => {
      this.reading = undefined;
      if (!this.readAgain) return;
      this.readAgain = false;
      this.refresh();
    });
    return this.reading;
  }

  private async read(): Promise<void> {
    const db = withPriority(this.db, 'background');
    const revision = await zonesRevision(db);
    if (revision === this.revision) return;
    const zones = await listGeofences(db);
    this.zones = zones.map((zone) => ({ zone, box: boundingBox(zone.polygon) }));
    this.revision = revision;
  }
}
