// Where a panic outside every zone belongs (issue 31), decided from memory: the panic's transaction must
// not wait for a read, and a region being edited must never fail a panic. The boundaries are read at start,
// again after this server writes a region, when another server's write is announced (NOTIFY on the
// regions' own channel, sent in the writing transaction), and when a poll finds the regions changed (a
// notification lost while the listening connection was down).
import { DEFAULT_REGION_ID } from '../../src/domain/default-region.ts';
import type { LatLng } from '../../src/domain/geo.ts';
import { boundedRegion, regionAt, type BoundedRegion } from '../../src/domain/region-of-point.ts';
import { withPriority, type Database, type Sql } from '../db/seam.ts';
import { regionBoundaries, regionsFingerprint } from '../stores/regions.ts';

export function regionsChannel(schema: string): string {
  return `regions_${schema}`.slice(0, 63);
}

/** In the writing transaction: other servers read the boundaries again once it commits. */
export async function announceRegionChange(tx: Sql, channel: string): Promise<void> {
  await tx.query('select pg_notify($1, $2)', [channel, '']);
}

export class RegionBoundaries {
  private regions: BoundedRegion[] = [];
  private fingerprint = '';
  private refreshing: Promise<void> | undefined;
  private refreshAgain = false;
  private unlisten: (() => Promise<void>) | undefined;
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly db: Database,
    readonly channel: string,
    private readonly onError: (error: unknown) => void,
  ) {}

  /** The smallest region whose boundary holds the point, else `default`. Never waits, never throws. */
  regionOf(point: LatLng): string {
    return regionAt(this.regions, point) ?? DEFAULT_REGION_ID;
  }

  /** `pollMs` undefined: no poll (the embedded store has one server, whose own writes refresh it). */
  async start(pollMs: number | undefined): Promise<void> {
    await this.refresh();
    this.unlisten = await this.db.listen(this.channel, () => this.refreshQuietly());
    if (pollMs === undefined) return;
    this.timer = setInterval(() => void this.checkFingerprint().catch(this.onError), pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.unlisten?.();
    await this.refreshing?.catch(() => {});
  }

  /** Reads the boundaries again; concurrent calls share a read, and one asked for during a read gets another. */
  async refresh(): Promise<void> {
    if (this.refreshing) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    this.refreshing = this.read().finally(() => {
      this.refreshing = undefined;
    });
    await this.refreshing;
    if (this.refreshAgain) {
      this.refreshAgain = false;
      await this.refresh();
    }
  }

  private refreshQuietly(): void {
    this.refresh().catch(this.onError);
  }

  private async checkFingerprint(): Promise<void> {
    if ((await regionsFingerprint(withPriority(this.db, 'background'))) !== this.fingerprint) await this.refresh();
  }

  private async read(): Promise<void> {
    const db = withPriority(this.db, 'normal');
    const fingerprint = await regionsFingerprint(db);
    const rows = await regionBoundaries(db);
    this.regions = rows.map((row) => boundedRegion(row.id, row.boundary));
    this.fingerprint = fingerprint;
  }
}
