// A real small file system for a server's DATA_DIR (issue 47: the disk under it full): a tmpfs of a few MiB,
// mounted over a fresh folder, that a test fills with a file of its own and empties again. Mounting needs
// root (the CI machines run as root); elsewhere `mountRefusal` says why it cannot be done.
import { execFileSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { freeBytesUnder } from '../../server/db/disk-room.ts';
import { openPanicJournal, type PanicJournal } from '../../server/db/panic-journal.ts';

export interface SmallDisk {
  dir: string;
  free(): number;
  /** Writes the filler file until `leaveBytes` (rounded to the file system's blocks) are left free. */
  fill(leaveBytes: number): void;
  /** Writes the filler file until the file system refuses it: no block is left. */
  fillAll(): void;
  /** Deletes the filler file. */
  empty(): void;
  unmount(): void;
}

const CHUNK = 1024 * 1024;

function mountTmpfs(dir: string, sizeMiB: number): void {
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMiB}m,mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
}

/** Undefined when this process can mount a tmpfs; else the reason it cannot. */
export function mountRefusal(): string | undefined {
  if (process.platform !== 'linux') return `tmpfs needs Linux, not ${process.platform}`;
  if (process.getuid?.() !== 0) return 'mounting a tmpfs needs root';
  const dir = mkdtempSync(join(tmpdir(), 'pad-mount-check-'));
  try {
    mountTmpfs(dir, 1);
    execFileSync('umount', [dir], { stdio: 'pipe' });
    return undefined;
  } catch (error) {
    const stderr = (error as { stderr?: Buffer }).stderr?.toString().trim();
    return `mount -t tmpfs was refused here (${stderr || String(error)})`;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export function mountSmallDisk(sizeMiB: number): SmallDisk {
  const dir = mkdtempSync(join(tmpdir(), 'pad-small-disk-'));
  mountTmpfs(dir, sizeMiB);
  const filler = join(dir, 'filler');
  const free = () => freeBytesUnder(dir);
  const write = (bytes: number): boolean => {
    const fd = openSync(filler, 'a');
    try {
      writeSync(fd, Buffer.alloc(bytes));
      return true;
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOSPC') return false;
      throw error;
    } finally {
      closeSync(fd);
    }
  };
  return {
    dir,
    free,
    fill(leaveBytes) {
      for (let more = free() - leaveBytes; more > 0 && write(Math.min(CHUNK, more)); more = free() - leaveBytes);
    },
    fillAll() {
      while (write(4096));
    },
    empty: () => rmSync(filler, { force: true }),
    unmount() {
      try {
        execFileSync('umount', [dir], { stdio: 'pipe' });
      } catch {
        execFileSync('umount', ['-l', dir], { stdio: 'pipe' }); // still open somewhere: detached now, freed when closed
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A panic journal on a small disk of its own, for the `describe` it is called in: both there once it starts. */
export function journalOnSmallDisk(sizeMiB: number): { disk: SmallDisk; journal: PanicJournal } {
  const held = {} as { disk: SmallDisk; journal: PanicJournal };
  beforeAll(async () => {
    held.disk = mountSmallDisk(sizeMiB);
    held.journal = await openPanicJournal(held.disk.dir, undefined, 'journal');
  });
  afterAll(async () => {
    held.disk?.unmount(); // first, so that a close that never ends leaves no mount behind (umount -l while open)
    await held.journal?.close();
  });
  return held;
}
