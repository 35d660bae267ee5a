// The row of the incident the operator asked to see (panic bar's Show, a notification's click): brought
// into view and outlined for a while. The row may not exist yet (its region is loading), so the table
// is watched until it appears. Set from outside the table, as a data attribute React leaves alone.
import { makeStaticStyles, tokens } from '@fluentui/react-components';
import { useEffect } from 'react';
import type { IncidentFocus } from '../../machines/dashboard/context.ts';

export const HIGHLIGHT_ATTRIBUTE = 'data-highlighted';
const HIGHLIGHT_MS = 8_000;
const WAIT_FOR_ROW_MS = 20_000;

const useHighlightStyles = makeStaticStyles({
  [`tr[${HIGHLIGHT_ATTRIBUTE}], [data-alert-card][${HIGHLIGHT_ATTRIBUTE}]`]: {
    outline: `3px solid ${tokens.colorPaletteRedBorder2}`,
    outlineOffset: '-3px',
    backgroundColor: tokens.colorPaletteRedBackground1,
  },
});

/** The incident's table row, or on a phone its card (issue 35). */
function findRow(incidentId: string): HTMLElement | undefined {
  const rows = document.querySelectorAll<HTMLTableRowElement>('table[aria-label="Alerts"] tbody tr');
  const row = [...rows].find((candidate) => [...candidate.cells].some((cell) => cell.textContent === incidentId));
  return (
    row ??
    [...document.querySelectorAll<HTMLElement>('[data-alert-card]')].find(
      (card) => card.dataset.alertCard === incidentId,
    )
  );
}

export function useRowHighlight(focus: IncidentFocus | undefined): void {
  useHighlightStyles();
  const id = focus?.id;
  const seq = focus?.seq;
  useEffect(() => {
    if (!id) return;
    let row: HTMLElement | undefined;
    let clear: ReturnType<typeof setTimeout> | undefined;
    const mark = () => {
      const found = findRow(id);
      if (!found || found === row) return;
      row?.removeAttribute(HIGHLIGHT_ATTRIBUTE);
      row = found;
      row.setAttribute(HIGHLIGHT_ATTRIBUTE, 'true');
      row.scrollIntoView?.({ block: 'center', behavior: 'smooth' });
      clearTimeout(clear);
      clear = setTimeout(() => {
        observer.disconnect();
        row?.removeAttribute(HIGHLIGHT_ATTRIBUTE);
      }, HIGHLIGHT_MS);
    };
    // A reload may replace the row: the new one is marked as well, until the wait is over.
    const observer = new MutationObserver(mark);
    observer.observe(document.body, { childList: true, subtree: true });
    const stopWatching = setTimeout(() => observer.disconnect(), WAIT_FOR_ROW_MS);
    mark();
    return () => {
      observer.disconnect();
      clearTimeout(stopWatching);
      clearTimeout(clear);
      row?.removeAttribute(HIGHLIGHT_ATTRIBUTE);
    };
  }, [id, seq]);
}
