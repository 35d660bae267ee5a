import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const OWNER_ONLY = 0o700;

function keepOwnerBitsOnly(path: string, mode: number): void {
  const permissions = mode & 0o7777;
  if ((permissions & ~OWNER_ONLY) === 0) return;
  try {
    chmodSync(path, permissions & OWNER_ONLY);
  } catch (error) {
    // Removed meanwhile, or owned by another user: neither is ours to fix, and neither may stop a start.
    if (!['ENOENT', 'EPERM'].includes((error as NodeJS.ErrnoException).code ?? '')) throw error;
  }
}

/**
 * Takes group and other access away from `dir` and everything under it (folders end 0700, files 0600):
 * the store holds tourists' movements. Earlier installs, and PGlite's own first-run copy, left them
 * 0777/0666. Symbolic links are neither followed nor changed.
 */
export function makeFolderPrivate(dir: string): void {
  keepOwnerBitsOnly(dir, lstatSync(dir).mode);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) {
      makeFolderPrivate(path);
      continue;
    }
    try {
      keepOwnerBitsOnly(path, lstatSync(path).mode);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
}
