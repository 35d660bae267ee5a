// A load that races the live stream: the server reads its answer at some moment after it was asked for,
// so a change the stream brought meanwhile may be missing from it. One rule for every list the page loads
// and the stream keeps (the table's incidents, the panic watch's every-region load): what was heard since the
// load was asked for and is absent from its answer stays.

/** The ids the stream brought since the current load was asked for. */
export type HeardSinceLoad = readonly string[];

export const heard = (since: HeardSinceLoad, id: string): string[] =>
  since.includes(id) ? [...since] : [...since, id];

/** The known items an answer must not drop: heard since the load was asked for, and not in the answer. */
export function keptThroughLoad<Item extends { id: string }>(
  known: readonly Item[],
  answered: readonly { id: string }[],
  since: HeardSinceLoad,
): Item[] {
  const answeredIds = new Set(answered.map((item) => item.id));
  return known.filter((item) => since.includes(item.id) && !answeredIds.has(item.id));
}
