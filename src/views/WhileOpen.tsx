import { useEffect, useState, type ReactNode } from 'react';

/** Longer than Fluent's closing motion (a drawer's is 250 ms, a dialog's 200 ms). */
const CLOSING_MS = 600;

/**
 * A dialog, popover or overlay drawer, rendered only while it is open, and while it closes. Fluent's Dialog and
 * Popover start tabster's modalizer as soon as they mount, open or not, and from then on tabster keeps a focus
 * sentinel (`<i aria-hidden="true" tabindex="0">`) at each end of the page, tabbable whenever focus is outside it:
 * axe's aria-hidden-focus (serious) on a console where nothing was ever opened
 * (tests/e2e/accessibility.browser.test.ts). It stays mounted, closed, through its closing motion: unmounted while
 * still open, a modal drawer never gave back the `aria-hidden` it had put on the rest of the page, and the console
 * stayed hidden from screen readers after the phone's menu closed (tests/e2e/languages.browser.test.ts found it).
 */
export function WhileOpen({ open, children }: { open: boolean; children: ReactNode }) {
  const [mounted, setMounted] = useState(open);
  if (open && !mounted) setMounted(true);
  useEffect(() => {
    if (open || !mounted) return;
    const closing = setTimeout(() => setMounted(false), CLOSING_MS);
    return () => clearTimeout(closing);
  }, [open, mounted]);
  return mounted ? children : null;
}
