// The built map harness (tests/map/harness) served on a free local port, and Chromium to open it in: the
// setup every map browser test starts from. Pages are opened with openHarness (../map-browser.ts).
import { rmSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { buildMapHarness } from '../map-harness-build.ts';
import { serveStatic, type StaticServer } from '../map-static-server.ts';
import { launchChromium } from './chromium.ts';

export interface MapHarnessSite {
  browser: Browser;
  /** Origin serving the built harness. */
  url: string;
  /** Closes the browser and the server and removes the build. */
  close(): Promise<void>;
}

export async function startMapHarnessSite(): Promise<MapHarnessSite> {
  const harnessDir = await buildMapHarness();
  let server: StaticServer | undefined;
  let browser: Browser | undefined;
  const close = async () => {
    await browser?.close();
    await server?.close();
    rmSync(harnessDir, { recursive: true, force: true });
  };
  try {
    server = await serveStatic(harnessDir);
    browser = await launchChromium();
  } catch (error) {
    await close();
    throw error;
  }
  return { browser, url: server.url, close };
}
