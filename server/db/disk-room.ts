// PGlite 0.5 does not survive a disk that fills under it. Growing a table file it cannot write is an ordinary
// error (SQLSTATE 53100), but a WAL segment it cannot create (16 MiB, written whole before use) is a PANIC, and
// after a PANIC the WebAssembly PostgreSQL spins on the main thread: measured on a full tmpfs, the COMMIT that
// needed the segment never returned (one core busy, no timer fired again), and after a PANIC outside a
// transaction the next query did the same. Nothing in the process answers after that, not even a panic from
// the journal. So the embedded store is given no work while the disk under it has less than a reserve free:
// the work is refused with 53100, the store counts as away (store-health.ts), and panics go to the journal.
import { statfsSync } from 'node:fs';

/** A WAL segment (16 MiB) several times over, beside the largest single write (a 12 MiB geofence import). */
export const STORE_DISK_RESERVE_BYTES = 64 * 1024 * 1024;

const MIB = 1024 * 1024;

/** The work the embedded store was not given: PostgreSQL's own "disk full", so it reads as a store that is away. */
export class DiskLowError extends Error {
  readonly code = '53100';
  constructor(dir: string, freeBytes: number, reserveBytes: number) {
    super(
      `The disk under ${dir} has ${(freeBytes / MIB).toFixed(1)} MiB free, less than the ${reserveBytes / MIB} MiB ` +
        'the embedded store keeps in reserve; it takes no work until there is room',
    );
  }
}

/** Bytes an unprivileged writer may still use on the file system holding `dir`. */
export function freeBytesUnder(dir: string): number {
  const { bavail, bsize } = statfsSync(dir);
  return bavail * bsize;
}

/** Throws DiskLowError when the disk under `dir` has less than `reserveBytes` free. A statfs: microseconds. */
export function ensureRoom(dir: string, reserveBytes = STORE_DISK_RESERVE_BYTES): void {
  const free = freeBytesUnder(dir);
  if (free < reserveBytes) throw new DiskLowError(dir, free, reserveBytes);
}
