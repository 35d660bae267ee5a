// A large answer (10,000 incidents are 4.4 MB) handed to the socket whole is one write that holds the event
// loop until the kernel has taken every byte: on a busy machine that was 140 ms in which no panic was read.
// Written a piece at a time, with the event loop turning between pieces, a panic waits for one piece at most.
import { Readable } from 'node:stream';

export const PACED_PIECE_BYTES = 256 * 1024;

async function* piecesOf(bytes: Buffer, pieceBytes: number): AsyncGenerator<Buffer> {
  for (let start = 0; start < bytes.length; start += pieceBytes) {
    if (start > 0) await new Promise((resolve) => setImmediate(resolve));
    yield bytes.subarray(start, start + pieceBytes);
  }
}

/** `text` whole when it fits in one piece, else a stream of its UTF-8 bytes, `pieceBytes` at a time. */
export function pacedBody(text: string, pieceBytes = PACED_PIECE_BYTES): string | Buffer | Readable {
  if (text.length * 3 <= pieceBytes) return text; // at most 3 bytes per UTF-16 unit: it fits
  const bytes = Buffer.from(text);
  return bytes.length <= pieceBytes ? bytes : Readable.from(piecesOf(bytes, pieceBytes));
}
