// Builds tests/map/harness with Vite's production build, so the test also covers what a real build
// emits (MapLibre's worker, the lazy map chunk).
import react from '@vitejs/plugin-react';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { build } from 'vite';

export const harnessRoot = resolve(import.meta.dirname, '../map/harness');

export async function buildMapHarness(): Promise<string> {
  const outDir = mkdtempSync(join(tmpdir(), 'map-harness-'));
  await build({
    configFile: false,
    root: harnessRoot,
    base: './',
    logLevel: 'warn',
    plugins: [react()],
    build: { outDir, emptyOutDir: true, minify: false, reportCompressedSize: false, chunkSizeWarningLimit: 10_000 },
  });
  return outDir;
}
