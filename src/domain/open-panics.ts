// The panics open and unacknowledged in ANY region, whatever the dashboard shows: what the panic bar
// names, the tab title counts and the alarm rings for. Pure: the panic watch machine keeps the result.
import type { Alert, Incident } from '../api/entities.ts';
import type { StreamMessage } from '../api/stream.ts';
import { keptThroughLoad, type HeardSinceLoad } from './load-race.ts';

export interface PanicSummary {
  id: string;
  regionId: string;
  /** When the server received it. */
  createdAt: string;
  latitude: number;
  longitude: number;
  escalatedAt: string | null;
}

export interface OpenPanics {
  /** Newest first. */
  panics: PanicSummary[];
  /** Incidents known to be acknowledged or resolved: an older answer must not bring them back. */
  closed: Record<string, true>;
}

export interface PanicChange extends OpenPanics {
  /** Panics heard of for the first time (the alarm rings again, a notification may show). */
  arrived: PanicSummary[];
}

/** Closed ids kept; the oldest are forgotten first. */
const MAX_CLOSED = 1000;

const isOpenPanic = (incident: Incident) => incident.type === 'panic' && incident.status === 'open' && !incident.acknowledgedAt;

type SummaryFields = Pick<Incident, 'id' | 'regionId' | 'createdAt' | 'latitude' | 'longitude'> & { escalatedAt?: string | null };

const summaryOf = ({ id, regionId, createdAt, latitude, longitude, escalatedAt }: SummaryFields): PanicSummary =>
  ({ id, regionId: regionId || 'default', createdAt, latitude, longitude, escalatedAt: escalatedAt ?? null });

/** An alert is the panic's first word: never escalated yet. */
const summaryOfAlert = (alert: Alert): PanicSummary =>
  summaryOf({ id: alert.incidentId, regionId: alert.regionId, createdAt: alert.at, latitude: alert.latitude, longitude: alert.longitude });

const newestFirst = (panics: PanicSummary[]) => [...panics].sort((a, b) => b.createdAt.localeCompare(a.createdAt));

function close(closed: Record<string, true>, id: string): Record<string, true> {
  const next = { ...closed, [id]: true as const };
  const ids = Object.keys(next);
  return ids.length > MAX_CLOSED ? Object.fromEntries(ids.slice(-MAX_CLOSED).map((key) => [key, true as const])) : next;
}

function upsert(state: OpenPanics, panic: PanicSummary): PanicChange {
  if (state.closed[panic.id]) return { ...state, arrived: [] };
  const known = state.panics.some((p) => p.id === panic.id);
  const panics = newestFirst([...state.panics.filter((p) => p.id !== panic.id), panic]);
  return { panics, closed: state.closed, arrived: known ? [] : [panic] };
}

/** Acknowledged or resolved (by anyone): no longer named, counted or rung for. */
export function closePanic(state: OpenPanics, id: string): PanicChange {
  return { panics: state.panics.filter((p) => p.id !== id), closed: close(state.closed, id), arrived: [] };
}

/** What one stream message changes. A snapshot is not read here: its alerts carry no status (the watch reloads). */
export function applyPanicMessage(state: OpenPanics, message: StreamMessage): PanicChange {
  if (message.type === 'alert') return upsert(state, summaryOfAlert(message.alert));
  if (message.type !== 'incident_update') return { ...state, arrived: [] };
  const { incident } = message;
  if (isOpenPanic(incident)) {
    const known = state.panics.find((p) => p.id === incident.id);
    // An update keeps the receive time the alert gave (an escalation must not reorder the list).
    return upsert(state, { ...summaryOf(incident), ...(known && { createdAt: known.createdAt }) });
  }
  return state.panics.some((p) => p.id === incident.id) || incident.type === 'panic' ? closePanic(state, incident.id) : { ...state, arrived: [] };
}

/**
 * A load of every region's incidents (the server includes every unresolved panic). Its open panics
 * replace the list, except those closed meanwhile; panics heard on the stream after the load began stay.
 */
export function applyLoadedIncidents(state: OpenPanics, incidents: readonly Incident[], heardSinceLoad: HeardSinceLoad): PanicChange {
  let closed = state.closed;
  for (const incident of incidents) if (incident.type === 'panic' && !isOpenPanic(incident)) closed = close(closed, incident.id);
  const loaded = incidents.filter((incident) => isOpenPanic(incident) && !closed[incident.id]).map(summaryOf);
  const kept = keptThroughLoad(state.panics, loaded, heardSinceLoad).filter((p) => !closed[p.id]);
  const knownIds = new Set(state.panics.map((p) => p.id));
  return { panics: newestFirst([...loaded, ...kept]), closed, arrived: loaded.filter((p) => !knownIds.has(p.id)) };
}

export const countsOf = (panics: readonly PanicSummary[]) => ({
  open: panics.length,
  escalated: panics.filter((p) => p.escalatedAt).length,
});
