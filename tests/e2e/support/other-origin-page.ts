// A page on another origin than the API (another local port), as the public reference clients are: the
// tourist phone app and the older dashboard are served from their own hosts and call the API across origins.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { serveStatic, type StaticServer } from '../map-static-server.ts';

export interface OtherOriginSite {
  /** The site's origin, e.g. for CORS_ORIGINS. */
  readonly origin: string;
  /** Opens a fresh page (its own storage) on the site. */
  open(browser: Browser): Promise<Page>;
  close(): Promise<void>;
}

/** Serves an empty page titled `title` on a free local port. */
export async function serveOtherOrigin(title: string): Promise<OtherOriginSite> {
  const dir = mkdtempSync(join(tmpdir(), 'other-origin-'));
  writeFileSync(join(dir, 'index.html'), `<!doctype html><meta charset="utf-8"><title>${title}</title>`);
  let site: StaticServer;
  try {
    site = await serveStatic(dir);
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    origin: new URL(site.url).origin,
    async open(browser) {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${site.url}/`);
      return page;
    },
    async close() {
      await site.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
