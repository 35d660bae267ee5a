import type { FrameBlock } from './frame-blocks.ts';
import type { StreamClient } from './client.ts';

/** A reading client is full only until its socket drains; one found full this many checks in a row is not reading. */
const SLOW_CLIENT_STRIKES = 3;

/**
 * The hub's open streams and how each one ends: a client whose response is gone is detached (its catch-up stops),
 * one that stopped reading is dropped and counted, and every one is ended when the hub closes.
 */
export class StreamClients implements Iterable<StreamClient> {
  private readonly open = new Set<StreamClient>();
  droppedSlowClients = 0;

  get size(): number {
    return this.open.size;
  }

  /** Bytes written to clients but not yet taken by their sockets, per client. */
  get backlogs(): number[] {
    return [...this.open].map((client) => client.unsentBytes);
  }

  [Symbol.iterator](): Iterator<StreamClient> {
    return this.open[Symbol.iterator]();
  }

  add(client: StreamClient): void {
    this.open.add(client);
  }

  has(client: StreamClient): boolean {
    return this.open.has(client);
  }

  /** Writes the frames after the client's position within its bound (answers the bytes); a client gone is detached. */
  sendWithinBound(client: StreamClient, blocks: readonly FrameBlock[]): number {
    const written = client.sendWithinBound(blocks);
    if (written === null) this.detach(client);
    return written ?? 0;
  }

  write(client: StreamClient, chunk: string | Buffer): void {
    if (!client.write(chunk)) this.detach(client);
  }

  ping(): void {
    this.writeToAll(': ping\n\n');
  }

  /** A frame without an id to every client with room: not part of the resumable history. */
  writeToAll(frame: string): void {
    for (const client of this.open) if (!client.isFull) this.write(client, frame);
  }

  /**
   * Runs from a timer: a client found full (holding the bound of unsent bytes) at several checks in a row
   * is not reading, and is dropped; it resumes by id when it reconnects.
   */
  checkSlow(): void {
    for (const client of this.open) {
      client.strikes = client.isFull ? client.strikes + 1 : 0;
      if (client.strikes >= SLOW_CLIENT_STRIKES) this.drop(client);
      else client.wake(); // a socket under the bound that never signalled 'drain' is not left waiting
    }
  }

  drop(client: StreamClient): void {
    if (!this.open.has(client)) return;
    this.droppedSlowClients++;
    this.end(client);
  }

  end(client: StreamClient): void {
    this.detach(client);
    client.res.destroy();
  }

  detach(client: StreamClient): void {
    this.open.delete(client);
    client.wake();
  }

  /** Ends every stream gracefully: clients reconnect elsewhere and resume by id. */
  closeAll(): void {
    for (const client of [...this.open]) {
      this.detach(client);
      client.res.end();
    }
  }
}
