import type { ServerResponse } from 'node:http';
import { firstIndexAbove, sliceWithin, type FrameBlock } from './frame-blocks.ts';

/**
 * One open stream and how far it has been sent. It holds at most `maxUnsentBytes` that its socket has not
 * taken yet (or one frame, when a frame is larger); when full, nothing more is written until the socket drains.
 */
export class StreamClient {
  /** Highest sequence this client has been sent. */
  position = 0;
  /** Replaying what it missed (on attach, or after falling behind): live frames wait in the ring or the database. */
  catchingUp = true;
  /** Consecutive slow-client checks that found it full. */
  strikes = 0;
  private endWait: (() => void) | undefined;

  constructor(
    readonly res: ServerResponse,
    private readonly maxUnsentBytes: number,
  ) {}

  get unsentBytes(): number {
    return this.res.writableLength;
  }

  /** Full means nothing may be written; an empty socket is never full, so every client makes progress. */
  get isFull(): boolean {
    return this.unsentBytes > 0 && this.unsentBytes >= this.maxUnsentBytes;
  }

  /** Bytes that may still be written before it is full. */
  get room(): number {
    return Math.max(0, this.maxUnsentBytes - this.unsentBytes);
  }

  /**
   * Writes the frames of `blocks` after its position, whole, until its unsent bytes reach the bound; answers
   * the bytes written, or null once its response is gone.
   */
  sendWithinBound(blocks: readonly FrameBlock[]): number | null {
    let written = 0;
    for (const block of blocks) {
      let next = firstIndexAbove(block.seqs, this.position);
      while (next < block.seqs.length) {
        if (this.isFull) return written;
        const slice = sliceWithin(block, next, this.room);
        if (!this.write(slice.bytes)) return null;
        this.position = slice.lastSeq;
        next = slice.next;
        written += slice.bytes.length;
      }
    }
    return written;
  }

  /** Writes unless the response is gone; answers whether it is still open. */
  write(chunk: string | Buffer): boolean {
    if (this.res.destroyed) return false;
    this.res.write(chunk);
    return true;
  }

  /** Resolves when the socket drains, or when `wake` is called (the slow-client check, a disconnect). */
  waitForDrain(): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        this.res.off('drain', done);
        this.endWait = undefined;
        resolve();
      };
      this.endWait = done;
      this.res.on('drain', done);
    });
  }

  wake(): void {
    this.endWait?.();
  }
}
