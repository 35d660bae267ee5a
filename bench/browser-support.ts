// What the browser benches share: Chromium with software WebGL, an offline map style, stamps in the page's
// own clock, and one panic sent from the page and followed to its painted row.
import type { Page } from 'playwright-core';
import { pidsNamed, totalCpuMs } from './support/process-cpu.ts';
import { monotonicMs, sleep } from './support/stats.ts';

/** One background layer and no sources: the map needs nothing from the network. */
export const OFFLINE_STYLE_URL = `data:application/json,${encodeURIComponent(JSON.stringify({ version: 8, sources: {}, layers: [{ id: 'basemap-background', type: 'background', paint: { 'background-color': '#e5e7eb' } }] }))}`;

/**
 * Page script that runs `onData` (JavaScript with the message's text in `data`) on every message an
 * EventSource delivers, before the page's own handler sees it, and marks the stream live once its
 * snapshot came. Strings, not functions: tsx's compiled helpers (`__name`) do not exist in the page.
 */
export function onEveryStreamMessage(onData: string): string {
  return `
  const descriptor = Object.getOwnPropertyDescriptor(EventSource.prototype, 'onmessage');
  Object.defineProperty(EventSource.prototype, 'onmessage', {
    configurable: true,
    get: descriptor.get,
    set(handler) {
      descriptor.set.call(this, handler && ((event) => {
        if (typeof event.data === 'string') {
          const data = event.data;
          if (data.startsWith('{"type":"snapshot"')) {
            window.streamLive = true;
            window.streamLiveMs ??= performance.now();
          }
          ${onData}
        }
        return handler.call(this, event);
      }));
    },
  });
`;
}

/**
 * Stamps, in the page, the first table paint (a row or the empty text, then the next frame) and each
 * stream message that carries an alert. A string, not a function: tsx's helpers do not exist in the page.
 */
export const STAMP_PAGE = `
  window.benchMarks = {};
  const firstTable = new MutationObserver(() => {
    if (document.querySelector('table[aria-label="Alerts"] tbody tr') || [...document.querySelectorAll('span')].some((s) => s.textContent === 'No alerts yet.')) {
      firstTable.disconnect();
      window.benchMarks.tableInDom = performance.now();
      requestAnimationFrame(() => (window.benchMarks.tablePainted = performance.now()));
    }
  });
  document.addEventListener('DOMContentLoaded', () => firstTable.observe(document.body, { childList: true, subtree: true }));
  ${onEveryStreamMessage(`if (/"type":\\s*"alert"/.test(data)) window.benchMarks.message ??= performance.now();`)}
`;

/**
 * Page script: the moment the stream is live (its snapshot arrives), the page itself POSTs `count` panics, all
 * at once, and stamps in window.benchBurst the start of the first and last POST and the frame after the panic
 * bar first counts all of them (`data-panic-bar`, beside the `alreadyOpen` panics the server held) with the
 * table holding all their rows.
 */
export function burstAtConnect(count: number, alreadyOpen = 0): string {
  return `
  window.benchBurst = {};
  ${onEveryStreamMessage(`
    if (window.benchBurst.firstPostMs === undefined && data.startsWith('{"type":"snapshot"')) {
      window.benchBurst.firstPostMs = performance.now();
      for (let i = 0; i < ${count}; i++) {
        window.benchBurst.lastPostMs = performance.now();
        void fetch('/panic-alert', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ latitude: 12.9 + i / 1000, longitude: 77.5 }) });
      }
      const bar = new MutationObserver(() => {
        const shown = document.querySelector('[data-panic-bar]')?.getAttribute('data-panic-bar');
        if (shown !== '${count + alreadyOpen}' || document.querySelectorAll('table[aria-label="Alerts"] tbody tr').length < ${count + alreadyOpen}) return;
        bar.disconnect();
        window.benchBurst.barInDomMs = performance.now();
        requestAnimationFrame(() => (window.benchBurst.barPaintedMs = performance.now()));
      });
      bar.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ['data-panic-bar'] });
    }
  `)}
`;
}

