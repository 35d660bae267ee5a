// Keeps a long table's rendered rows (rowWindow.ts) following the page's scroll and size, and brings a
// focused row (the panic bar's Show) into the rendered range so the highlight can find and centre it.
import { useEffect, useLayoutEffect, useState, type RefObject } from 'react';
import { bodyTopCentring, rowWindow, WINDOWING_THRESHOLD, type RowWindow, type Viewport } from './rowWindow.ts';

/** A small table row with Fluent's small buttons, until a rendered row is measured. */
const ESTIMATED_ROW_HEIGHT = 44;

function measure(body: HTMLElement | null): Viewport {
  const row = body?.querySelector('tr:not([aria-hidden])');
  return {
    bodyTop: body?.getBoundingClientRect().top ?? 0,
    viewportHeight: globalThis.innerHeight || 800,
    rowHeight: row?.getBoundingClientRect().height || ESTIMATED_ROW_HEIGHT,
  };
}

const moved = (a: Viewport, b: Viewport) =>
  Math.abs(a.bodyTop - b.bodyTop) > 1 ||
  a.viewportHeight !== b.viewportHeight ||
  Math.abs(a.rowHeight - b.rowHeight) > 1;

export function useRowWindow(count: number, body: RefObject<HTMLElement | null>, focusIndex: number): RowWindow {
  const windowed = count > WINDOWING_THRESHOLD;
  const [viewport, setViewport] = useState<Viewport>(() => measure(null));
  useLayoutEffect(() => {
    if (!windowed) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() =>
        setViewport((last) => (moved(last, measure(body.current)) ? measure(body.current) : last)),
      );
    };
    update();
    addEventListener('scroll', update, { passive: true, capture: true });
    addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      removeEventListener('scroll', update, { capture: true });
      removeEventListener('resize', update);
    };
  }, [windowed, body]);
  useEffect(() => {
    if (!windowed || focusIndex < 0) return;
    const now = measure(body.current);
    const { start, end } = rowWindow(count, now);
    if (focusIndex >= start && focusIndex < end) return;
    const centred = bodyTopCentring(focusIndex, now);
    // Render the rows around it at once; the highlight then scrolls the row itself into the middle.
    scrollBy?.({ top: now.bodyTop - centred });
    const frame = requestAnimationFrame(() => setViewport({ ...now, bodyTop: centred }));
    return () => cancelAnimationFrame(frame);
    // Only the focus moving asks for this; the count changing under a focused row must not scroll back.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [windowed, focusIndex, body]);
  return rowWindow(count, viewport);
}
