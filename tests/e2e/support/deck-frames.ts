// How often deck.gl redraws: each frame it draws in redraws every layer, which without a GPU costs the
// CPU about half a second with 10,000 alerts.
import type { Page } from 'playwright-core';

/** Animation frames in which deck.gl's canvas drew anything (each such frame redraws every layer), of all frames. */
export async function deckFramesDuring(
  page: Page,
  ms: number,
  act: () => Promise<unknown>,
): Promise<{ frames: number; of: number }> {
  await page.evaluate(() => {
    const w = window as unknown as { deckFrames: Set<number>; frame: number; countingDeck?: boolean };
    w.deckFrames = new Set();
    w.frame = 0;
    if (w.countingDeck) return;
    w.countingDeck = true;
    const tick = () => {
      w.frame++;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
    const gl = document.querySelector<HTMLCanvasElement>('canvas#deckgl-overlay')!.getContext('webgl2')!;
    for (const name of ['drawArrays', 'drawElements', 'drawArraysInstanced', 'drawElementsInstanced'] as const) {
      const draw = gl[name].bind(gl) as (...args: unknown[]) => void;
      (gl as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
        w.deckFrames.add(w.frame);
        draw(...args);
      };
    }
  });
  await act();
  await page.waitForTimeout(ms);
  return page.evaluate(() => {
    const w = window as unknown as { deckFrames: Set<number>; frame: number };
    return { frames: w.deckFrames.size, of: w.frame };
  });
}

/**
 * Waits until deck.gl has drawn nothing for half a second: on a loaded machine a late frame of the map's
 * start can land well after it said idle, and would be counted against whatever is measured next.
 */
export async function deckAtRest(page: Page, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while ((await deckFramesDuring(page, 500, async () => {})).frames > 0) {
    if (Date.now() > deadline) throw new Error(`deck.gl was still drawing ${timeoutMs} ms later`);
  }
}
