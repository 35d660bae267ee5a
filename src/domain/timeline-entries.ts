// A step of an incident's timeline, known once: the drawer hears the same step from its own write's answer and
// from the stream, and from a read of the whole timeline that crossed either.
import type { TimelineEntry } from '../api/responses.ts';

/** The same step can arrive twice (our own answer and the stream): it is shown once. */
const sameEntry = (a: TimelineEntry, b: TimelineEntry) =>
  a.at === b.at && a.actor === b.actor && a.action === b.action && a.note === b.note;

/** The timeline with `entry` in time order, unless it holds that step already. */
export function withEntry(entries: readonly TimelineEntry[], entry: TimelineEntry): TimelineEntry[] {
  if (entries.some((known) => sameEntry(known, entry))) return [...entries];
  return [...entries, entry].sort((a, b) => a.at.localeCompare(b.at));
}
