import { closeSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * PGlite corrupts a folder that two processes write at once, so the folder is claimed with a lock file
 * holding the owner's pid. A lock left by a process that is gone is taken over.
 */
export function acquireDirectoryLock(dir: string): () => void {
  const lockPath = join(dir, 'server.lock');
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      writeSync(fd, String(process.pid));
      closeSync(fd);
      return () => rmSync(lockPath, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = Number.parseInt(readFileSync(lockPath, 'utf8'), 10);
      if (Number.isInteger(owner) && owner !== process.pid && processIsAlive(owner)) {
        throw new Error(
          `The data folder ${dir} is in use by another server (pid ${owner}). Stop it, or set DATA_DIR to another folder, or use DATABASE_URL for several servers.`,
        );
      }
      if (owner === process.pid) {
        throw new Error(`The data folder ${dir} is already open in this process.`);
      }
      rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock the data folder ${dir}.`);
}
