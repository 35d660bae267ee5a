// The subscriptions of GET /positions/stream: each an area of the map, sent a snapshot of it, then once a
// second what changed in it, the latest per device (or per cell when zoomed out). A subscriber whose socket
// has not taken the last message gets the next one later, conflated; one that stops reading is ended and
// starts again with a snapshot when it reconnects.
import type { ServerResponse } from 'node:http';
import type { GpsPing } from '../../src/api/entities.ts';
import {
  cellResolution,
  POINTS_FROM_ZOOM,
  type CellCount,
  type PositionsArea,
  type PositionsMessage,
} from '../../src/api/positions.ts';
import type { IndexedPosition, PositionChange, PositionIndex } from './position-index.ts';

/** More points than this in an area are answered as counts: no map draws them apart, no link should carry them. */
const MAX_AREA_POINTS = 20_000;
/** The resolution of an area answered as counts because it held too many points. */
const CROWDED_RESOLUTION = 7;
/** Ticks in a row a subscriber may hold this many unsent bytes before it is ended. */
const FULL_TICKS = 5;
/** A comment after this long without a message, so that proxies keep the stream open. */
const KEEPALIVE_MS = 15_000;

interface Subscriber {
  readonly res: ServerResponse;
  readonly area: PositionsArea;
  /** Counts per cell at this resolution; undefined: points. */
  readonly resolution: number | undefined;
  readonly counts: Map<string, number>;
  readonly pending: Map<string, GpsPing>;
  readonly left: Set<string>;
  readonly touched: Set<string>;
  fullTicks: number;
  wroteAt: number;
}

function inArea({ regionId, bbox }: PositionsArea, { regionId: positionRegion, ping }: IndexedPosition) {
  if (regionId !== undefined && regionId !== 'all' && positionRegion !== regionId) return false;
  if (!bbox) return true;
  const { latitude, longitude } = ping;
  return latitude >= bbox.south && latitude <= bbox.north && longitude >= bbox.west && longitude <= bbox.east;
}

const frame = (message: PositionsMessage) => `data: ${JSON.stringify(message)}\n\n`;

export class PositionAreas {
  private readonly subscribers = new Set<Subscriber>();
  /** Subscribers ended because they did not read. */
  endedSlow = 0;

  constructor(
    private readonly index: PositionIndex,
    private readonly maxUnsentBytes: number,
  ) {}

  get size(): number {
    return this.subscribers.size;
  }

  /** Starts `res`'s subscription to `area` with its snapshot. */
  open(res: ServerResponse, area: PositionsArea, now: number): void {
    const inside = [...this.index].filter((position) => inArea(area, position));
    const zoomedOut = area.zoom < POINTS_FROM_ZOOM || inside.length > MAX_AREA_POINTS;
    const resolution = zoomedOut
      ? area.zoom < POINTS_FROM_ZOOM
        ? cellResolution(area.zoom)
        : CROWDED_RESOLUTION
      : undefined;
    const subscriber: Subscriber = {
      res,
      area,
      resolution,
      counts: new Map(),
      pending: new Map(),
      left: new Set(),
      touched: new Set(),
      fullTicks: 0,
      wroteAt: now,
    };
    if (resolution === undefined)
      res.write(frame({ type: 'positions_snapshot', positions: inside.map((position) => position.ping) }));
    else {
      for (const position of inside) count(subscriber, position, 1);
      subscriber.touched.clear();
      const cells = [...subscriber.counts].map(([cell, n]): CellCount => ({ cell, count: n }));
      res.write(frame({ type: 'cells_snapshot', resolution, cells }));
    }
    this.subscribers.add(subscriber);
    res.once('close', () => this.subscribers.delete(subscriber));
  }

  /** Once a second: what changed goes to every subscriber whose area it touched, conflated while one is backed up. */
  tick(now: number): void {
    const changes = this.index.takeChanges();
    for (const subscriber of this.subscribers) {
      for (const change of changes) gather(subscriber, change);
      const unsent = subscriber.res.writableLength;
      if (unsent > 0) {
        subscriber.fullTicks = unsent >= this.maxUnsentBytes ? subscriber.fullTicks + 1 : 0;
        if (subscriber.fullTicks >= FULL_TICKS) this.end(subscriber);
        continue;
      }
      const message = takeMessage(subscriber);
      if (message) subscriber.res.write(frame(message));
      else if (now - subscriber.wroteAt >= KEEPALIVE_MS) subscriber.res.write(': ping\n\n');
      else continue;
      subscriber.wroteAt = now;
    }
  }

  closeAll(): void {
    for (const subscriber of [...this.subscribers]) {
      this.subscribers.delete(subscriber);
      subscriber.res.end();
    }
  }

  private end(subscriber: Subscriber): void {
    this.endedSlow++;
    this.subscribers.delete(subscriber);
    subscriber.res.destroy();
  }
}

function count(subscriber: Subscriber, position: IndexedPosition, by: 1 | -1): void {
  const cell = position.cells.get(subscriber.resolution!)!;
  subscriber.counts.set(cell, (subscriber.counts.get(cell) ?? 0) + by);
  subscriber.touched.add(cell);
}

function gather(subscriber: Subscriber, { before, after }: PositionChange): void {
  const wasIn = before !== undefined && inArea(subscriber.area, before);
  const isIn = inArea(subscriber.area, after);
  if (!wasIn && !isIn) return;
  if (subscriber.resolution !== undefined) {
    if (wasIn) count(subscriber, before, -1);
    if (isIn) count(subscriber, after, 1);
  } else if (isIn) {
    subscriber.pending.set(after.key, after.ping);
    subscriber.left.delete(after.key);
  } else {
    subscriber.pending.delete(after.key);
    subscriber.left.add(after.key);
  }
}

function takeMessage(subscriber: Subscriber): PositionsMessage | undefined {
  const { resolution, counts, touched, pending, left } = subscriber;
  if (resolution !== undefined) {
    if (touched.size === 0) return undefined;
    const cells = [...touched].map((cell): CellCount => ({ cell, count: counts.get(cell) ?? 0 }));
    for (const cell of touched) if (counts.get(cell) === 0) counts.delete(cell);
    touched.clear();
    return { type: 'cells', resolution, cells };
  }
  if (pending.size === 0 && left.size === 0) return undefined;
  const message: PositionsMessage = { type: 'positions', positions: [...pending.values()], left: [...left] };
  pending.clear();
  left.clear();
  return message;
}
