// Live GPS as deck.gl wants it: one row per key in a stable order, so attribute transitions glide each
// marker from its own previous position. Pure; useLiveFrame feeds it once per animation frame.
import { pingKey, type GpsHistory, type GpsPing } from '../api/entities.ts';
import { keepIfSame } from '../domain/same-items.ts';
import { hasNumericCoordinates, type LngLat } from './geo.ts';
import type { Rgb } from '../domain/risk-colours.ts';
import { LEGEND_CAP, paletteColour } from './style.ts';

export interface PingRow {
  key: string;
  position: LngLat;
  colour: Rgb;
  /** null: the key left the live list; its slot stays (hidden) so the rows after it keep their index. */
  ping: GpsPing | null;
}

export interface TrailRow {
  key: string;
  path: LngLat[];
  colour: Rgb;
}

/**
 * Trails drawn at most: the first keys seen, as in the legend. Past a few hundred, crossing trails are no
 * longer something an operator can read, and drawing 10,000 of them cost the page twice what its markers did.
 */
export const TRAIL_CAP = 500;

export interface LiveFrame {
  /** Palette index per key, in first-seen order; never reassigned, so a key keeps its colour. */
  colourIndex: ReadonlyMap<string, number>;
  slots: readonly (string | null)[];
  pings: readonly PingRow[];
  trails: readonly TrailRow[];
  /** Keys with a trail left undrawn by TRAIL_CAP. */
  trailsHidden: number;
  /** False when slots were compacted: rows moved index, so positions must jump, not glide. */
  glide: boolean;
  sources: { pings: readonly GpsPing[] | null; history: GpsHistory | null };
}

export const emptyLiveFrame: LiveFrame = {
  colourIndex: new Map(),
  slots: [],
  pings: [],
  trails: [],
  trailsHidden: 0,
  glide: true,
  sources: { pings: null, history: null },
};

/** Hidden slots are dropped once they outnumber both this and the live keys. */
export const COMPACT_MIN_EMPTY_SLOTS = 64;

function registerKeys(colourIndex: ReadonlyMap<string, number>, keys: Iterable<string>): ReadonlyMap<string, number> {
  let next: Map<string, number> | null = null;
  for (const key of keys) {
    if ((next ?? colourIndex).has(key)) continue;
    next ??= new Map(colourIndex);
    next.set(key, next.size);
  }
  return next ?? colourIndex;
}

function colourOf(colourIndex: ReadonlyMap<string, number>, key: string): Rgb {
  return paletteColour(colourIndex.get(key) ?? 0);
}

/** Newest ping per key, in the order given (the dashboard sends newest first). */
function latestByKey(pings: readonly GpsPing[]): Map<string, GpsPing> {
  const latest = new Map<string, GpsPing>();
  for (const ping of pings) {
    if (!hasNumericCoordinates(ping)) continue;
    const key = pingKey(ping);
    if (!latest.has(key)) latest.set(key, ping);
  }
  return latest;
}

function reconcileSlots(
  previous: readonly (string | null)[],
  liveKeys: ReadonlySet<string>,
  orderedNewKeys: readonly string[],
): { slots: (string | null)[]; compacted: boolean } {
  let slots = previous.map((key) => (key !== null && liveKeys.has(key) ? key : null));
  const emptySlots = slots.filter((key) => key === null).length;
  const compacted = emptySlots > Math.max(COMPACT_MIN_EMPTY_SLOTS, liveKeys.size);
  if (compacted) slots = slots.filter((key) => key !== null);
  // New keys go to the end: a freed slot reused by another key would glide from the old key's spot.
  return { slots: [...slots, ...orderedNewKeys], compacted };
}

function buildPingRows(
  slots: readonly (string | null)[],
  previousRows: readonly PingRow[],
  latest: ReadonlyMap<string, GpsPing>,
  colourIndex: ReadonlyMap<string, number>,
): PingRow[] {
  const liveRowByKey = new Map<string, PingRow>();
  for (const row of previousRows) if (row.ping) liveRowByKey.set(row.key, row);
  return slots.map((key, i): PingRow => {
    if (key === null) {
      // A departed key: its slot keeps its last place and draws nothing.
      const before = previousRows[i]!;
      return before.ping ? { ...before, ping: null } : before;
    }
    const ping = latest.get(key)!;
    const before = liveRowByKey.get(key);
    if (before && before.ping === ping) return before;
    return { key, position: [ping.longitude, ping.latitude], colour: colourOf(colourIndex, key), ping };
  });
}

function buildTrailRows(
  history: GpsHistory,
  colourIndex: ReadonlyMap<string, number>,
): { trails: TrailRow[]; trailsHidden: number } {
  let keys = Object.keys(history);
  const trailsHidden = Math.max(0, keys.length - TRAIL_CAP);
  if (trailsHidden > 0) keys = keys.sort((a, b) => colourIndex.get(a)! - colourIndex.get(b)!).slice(0, TRAIL_CAP);
  const trails = keys.map((key) => ({
    key,
    path: history[key]!.filter(hasNumericCoordinates).map((p): LngLat => [p.longitude, p.latitude]),
    colour: colourOf(colourIndex, key),
  }));
  return { trails, trailsHidden };
}

export function nextLiveFrame(previous: LiveFrame, pings: readonly GpsPing[], history: GpsHistory): LiveFrame {
  const pingsChanged = pings !== previous.sources.pings;
  const historyChanged = history !== previous.sources.history;
  if (!pingsChanged && !historyChanged) return previous;

  const latest = latestByKey(pings);
  const colourIndex = registerKeys(previous.colourIndex, [...latest.keys(), ...Object.keys(history)]);

  let { slots, pings: pingRows, glide } = previous;
  if (pingsChanged) {
    const known = new Set(previous.slots);
    const newKeys = [...latest.keys()].filter((key) => !known.has(key));
    const reconciled = reconcileSlots(previous.slots, new Set(latest.keys()), newKeys);
    pingRows = keepIfSame(
      previous.pings,
      buildPingRows(reconciled.slots, reconciled.compacted ? [] : previous.pings, latest, colourIndex),
    );
    slots = reconciled.slots;
    glide = !reconciled.compacted;
  }
  const { trails, trailsHidden } =
    historyChanged || colourIndex !== previous.colourIndex ? buildTrailRows(history, colourIndex) : previous;
  return {
    colourIndex,
    slots,
    pings: pingRows,
    trails: keepIfSame(previous.trails, trails),
    trailsHidden,
    glide,
    sources: { pings, history },
  };
}

export interface LegendEntry {
  key: string;
  colour: Rgb;
}

/** Live keys (a marker or a trail, drawn or not) in first-seen order: the first LEGEND_CAP, and how many more. */
export function legendOf(frame: LiveFrame): { entries: LegendEntry[]; more: number; trailsHidden: number } {
  const live = new Set<string>();
  for (const row of frame.pings) if (row.ping) live.add(row.key);
  for (const key of Object.keys(frame.sources.history ?? {})) live.add(key);
  const ordered = [...live].sort((a, b) => (frame.colourIndex.get(a) ?? 0) - (frame.colourIndex.get(b) ?? 0));
  return {
    entries: ordered.slice(0, LEGEND_CAP).map((key) => ({ key, colour: colourOf(frame.colourIndex, key) })),
    more: Math.max(0, ordered.length - LEGEND_CAP),
    trailsHidden: frame.trailsHidden,
  };
}
