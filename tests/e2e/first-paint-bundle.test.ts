// The built dashboard's first paint downloads the page's own code, not the map's (issue 12): following
// every static import from index.html reaches neither deck.gl, luma.gl nor MapLibre, which come only with
// the map's lazily loaded chunk. Fetching them first once cost 530 KB gzipped before the table showed.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { distDir } from '../../server/app.ts';
import { ensureDashboardBuilt } from './support/dashboard-server.ts';

/** Every script index.html loads or preloads, and what they import statically, transitively. */
function scriptsBeforeFirstPaint(): string[] {
  const html = readFileSync(join(distDir, 'index.html'), 'utf8');
  const pending = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
  const seen = new Set<string>();
  while (pending.length > 0) {
    const file = pending.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(distDir, file), 'utf8');
    for (const [, imported] of code.matchAll(/(?:import|export)\s*(?:[\w*{}\s,$]*from\s*)?["']\.\/([^"']+\.js)["']/g)) pending.push(`assets/${imported}`);
  }
  return [...seen];
}

describe('the first paint', () => {
  beforeAll(ensureDashboardBuilt);

  it('loads the page without the map libraries, which stay in chunks of their own', () => {
    const scripts = scriptsBeforeFirstPaint();
    expect(scripts.some((file) => /assets\/index-[\w-]+\.js$/.test(file))).toBe(true);
    const mapCode = scripts.filter((file) => /map-libraries|MapPanel/.test(file) || /@deck\.gl|@luma\.gl|maplibregl/.test(readFileSync(join(distDir, file), 'utf8')));
    expect(mapCode).toEqual([]);
  });
});
