import type { ReactNode } from 'react';

/**
 * A dialog, popover or overlay drawer, rendered only while it is open. Fluent's Dialog and Popover start tabster's
 * modalizer as soon as they mount, open or not, and from then on tabster keeps a focus sentinel (`<i aria-hidden="true"
 * tabindex="0">`) at each end of the page, tabbable whenever focus is outside it: axe's aria-hidden-focus (serious)
 * on a console where nothing was ever opened (tests/e2e/accessibility.browser.test.ts). The cost: no closing animation.
 */
export function WhileOpen({ open, children }: { open: boolean; children: ReactNode }) {
  return open ? children : null;
}
