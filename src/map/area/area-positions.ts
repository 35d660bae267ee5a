// What GET /positions/stream has said of the map's area (issue 48 point 5): each device's latest position in
// typed arrays that deck.gl draws as they are (binary attributes, rewritten in place: no walk over every key
// per frame), or the devices per H3 cell when the area is answered as counts. One per subscription's owner.
import { pingKey, type GpsPing } from '../../api/entities.ts';
import type { CellCount, PositionsMessage } from '../../api/positions.ts';

/** deck.gl's binary form of a ScatterplotLayer's data: `length` rows, positions as [longitude, latitude] pairs. */
export interface AreaPointData {
  length: number;
  attributes: { getPosition: { value: Float64Array; size: 2 } };
}

const FIRST_CAPACITY = 1024;

export class AreaPositions {
  private readonly slotOf = new Map<string, number>();
  private keys: string[] = [];
  private pings: GpsPing[] = [];
  private coordinates = new Float64Array(2 * FIRST_CAPACITY);
  private readonly counts = new Map<string, number>();
  private shownData: AreaPointData | null = null;
  /** The H3 resolution of the counts; undefined while the area is answered as points. */
  resolution: number | undefined;
  /** Goes up with every message that changed something: what a render compares. */
  version = 0;

  get pointCount(): number {
    return this.keys.length;
  }

  /**
   * Takes one message of the stream; answers whether it changed what is drawn. A snapshot of nothing over
   * nothing (a new subscription of an empty area) does not: every redraw costs a machine without a GPU a frame.
   */
  apply(message: PositionsMessage): boolean {
    const wasEmpty = this.isEmpty();
    switch (message.type) {
      case 'positions_snapshot':
        this.clear(undefined);
        for (const ping of message.positions) this.put(ping);
        if (wasEmpty && this.isEmpty()) return false;
        break;
      case 'positions':
        if (message.positions.length === 0 && !message.left.some((key) => this.slotOf.has(key))) return false;
        for (const key of message.left) this.remove(key);
        for (const ping of message.positions) this.put(ping);
        break;
      case 'cells_snapshot':
        this.clear(message.resolution);
        this.count(message.cells);
        if (wasEmpty && this.isEmpty()) return false;
        break;
      case 'cells':
        if (message.resolution !== this.resolution) return false;
        if (message.cells.every(({ cell, count }) => (this.counts.get(cell) ?? 0) === count)) return false;
        this.count(message.cells);
        break;
    }
    this.shownData = null;
    this.version++;
    return true;
  }

  /** The points as deck.gl reads them: a new object after each change, over the same arrays while they fit. */
  pointData(): AreaPointData {
    this.shownData ??= {
      length: this.keys.length,
      attributes: { getPosition: { value: this.coordinates, size: 2 } },
    };
    return this.shownData;
  }

  /** The ping drawn at row `index` of pointData. */
  pingAt(index: number): GpsPing | undefined {
    return this.pings[index];
  }

  /** Every cell with devices in it, and how many. */
  cells(): CellCount[] {
    return [...this.counts].map(([cell, count]) => ({ cell, count }));
  }

  private isEmpty(): boolean {
    return this.keys.length === 0 && this.counts.size === 0;
  }

  private clear(resolution: number | undefined): void {
    this.slotOf.clear();
    this.keys = [];
    this.pings = [];
    this.counts.clear();
    this.resolution = resolution;
  }

  private count(cells: readonly CellCount[]): void {
    for (const { cell, count } of cells) {
      if (count > 0) this.counts.set(cell, count);
      else this.counts.delete(cell);
    }
  }

  private put(ping: GpsPing): void {
    const key = pingKey(ping);
    let slot = this.slotOf.get(key);
    if (slot === undefined) {
      slot = this.keys.length;
      this.slotOf.set(key, slot);
      this.keys.push(key);
      if (2 * (slot + 1) > this.coordinates.length) this.grow();
    }
    this.pings[slot] = ping;
    this.coordinates[2 * slot] = ping.longitude;
    this.coordinates[2 * slot + 1] = ping.latitude;
  }

  /** The last row moves into the freed one: rows stay packed, and nothing else moves. */
  private remove(key: string): void {
    const slot = this.slotOf.get(key);
    if (slot === undefined) return;
    this.slotOf.delete(key);
    const last = this.keys.length - 1;
    if (slot !== last) {
      const moved = this.keys[last]!;
      this.keys[slot] = moved;
      this.pings[slot] = this.pings[last]!;
      this.coordinates[2 * slot] = this.coordinates[2 * last]!;
      this.coordinates[2 * slot + 1] = this.coordinates[2 * last + 1]!;
      this.slotOf.set(moved, slot);
    }
    this.keys.pop();
    this.pings.pop();
  }

  private grow(): void {
    const larger = new Float64Array(this.coordinates.length * 2);
    larger.set(this.coordinates);
    this.coordinates = larger;
  }
}
