// The console's last known state (issue 35): what the operator saw while online (the alerts table's rows,
// the region's score, when the stream last spoke), kept in the browser so that a reload on a lost network
// shows it, marked stale. Only the table's own columns are kept (no tourist id, name or device: the rows
// name incidents and alerts), at most MAX_KEPT_ROWS of them, for at most a shift; sign-out clears it.
import { z } from 'zod';
import type { Incident, Region } from '../api/entities.ts';
import { IncidentStatus, IncidentType, RiskLevel, Severity } from '../api/fields.ts';
import { tableIncidentsOf, type TableIds } from './incident-records.ts';

export const LAST_KNOWN_KEY = 'dash.lastKnown';
/** The table's newest rows kept: what a first screen shows and more, a few tens of kilobytes at most. */
export const MAX_KEPT_ROWS = 100;
/** Older than a shift (SESSION_HOURS' default) it is not shown and is dropped: nobody should act on it. */
export const MAX_KEPT_AGE_MS = 12 * 3_600_000;

const KeptRow = z.object({
  id: z.string(),
  alertId: z.string().optional(),
  type: IncidentType,
  severity: Severity,
  status: IncidentStatus,
  createdAt: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  regionId: z.string(),
  riskLevel: RiskLevel.optional(),
});
export type KeptRow = z.infer<typeof KeptRow>;

const LastKnown = z.object({
  savedAt: z.string(),
  regionId: z.string(),
  regionName: z.string().optional(),
  safetyScore: z.number().optional(),
  lastMessageAt: z.string().optional(),
  rows: z.array(KeptRow).max(MAX_KEPT_ROWS),
});
export type LastKnown = z.infer<typeof LastKnown>;

/** The dashboard's fields the last known state is taken from. */
export interface LastKnownSource {
  incidents: readonly Incident[];
  tableIds: TableIds;
  alertIds: Record<string, string>;
  regionId: string;
  regions: readonly Region[];
  safetyScore: number | undefined;
  /** When the stream last brought a message (ms since the epoch). */
  lastMessageAt: number | undefined;
}

export function lastKnownOf(source: LastKnownSource, now = Date.now()): LastKnown {
  const rows = tableIncidentsOf(source)
    .slice(0, MAX_KEPT_ROWS)
    .map(
      (incident): KeptRow => ({
        id: incident.id,
        alertId: source.alertIds[incident.id],
        type: incident.type,
        severity: incident.severity,
        status: incident.status,
        createdAt: incident.createdAt,
        latitude: incident.latitude,
        longitude: incident.longitude,
        regionId: incident.regionId,
        riskLevel: incident.meta?.riskLevel,
      }),
    );
  return {
    savedAt: new Date(now).toISOString(),
    regionId: source.regionId,
    regionName: source.regions.find((region) => region.id === source.regionId)?.name,
    safetyScore: source.safetyScore,
    lastMessageAt: source.lastMessageAt === undefined ? undefined : new Date(source.lastMessageAt).toISOString(),
    rows,
  };
}

/** The stored text as a last known state, or undefined when absent, malformed or older than a shift. */
export function parseLastKnown(text: string | null | undefined, now = Date.now()): LastKnown | undefined {
  if (!text) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  const parsed = LastKnown.safeParse(value);
  if (!parsed.success) return undefined;
  const age = now - Date.parse(parsed.data.savedAt);
  return age >= 0 && age <= MAX_KEPT_AGE_MS ? parsed.data : undefined;
}
