// Undo and redo of one edited value (a zone's outline, a region's boundary): the values before the current one
// and those undone. Pure: the statechart that owns the current value keeps these beside it.

export interface UndoSteps<T> {
  /** Values before the current one, oldest first. */
  past: T[];
  /** Values undone, the next to redo last. */
  future: T[];
}

/** Undo reaches this many values back. */
export const MAX_UNDO = 100;

export const noSteps = <T>(): UndoSteps<T> => ({ past: [], future: [] });

/** The steps after the current value `from` gave way to a new one: it can be undone to; redo is forgotten. */
export function stepFrom<T>(steps: UndoSteps<T>, from: T): UndoSteps<T> {
  return { past: [...steps.past, from].slice(-MAX_UNDO), future: [] };
}

/** The value before `current`, and the steps after going back to it; undefined when there is none. */
export function stepBack<T>(steps: UndoSteps<T>, current: T): ({ value: T } & UndoSteps<T>) | undefined {
  if (steps.past.length === 0) return undefined;
  return {
    value: steps.past[steps.past.length - 1],
    past: steps.past.slice(0, -1),
    future: [...steps.future, current],
  };
}

/** The value last undone, and the steps after going forward to it; undefined when there is none. */
export function stepForward<T>(steps: UndoSteps<T>, current: T): ({ value: T } & UndoSteps<T>) | undefined {
  if (steps.future.length === 0) return undefined;
  return {
    value: steps.future[steps.future.length - 1],
    past: [...steps.past, current],
    future: steps.future.slice(0, -1),
  };
}
