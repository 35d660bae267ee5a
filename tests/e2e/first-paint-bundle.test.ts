// The built dashboard's first paint downloads a small script of its own, not the console's (issue 12):
// following every static import from index.html reaches neither React, Fluent UI, XState nor zod (the
// console's code, fetched once the first table is painted) nor deck.gl, luma.gl or MapLibre (the map's
// chunk). Fetching them first once cost 253 KB gzipped, and before that 530 KB more, before the table showed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { distDir } from '../../server/build-dashboard.ts';
import { ensureDashboardBuilt } from './support/dashboard-server.ts';

const read = (file: string) => readFileSync(join(distDir, file), 'utf8');

/** Every script index.html loads or preloads, and what they import statically, transitively. */
function scriptsBeforeFirstPaint(): string[] {
  return withStaticImports(
    [...read('index.html').matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!),
  );
}

function withStaticImports(files: string[]): string[] {
  const pending = [...files];
  const seen = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = read(file);
    for (const [, imported] of code.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?["']\.\/([^"']+\.js)["']/g))
      pending.push(`assets/${imported}`);
  }
  return [...seen];
}

/** What each library's built code always carries. */
const LIBRARY_MARKS: Record<string, RegExp> = {
  map: /@deck\.gl|@luma\.gl|maplibregl/,
  react: /react\.dev\/errors/,
  'fluent ui': /fui-/,
  xstate: /xstate\./,
  zod: /ZodError/,
};

describe('the first paint', () => {
  beforeAll(ensureDashboardBuilt);

  it("loads a script of its own, without the console's libraries or the map's, which come only after it", () => {
    const scripts = scriptsBeforeFirstPaint();
    expect(scripts.some((file) => /assets\/index-[\w-]+\.js$/.test(file))).toBe(true);
    const code = scripts.map(read).join('\n');
    const found = Object.entries(LIBRARY_MARKS)
      .filter(([, mark]) => mark.test(code))
      .map(([library]) => library);
    expect(found).toEqual([]);
    expect(scripts.filter((file) => /map-libraries|MapPanel|main-/.test(file))).toEqual([]);
  });

  it("is checked against marks that the console's code, imported once the table is painted, does carry", () => {
    const entry = scriptsBeforeFirstPaint().find((file) => /assets\/index-/.test(file))!;
    const consoleModule = read(entry).match(/main-[\w-]+\.js/);
    expect(consoleModule).not.toBeNull();
    const code = withStaticImports([`assets/${consoleModule![0]}`])
      .map(read)
      .join('\n');
    const missing = Object.entries(LIBRARY_MARKS).filter(([library, mark]) => library !== 'map' && !mark.test(code));
    expect(missing).toEqual([]);
  });
});
