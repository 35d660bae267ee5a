// Positions on the alert stream (issue 48): the spec's `gps` frames, without ids (they are not part of the
// history a client resumes), the newest per key, and never more per connection than its budget. Alerts go out
// the moment they commit; positions wait for the next tick and for an empty socket, so on a slow link it is
// positions that are lost, never alerts. The kernel takes megabytes into a socket before Node sees any backlog,
// so the budget, not the backlog, is what keeps a panic from queueing behind positions.
import { pingKey, type GpsPing } from '../../src/api/entities.ts';
import type { StreamClient } from './client.ts';
import type { StreamClients } from './clients.ts';

export interface PositionBudget {
  /** What each connection may carry of positions, on average. */
  bytesPerSecond: number;
  /** What it may carry at once after a quiet spell (a few pings together reach it whole). */
  burstBytes: number;
}

/** Clients sent their positions per turn of the event loop (a few ms of socket writes here). */
const CLIENTS_PER_TURN = 100;

/** Newest positions kept for clients to take from; one further behind skips to the oldest kept. */
const KEPT_POSITIONS = 2000;

interface Position {
  readonly seq: number;
  readonly key: string;
  readonly frame: string;
  readonly bytes: number;
  /** A newer position of the same key came after it: clients skip it. */
  superseded: boolean;
}

/** Each client's place in the positions and what its budget holds now. */
interface Allowance {
  seq: number;
  bytes: number;
  at: number;
}

export class PositionLane {
  private kept: Position[] = [];
  private readonly newestOf = new Map<string, Position>();
  private lastSeq = 0;
  private readonly allowances = new WeakMap<StreamClient, Allowance>();
  private sending = false;

  constructor(private readonly budget: PositionBudget) {}

  /** Positions stored (here or on another server), oldest first. */
  add(pings: readonly GpsPing[]): void {
    for (const ping of pings) {
      const key = pingKey(ping);
      const frame = gpsFrame(ping);
      const position = { seq: ++this.lastSeq, key, frame, bytes: Buffer.byteLength(frame), superseded: false };
      const older = this.newestOf.get(key);
      if (older) older.superseded = true;
      this.newestOf.set(key, position);
      this.kept.push(position);
    }
    if (this.kept.length > 2 * KEPT_POSITIONS) this.forget(this.kept.length - KEPT_POSITIONS);
  }

  /** A new client hears positions from now on: where every key is now is GET /gps/last's answer. */
  join(client: StreamClient, now: number): void {
    this.allowances.set(client, { seq: this.lastSeq, bytes: this.budget.burstBytes, at: now });
  }

  /**
   * Positions to each live client whose socket took all it was sent, each within its budget, a slice of the
   * clients per turn of the event loop: an alert that arrives meanwhile goes out between two slices, not behind
   * a thousand socket writes. A tick that finds the last one still going is skipped.
   */
  send(clients: StreamClients, now: () => number): void {
    if (this.sending) return;
    const waiting = [...clients];
    if (waiting.length === 0) return;
    this.sending = true;
    const slice = (from: number) => {
      const at = now();
      for (const client of waiting.slice(from, from + CLIENTS_PER_TURN)) {
        if (!clients.has(client) || client.catchingUp || client.unsentBytes > 0) continue;
        const frames = this.framesFor(client, at);
        if (frames) clients.write(client, frames);
      }
      if (from + CLIENTS_PER_TURN < waiting.length) setImmediate(slice, from + CLIENTS_PER_TURN);
      else this.sending = false;
    };
    slice(0);
  }

  /** The frames `client` may be sent now, oldest first, within its budget; its place moves past them. */
  framesFor(client: StreamClient, now: number): string {
    const allowance = this.allowances.get(client);
    if (!allowance || allowance.seq >= this.lastSeq) return '';
    const { bytesPerSecond, burstBytes } = this.budget;
    allowance.bytes = Math.min(burstBytes, allowance.bytes + ((now - allowance.at) * bytesPerSecond) / 1000);
    allowance.at = now;
    const firstSeq = this.lastSeq - this.kept.length + 1;
    let frames = '';
    for (let i = Math.max(0, allowance.seq + 1 - firstSeq); i < this.kept.length; i++) {
      const position = this.kept[i]!;
      if (!position.superseded) {
        if (position.bytes > allowance.bytes) return frames;
        frames += position.frame;
        allowance.bytes -= position.bytes;
      }
      allowance.seq = position.seq;
    }
    return frames;
  }

  private forget(count: number): void {
    for (const position of this.kept.slice(0, count))
      if (this.newestOf.get(position.key) === position) this.newestOf.delete(position.key);
    this.kept = this.kept.slice(count);
  }
}

export const gpsFrame = (ping: GpsPing): string => `data: ${JSON.stringify({ type: 'gps', ping })}\n\n`;
