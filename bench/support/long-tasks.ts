// The page's long tasks from navigation on (issue 33): a PerformanceObserver installed before any of the page's
// scripts runs, and "the map is idle" as the bench sees it from outside, the same for any version of the app.
import type { Page } from 'playwright-core';

export interface LongTask {
  /** performance.now() at its start: milliseconds after navigation start. */
  startMs: number;
  durationMs: number;
}

/**
 * Page script (a string: tsx's helpers do not exist in the page) that keeps every long task the page runs in
 * window.benchLongTasks. `buffered` also hands over those Chromium saw before the observer existed.
 */
export const RECORD_LONG_TASKS = `
  window.benchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.benchLongTasks.push({ startMs: entry.startTime, durationMs: entry.duration });
  }).observe({ type: 'longtask', buffered: true });
`;

export async function longTasksSoFar(page: Page): Promise<LongTask[]> {
  return page.evaluate(() => [...(window as unknown as { benchLongTasks: LongTask[] }).benchLongTasks]);
}

/**
 * Waits for the map to be idle: both its canvases (MapLibre's and deck.gl's overlay) in the page and shown
 * (the map may hide them while it starts), then `quietMs` without a long task. Answers the page's time of the map going idle: the end of the last long
 * task, or the moment the second canvas was seen if none came after it.
 */
export async function waitForMapIdle(page: Page, quietMs = 1500, timeoutMs = 60_000): Promise<number> {
  await page.waitForFunction(
    () => {
      const canvases = [...document.querySelectorAll('[data-testid="map-panel"] canvas')];
      return canvases.length >= 2 && canvases.every((canvas) => getComputedStyle(canvas).visibility !== 'hidden');
    },
    undefined,
    {
      timeout: timeoutMs,
      polling: 20,
    },
  );
  const canvasesAt = await page.evaluate(() => performance.now());
  await page.waitForFunction(
    (quiet) => {
      const tasks = (window as unknown as { benchLongTasks: LongTask[] }).benchLongTasks;
      const last = tasks.at(-1);
      return performance.now() - (last ? last.startMs + last.durationMs : 0) >= quiet;
    },
    quietMs,
    { timeout: timeoutMs, polling: 100 },
  );
  const tasks = await longTasksSoFar(page);
  const lastEnd = tasks.reduce((end, task) => Math.max(end, task.startMs + task.durationMs), 0);
  return Math.max(canvasesAt, lastEnd);
}

export function describeLongTasks(tasks: readonly LongTask[]): string {
  return tasks.map((task) => `${task.durationMs.toFixed(0)} ms at ${task.startMs.toFixed(0)}`).join(', ');
}
