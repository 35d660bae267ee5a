// deck.gl redraws every layer whenever it is handed a new array, and without a GPU (SwiftShader, llvmpipe)
// each redraw of 10,000 alerts costs the CPU about half a second: an answer that changed nothing keeps
// the array already drawn.

type Same<T> = (a: T, b: T) => boolean;

/** `previous` when it holds the same items in the same order (the very same objects, unless `same` says), else `next`. */
export function keepIfSame<A extends readonly unknown[]>(previous: A, next: A, same: Same<A[number]> = Object.is): A {
  return next.length === previous.length && next.every((item, i) => same(item, previous[i])) ? previous : next;
}

/** Two flat records with the same keys and, key by key, the very same values. */
export function sameFields<T extends object>(a: T, b: T): boolean {
  if (a === b) return true;
  const keys = Object.keys(a) as (keyof T)[];
  return (
    keys.length === Object.keys(b).length && keys.every((key) => Object.hasOwn(b, key) && Object.is(a[key], b[key]))
  );
}
