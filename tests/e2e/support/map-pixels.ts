// Reading back what the map panel drew: colour arithmetic, PNG screenshots of the panel (kept on disk for
// a look after a failure) and every frame Chromium composites over a stretch of time.
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import type { Rgb } from '../../../src/domain/risk-colours.ts';
import { decodePng, type DecodedPng } from '../map-png.ts';

export const PANEL = '[data-testid="map-panel"]';

export type Colour = readonly [number, number, number];

export function hex(colour: string): Rgb {
  return [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16)) as unknown as Rgb;
}
export function blend(under: Colour, over: Colour, alpha: number): Colour {
  return over.map((c, i) => Math.round(c * alpha + under[i]! * (1 - alpha))) as unknown as Colour;
}
export function distance(a: Colour, b: Colour): number {
  return Math.max(...a.map((c, i) => Math.abs(c - b[i]!)));
}

const screenshotDir = join(tmpdir(), `map-browser-test-${process.pid}`);

export async function screenshot(page: Page, name: string): Promise<{ image: DecodedPng; path: string }> {
  const png = await page.locator(PANEL).screenshot({ animations: 'disabled' });
  mkdirSync(screenshotDir, { recursive: true });
  const path = join(screenshotDir, `${name}.png`);
  writeFileSync(path, png);
  return { image: decodePng(png), path };
}

/** Frames composited while `act` runs and for `ms` after it, as images with ms since `act` started. */
export async function recordFrames(
  page: Page,
  ms: number,
  act: () => Promise<unknown>,
): Promise<{ ms: number; image: DecodedPng }[]> {
  const cdp = await page.context().newCDPSession(page);
  const frames: { at: number; png: Buffer }[] = [];
  cdp.on('Page.screencastFrame', (frame) => {
    frames.push({ at: frame.metadata.timestamp ?? Date.now() / 1000, png: Buffer.from(frame.data, 'base64') });
    void cdp.send('Page.screencastFrameAck', { sessionId: frame.sessionId }).catch(() => undefined);
  });
  await cdp.send('Page.startScreencast', { format: 'png', everyNthFrame: 1 });
  const startedAt = Date.now() / 1000;
  await act();
  await new Promise((resolve) => setTimeout(resolve, ms));
  await cdp.send('Page.stopScreencast');
  await cdp.detach();
  return frames
    .filter((f) => f.at >= startedAt)
    .map((f) => ({ ms: Math.round((f.at - startedAt) * 1000), image: decodePng(f.png) }));
}
