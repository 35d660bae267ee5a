// The panics open and unacknowledged in ANY region, whatever the dashboard shows: what the panic bar
// names, the tab title counts and the alarm rings for. Derived from the page's one record of each incident
// (the dashboard machine's `incidents`): nothing else keeps whether a panic is open.
import type { Incident } from '../api/entities.ts';
import { DEFAULT_REGION_ID } from './default-region.ts';
import { keepIfSame } from './same-items.ts';
import { isUrgent } from './urgent-incidents.ts';

export interface PanicSummary {
  id: string;
  /** `panic` (absent: a panic), or a high-severity watch incident (issue 32): urgent alike. */
  type?: Incident['type'];
  regionId: string;
  /** When the server received it. */
  createdAt: string;
  latitude: number;
  longitude: number;
  escalatedAt: string | null;
}

const isOpenPanic = (incident: Incident) =>
  isUrgent(incident) && incident.status === 'open' && !incident.acknowledgedAt;

// One summary per record object: while a record is unchanged, so is its summary (and the list can be kept).
const summaries = new WeakMap<Incident, PanicSummary>();

function summaryOf(incident: Incident): PanicSummary {
  let summary = summaries.get(incident);
  if (!summary) {
    const { id, type, regionId, createdAt, latitude, longitude, escalatedAt } = incident;
    summary = {
      id,
      type,
      regionId: regionId || DEFAULT_REGION_ID,
      createdAt,
      latitude,
      longitude,
      escalatedAt: escalatedAt ?? null,
    };
    summaries.set(incident, summary);
  }
  return summary;
}

// ISO times: code-unit order is time order, and cheaper than localeCompare over thousands of panics.
const newestFirst = (a: PanicSummary, b: PanicSummary) =>
  a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0;

// With 10,000 records every reader (the bar, the title, the dashboard's news for the alarm) asks for the
// same list: it is worked out once per records array, and kept while the open panics stay the same.
const openByRecords = new WeakMap<readonly Incident[], PanicSummary[]>();
let lastOpen: PanicSummary[] = [];

/** The open, unacknowledged panics among `records`, newest first by receive time. */
export function openPanicsOf(records: readonly Incident[]): PanicSummary[] {
  const known = openByRecords.get(records);
  if (known) return known;
  lastOpen = keepIfSame(lastOpen, records.filter(isOpenPanic).map(summaryOf).sort(newestFirst));
  openByRecords.set(records, lastOpen);
  return lastOpen;
}

/** The panics open in `after` that were not open in `before`: heard of for the first time. */
export function arrivedPanics(before: readonly PanicSummary[], after: readonly PanicSummary[]): PanicSummary[] {
  const known = new Set(before.map((panic) => panic.id));
  return after.filter((panic) => !known.has(panic.id));
}

export const countsOf = (panics: readonly PanicSummary[]) => ({
  open: panics.length,
  escalated: panics.filter((p) => p.escalatedAt).length,
});
