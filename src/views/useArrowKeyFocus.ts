// One Tab stop for a group of items (the item focused last, at first the one chosen) and the arrow keys
// (circular), Home and End between them: what Fluent's arrow-key groups (the menu's NavDrawerBody, TabList)
// do with a tabster mover, which puts a focus sentinel (`<i aria-hidden="true" tabindex="0">`) at each end of
// the group: axe's aria-hidden-focus (serious) wherever one is drawn.
import { useState, type KeyboardEvent } from 'react';

const ITEM = 'data-arrow-item';

const STEPS = {
  vertical: { ArrowDown: 1, ArrowUp: -1 },
  horizontal: { ArrowRight: 1, ArrowLeft: -1 },
} as const satisfies Record<string, Record<string, number>>;

export type ArrowAxis = keyof typeof STEPS;

/** Which of `count` items a key moves to from item `at`, or undefined for a key that moves nothing. */
export function arrowTarget(axis: ArrowAxis, key: string, at: number, count: number): number | undefined {
  const step = (STEPS[axis] as Record<string, number>)[key];
  if (step !== undefined) return (at + step + count) % count;
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return undefined;
}

/** `onKeyDown` for the group's element, and the props of each item (its Tab stop and what marks it an item). */
export function useArrowKeyFocus<Value extends string>(axis: ArrowAxis, values: readonly Value[], chosen: Value) {
  const [focusedLast, setFocusedLast] = useState<Value>(chosen);
  const tabStop = values.includes(focusedLast) ? focusedLast : values.includes(chosen) ? chosen : values[0];
  return {
    onKeyDown(event: KeyboardEvent<HTMLElement>) {
      const items = [...event.currentTarget.querySelectorAll<HTMLElement>(`[${ITEM}]`)];
      const at = items.indexOf(document.activeElement as HTMLElement);
      const target = at < 0 ? undefined : arrowTarget(axis, event.key, at, items.length);
      if (target === undefined) return;
      event.preventDefault();
      items[target]!.focus();
    },
    itemProps: (value: Value) => ({
      [ITEM]: '',
      tabIndex: value === tabStop ? 0 : -1,
      onFocus: () => setFocusedLast(value),
    }),
  };
}
