/** One stream event as written on the wire, serialised once and shared by every client. */
export interface Frame {
  seq: number;
  bytes: Buffer;
}

export function formatFrame(seq: number, json: string): string {
  return `id: ${seq}\ndata: ${json}\n\n`;
}

/** Index of the first frame after `seq` in frames ordered by sequence. */
export function firstIndexAfter(frames: readonly Frame[], seq: number): number {
  let low = 0;
  let high = frames.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (frames[middle].seq <= seq) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The most recent frames, in sequence order, for clients that catch up without a database read. */
export class FrameRing {
  private kept: Frame[] = [];

  constructor(private readonly size: number) {}

  get frames(): readonly Frame[] {
    return this.kept;
  }

  append(frames: readonly Frame[]): void {
    this.kept.push(...frames);
    if (this.kept.length > this.size) this.kept.splice(0, this.kept.length - this.size);
  }

  /** Whether every frame after `position`, up to `head`, is in memory. */
  covers(position: number, head: number): boolean {
    if (position >= head) return true;
    return this.kept.length > 0 && this.kept[0].seq <= position + 1;
  }

  /** Whether the ring holds anything newer than `position`. */
  hasAfter(position: number): boolean {
    return this.kept.length > 0 && this.kept[this.kept.length - 1].seq > position;
  }
}
