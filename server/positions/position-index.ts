// The latest position of every device this server knows of (its own and, through the bus, the others'), with
// the region and the H3 cells each is in: what GET /positions/stream answers from, without a query per client.
import { latLngToCell } from 'h3-js';
import { pingKey, type GpsPing } from '../../src/api/entities.ts';
import { CELL_RESOLUTIONS } from '../../src/api/positions.ts';
import type { LatLng } from '../../src/domain/geo.ts';

export interface IndexedPosition {
  readonly key: string;
  readonly ping: GpsPing;
  readonly regionId: string;
  /** Its cell at each of CELL_RESOLUTIONS, by resolution. */
  readonly cells: ReadonlyMap<number, string>;
}

/** A key's move since the last `takeChanges`: where it was then (absent: unknown here), where it is now. */
export interface PositionChange {
  before: IndexedPosition | undefined;
  after: IndexedPosition;
}

/** Devices kept: past it, the one that moved longest ago goes first. */
export const MAX_INDEXED_POSITIONS = 500_000;

export class PositionIndex {
  /** In the order they last moved, oldest first. */
  private readonly latest = new Map<string, IndexedPosition>();
  private changes = new Map<string, PositionChange>();

  constructor(
    private readonly regionOf: (point: LatLng) => string,
    private readonly maxPositions = MAX_INDEXED_POSITIONS,
  ) {}

  get size(): number {
    return this.latest.size;
  }

  /** Positions oldest first; one older than the key's latest (an offline sync) changes nothing. */
  apply(pings: readonly GpsPing[]): void {
    for (const ping of pings) {
      const key = pingKey(ping);
      const before = this.latest.get(key);
      if (before && Date.parse(before.ping.at) > Date.parse(ping.at)) continue;
      const after = this.indexed(key, ping);
      this.latest.delete(key);
      this.latest.set(key, after);
      const pending = this.changes.get(key);
      this.changes.set(key, { before: pending ? pending.before : before, after });
    }
    for (const key of this.latest.keys()) {
      if (this.latest.size <= this.maxPositions) break;
      this.latest.delete(key);
      this.changes.delete(key);
    }
  }

  /** Positions read from the store, newest first: each key not known yet, as it is, with no change to tell. */
  seed(pings: readonly GpsPing[]): void {
    for (let i = pings.length - 1; i >= 0 && this.latest.size < this.maxPositions; i--) {
      const ping = pings[i]!;
      const key = pingKey(ping);
      if (!this.latest.has(key)) this.latest.set(key, this.indexed(key, ping));
    }
  }

  /** The moves since the last call, one per key. */
  takeChanges(): PositionChange[] {
    const changes = [...this.changes.values()];
    this.changes = new Map();
    return changes;
  }

  [Symbol.iterator](): IterableIterator<IndexedPosition> {
    return this.latest.values();
  }

  private indexed(key: string, ping: GpsPing): IndexedPosition {
    const cells = new Map<number, string>();
    for (const resolution of CELL_RESOLUTIONS)
      cells.set(resolution, latLngToCell(ping.latitude, ping.longitude, resolution));
    return { key, ping, regionId: this.regionOf(ping), cells };
  }
}
