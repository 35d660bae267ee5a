import { useState } from 'react';
import { keepIfSame } from '../domain/same-items.ts';

/** The array last returned while `next` holds the same items (see keepIfSame); `next` once they differ. */
export function useSameItems<A extends readonly unknown[]>(next: A, same?: (a: A[number], b: A[number]) => boolean): A {
  const [kept, setKept] = useState(next);
  if (kept !== next && keepIfSame(kept, next, same) === next) {
    // React's "adjust state while rendering": this render is thrown away and redone with `next`.
    setKept(next);
    return next;
  }
  return kept;
}
