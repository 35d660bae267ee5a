import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { accessSync, constants, statSync } from 'node:fs';

// Every test's store, DATA_DIR and backup file in a memory file system where the machine has one (Linux's
// /dev/shm), for this process and every server it starts: on ext4, copying the 26 MB migrated store into each
// test server's folder and deleting it again cost a third of a server's start (0.45 s of CPU in 1.2), and the
// server and ui files start hundreds. PGlite's files and the kernel's calls are the same; only the disk is not.
const MEMORY_TMP = '/dev/shm';
function isWritableFolder(path: string): boolean {
  try {
    accessSync(path, constants.W_OK);
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}
if (!process.env.TMPDIR && isWritableFolder(MEMORY_TMP)) process.env.TMPDIR = MEMORY_TMP;

// Three kinds of tests: server (real HTTP server on PGlite or PostgreSQL; also the bench's figure helpers and tools/),
// ui (machines and views in happy-dom), e2e (the real server and the built dashboard in Chromium).
export default defineConfig({
  plugins: [react()],
  test: {
    // Every core (vitest leaves one idle by default, half of our 2): server tests spend much of their time
    // waiting on the processes they start. The e2e project runs its files one at a time (`npm test` runs it in
    // a vitest of its own, alongside the others: tools/test.mjs).
    maxWorkers: '100%',
    // One module graph per worker, not per file: importing the server, Fluent UI and happy-dom again for
    // every file cost as much CPU as the server tests themselves. Files share no state they assert on: each
    // starts its own servers, and testing-library empties the document after every test.
    isolate: false,
    // The timeouts below only catch a hang: they are no measure of speed (bench/ holds those). They leave
    // room for a machine half as fast as ours usually are: on the 2026-11-27 rehearsal's, several took 17-26 s
    // beside the browser suite, and one passed the ui project's old 20 s.
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts', 'tests/bench/**/*.test.ts', 'tests/tools/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'ui',
          include: [
            'tests/machines/**/*.test.{ts,tsx}',
            'tests/views/**/*.test.{ts,tsx}',
            'tests/map/**/*.test.{ts,tsx}',
            'tests/domain/**/*.test.{ts,tsx}',
            'tests/browser/**/*.test.{ts,tsx}',
            'tests/sw/**/*.test.ts',
          ],
          environment: 'happy-dom',
          setupFiles: ['tests/setup/ui.ts'],
          testTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['tests/e2e/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          // After the server and ui files when one run holds them all (.ci/run's PostgreSQL stage, `npm test --
          // <files>`): without isolation, vitest runs projects side by side only when they share a worker count.
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          // The real clients' requests and the spec's flows on a fresh store (issue 46), in Chromium like e2e: a
          // project of its own so that `npm test` can run it in the browser suite's idle tail (tools/test.mjs).
          name: 'compat',
          include: ['tests/compat/**/*.test.ts'],
          environment: 'node',
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
