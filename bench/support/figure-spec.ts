// What a figure of the bench is: where it sits in the final JSON, its floor and its target.

export interface Target {
  /** Human wording of the target, as the table shows it. */
  text: string;
  /** undefined: what the target compares with was not measured (the table says so). */
  met(value: number, figures: (path: string) => number | null): boolean | undefined;
}

export interface FigureSpec {
  path: string;
  label: string;
  unit: string;
  /** The script that measures it (bench/<script>). */
  script: string;
  floorPath?: string;
  ratioPath?: string;
  target?: Target;
}

export const atMost = (limit: number, unit: string): Target => ({
  text: `≤ ${limit} ${unit}`,
  met: (value) => value <= limit,
});
export const atLeast = (limit: number, unit: string): Target => ({
  text: `≥ ${limit} ${unit}`,
  met: (value) => value >= limit,
});
/** A ratio, at `ratioPath`, of at most `limit` times what it is measured against. */
export const ratioAtMost = (limit: number, ratioPath: string, against: string): Target => ({
  text: `≤ ${limit}× ${against}`,
  met: (_value, at) => {
    const ratio = at(ratioPath);
    return ratio === null ? undefined : ratio <= limit;
  },
});
