import { HttpError } from '../http/errors.ts';

export interface StreamCaps {
  /** Stream clients held at once (0 = no cap); beyond it new ones get 503. */
  maxClients: number;
  /** Stream clients one address may hold at once (0 = no cap); beyond it new ones get 429. */
  maxClientsPerAddress: number;
}

/** Matches the `retry: 5000` the stream itself asks EventSource clients to wait before reconnecting. */
export const STREAM_RETRY_AFTER_SECONDS = 5;

/**
 * Counts stream clients in total and per address, so that no address, and no crowd, can hold more
 * sockets and buffers than the server was sized for.
 */
export class StreamAdmission {
  private held = 0;
  private readonly heldByAddress = new Map<string, number>();
  refusedOverTotalCap = 0;
  refusedOverAddressCap = 0;

  constructor(private readonly caps: StreamCaps) {}

  /**
   * Takes a slot for a new stream client, or throws the error that refuses it. Answers the function that
   * gives the slot back (calling it more than once is harmless).
   */
  admit(address: string): () => void {
    const heldByThisAddress = this.heldByAddress.get(address) ?? 0;
    const { maxClients, maxClientsPerAddress } = this.caps;
    const retryAfter = { 'Retry-After': String(STREAM_RETRY_AFTER_SECONDS) };
    if (maxClientsPerAddress > 0 && heldByThisAddress >= maxClientsPerAddress) {
      this.refusedOverAddressCap++;
      throw new HttpError(
        429,
        `This address already holds ${maxClientsPerAddress} live streams, the most allowed; close one or retry in ${STREAM_RETRY_AFTER_SECONDS} seconds.`,
        undefined,
        retryAfter,
      );
    }
    if (maxClients > 0 && this.held >= maxClients) {
      this.refusedOverTotalCap++;
      throw new HttpError(
        503,
        `The server is serving its maximum of ${maxClients} live streams; retry in ${STREAM_RETRY_AFTER_SECONDS} seconds.`,
        undefined,
        retryAfter,
      );
    }
    this.held++;
    this.heldByAddress.set(address, heldByThisAddress + 1);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.held--;
      const left = this.heldByAddress.get(address)! - 1;
      if (left === 0) this.heldByAddress.delete(address);
      else this.heldByAddress.set(address, left);
    };
  }
}
