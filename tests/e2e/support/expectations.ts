// Small waits on what the operator sees, for vitest's expect (Playwright's web-first asserts are not in playwright-core).
import type { Locator, Page, Request } from 'playwright-core';
import { expect } from 'vitest';

const TIMEOUT = 15_000;

export async function expectText(locator: Locator, text: string, timeout = TIMEOUT): Promise<void> {
  await expect
    .poll(
      () =>
        locator
          .first()
          .textContent()
          .catch(() => null),
      { timeout },
    )
    .toBe(text);
}

export async function expectCount(locator: Locator, count: number, timeout = TIMEOUT): Promise<void> {
  await expect.poll(() => locator.count(), { timeout }).toBe(count);
}

export async function expectAttribute(
  locator: Locator,
  name: string,
  value: string | null,
  timeout = TIMEOUT,
): Promise<void> {
  await expect.poll(() => locator.getAttribute(name).catch(() => undefined), { timeout }).toBe(value);
}

/** The query of a request as a plain object. */
export const queryOf = (request: Request): Record<string, string> =>
  Object.fromEntries(new URL(request.url()).searchParams);

/**
 * Waits for a GET of `path` (exact pathname) whose query satisfies `accept`. A silent reload asking only
 * for what changed (`changedSince`) is never what an operator's act sends, and is passed over.
 */
export function nextRequest(
  page: Page,
  path: string,
  accept: (query: Record<string, string>) => boolean = () => true,
  method = 'GET',
) {
  const ownRequest = (query: Record<string, string>) => !('changedSince' in query) && accept(query);
  return page.waitForRequest(
    (request) =>
      request.method() === method && new URL(request.url()).pathname === path && ownRequest(queryOf(request)),
    { timeout: TIMEOUT },
  );
}

/** The option labels and the selected value of a native select. */
export async function selectState(select: Locator): Promise<{ options: string[]; values: string[]; value: string }> {
  return select.evaluate((element: HTMLSelectElement) => ({
    options: [...element.options].map((o) => o.text),
    values: [...element.options].map((o) => o.value),
    value: element.value,
  }));
}

/** True when the element is what a pointer at its centre would hit (nothing covers it). */
export async function isOnTop(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const hit = document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2);
    return !!hit && (element === hit || element.contains(hit));
  });
}
