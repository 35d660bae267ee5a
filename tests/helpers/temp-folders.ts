import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach } from 'vitest';

/**
 * A maker of temporary folders, each removed after the test that made it. Call it before the file's own
 * `afterEach`, so that those run first (vitest runs after-hooks last registered first): a server is
 * stopped before its folder goes.
 */
export function tempFolders(prefix: string): () => string {
  const folders: string[] = [];
  afterEach(() => {
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix));
    folders.push(dir);
    return dir;
  };
}
