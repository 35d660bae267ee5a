// The figure protocol: each bench script prints, as its last stdout line, `BENCH_FIGURES <json>` holding the
// part of the final figures it measured; bench/run.ts merges those parts into one object.

export const FIGURES_PREFIX = 'BENCH_FIGURES ';

export type FigureTree = { [key: string]: FigureValue };
export type FigureValue = number | string | boolean | null | FigureTree;

function isTree(value: unknown): value is FigureTree {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * `base` with `part` laid over it, recursively; a leaf (or null) in `part` replaces a leaf of `base`. Nothing
 * replaces a group, so the final JSON keeps its shape: a null for a group (not measured) leaves its figures
 * null, and any other single value for one is a clash, its path handed to `clashed`.
 */
export function mergeFigures(
  base: FigureTree,
  part: FigureTree,
  clashed: (path: string) => void = () => {},
  at = '',
): FigureTree {
  const merged: FigureTree = { ...base };
  for (const [key, value] of Object.entries(part)) {
    const current = merged[key];
    const path = at ? `${at}.${key}` : key;
    if (!isTree(current)) merged[key] = value;
    else if (isTree(value)) merged[key] = mergeFigures(current, value, clashed, path);
    else if (value !== null) clashed(path);
  }
  return merged;
}

/** The figures in one line of a script's output, or undefined when the line carries none. */
export function figuresIn(line: string): FigureTree | undefined {
  if (!line.startsWith(FIGURES_PREFIX)) return undefined;
  try {
    const parsed: unknown = JSON.parse(line.slice(FIGURES_PREFIX.length));
    return isTree(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The value at a dotted path (`fanout.clients1000.ratio`), or null when absent. */
export function figureAt(tree: FigureTree, path: string): FigureValue {
  let node: FigureValue = tree;
  for (const key of path.split('.')) {
    if (!isTree(node) || !(key in node)) return null;
    node = node[key];
  }
  return node;
}

/** Prints the script's figures; call it last, so the line is the last one on stdout. */
export function printFigures(figures: FigureTree): void {
  console.log(FIGURES_PREFIX + JSON.stringify(figures));
}