export interface Sample {
  /** POST → stream message in the page. */
  floorMs: number;
  /** POST → the frame after the row entered the DOM. */
  paintMs: number;
  /** The POST's start, in the page's time (ms after navigation start). */
  postedAtMs: number;
}

/** Sends one panic from the page and waits for its row (the first row shows its latitude) to be painted. */
export async function postAndWaitForRow(page: Page, latitude: number, longitude: number): Promise<Sample> {
  return page.evaluate(
    ({ latitude, longitude }) =>
      new Promise<Sample>((resolve, reject) => {
        const w = window as unknown as { benchMarks: Record<string, number | undefined> };
        const shown = latitude.toFixed(5);
        w.benchMarks.message = undefined;
        const started = performance.now();
        const observer = new MutationObserver(() => {
          if (document.querySelector('table[aria-label="Alerts"] tbody tr td:nth-child(2)')?.textContent !== shown)
            return;
          observer.disconnect();
          requestAnimationFrame(() => {
            const painted = performance.now();
            const message = w.benchMarks.message;
            if (message === undefined) reject(new Error('the row came before any stream message'));
            else resolve({ floorMs: message - started, paintMs: painted - started, postedAtMs: started });
          });
        });
        observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        void fetch('/panic-alert', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ latitude, longitude }),
        });
        setTimeout(() => {
          observer.disconnect();
          reject(new Error(`row ${shown} not painted within 15 s`));
        }, 15_000);
      }),
    { latitude, longitude },
  );
}

/**
 * Waits for the dashboard's stream to be live: connected, and its snapshot received. A panic sent between
 * the two is in the snapshot, not in a message of its own, and a bench waiting for its message would wait on.
 */
export async function waitForLiveStream(page: Page): Promise<void> {
  await page.getByText('Live updates: connected', { exact: true }).waitFor({ timeout: 30_000 });
  await page.waitForFunction(() => (window as unknown as { streamLive?: boolean }).streamLive === true, undefined, {
    timeout: 30_000,
  });
}

export const round = (ms: number) => Math.round(ms * 10) / 10;

export async function waitForMap(page: Page): Promise<void> {
  await page.locator('canvas').first().waitFor({ timeout: 60_000 });
}

/**
 * Waits until the page has run no task longer than 50 ms for `quietMs`: the map has compiled its shaders
 * and drawn what it holds, so what is timed next is the console at work, not the console starting. Answers
 * false if the page was never that quiet within `timeoutMs`.
 */
export async function waitForQuietPage(page: Page, quietMs = 1000, timeoutMs = 20_000): Promise<boolean> {
  await page.evaluate(() => {
    const w = window as unknown as { lastLongTaskEnd: number };
    w.lastLongTaskEnd = performance.now();
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        w.lastLongTaskEnd = Math.max(w.lastLongTaskEnd, entry.startTime + entry.duration);
    }).observe({ type: 'longtask', buffered: true });
  });
  const quiet = page.waitForFunction(
    (quiet) => performance.now() - (window as unknown as { lastLongTaskEnd: number }).lastLongTaskEnd >= quiet,
    quietMs,
    {
      timeout: timeoutMs,
      polling: 100,
    },
  );
  return quiet.then(
    () => true,
    () => false,
  );
}

/**
 * Waits until Chromium's processes together use under `shareOfACore` of one core for `windowMs`. With
 * software WebGL the GPU process draws on after the page's main thread is quiet: the first frames of
 * 10,000 markers kept both cores busy for about 10 s after the page had gone a second without a long task,
 * and a panic timed then measures the renderer beside it, not the console. Answers the ms waited, or null
 * when /proc could not tell or the browser never went quiet within `timeoutMs`.
 */
export async function waitForIdleBrowser(
  windowMs = 1000,
  shareOfACore = 0.2,
  timeoutMs = 30_000,
): Promise<number | null> {
  const started = monotonicMs();
  while (monotonicMs() - started < timeoutMs) {
    const pids = pidsNamed('chromium');
    const before = totalCpuMs(pids);
    await sleep(windowMs);
    const after = totalCpuMs(pids);
    if (pids.length === 0 || before === null || after === null) return null;
    if (after - before < windowMs * shareOfACore) return monotonicMs() - started;
  }
  return null;
}
