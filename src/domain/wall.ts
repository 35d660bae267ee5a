// Wall mode (issue 35): the room's screen. Whether the page was asked for it, and which open incidents its
// compact list names, in which order: the urgent ones (panics, high-severity watch incidents) first, then by
// severity, newest first within each. The list is every region's, as the panic bar is.
import type { Incident } from '../api/entities.ts';
import { DEFAULT_REGION_ID } from './default-region.ts';
import type { Translate } from '../i18n/translate.ts';
import { incidentTitle } from './incident-titles.ts';
import { isUrgent } from './urgent-incidents.ts';

export const WALL_PARAM = 'wall';

/** `?wall` (or `?wall=1`) asks for wall mode; `?wall=0` does not. */
export function wallRequested(search: string): boolean {
  const value = new URLSearchParams(search).get(WALL_PARAM);
  return value !== null && value !== '0' && value !== 'false';
}

/** The address of this page with wall mode turned on or off, keeping everything else. */
export function wallAddress(href: string, on: boolean): string {
  const url = new URL(href);
  if (on) url.searchParams.set(WALL_PARAM, '');
  else url.searchParams.delete(WALL_PARAM);
  // `?wall=` reads as `?wall` on the screen it is typed on.
  return url.toString().replace(/([?&]wall)=(?=&|#|$)/, '$1');
}

export interface WallAlert {
  id: string;
  title: string;
  severity: Incident['severity'];
  urgent: boolean;
  regionId: string;
  status: Incident['status'];
  createdAt: string;
  latitude: number;
  longitude: number;
}

const SEVERITY_RANK: Record<string, number> = { high: 0, medium: 1, low: 2 };

function byUrgencyThenNewest(a: WallAlert, b: WallAlert): number {
  if (a.urgent !== b.urgent) return a.urgent ? -1 : 1;
  const severity = (SEVERITY_RANK[a.severity] ?? 3) - (SEVERITY_RANK[b.severity] ?? 3);
  if (severity !== 0) return severity;
  return a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0;
}

/** Every open (not resolved) incident among `records`, most pressing first. */
export function wallAlertsOf(records: readonly Incident[], t: Translate): WallAlert[] {
  return records
    .filter((incident) => incident.status !== 'resolved')
    .map((incident) => ({
      id: incident.id,
      title: incidentTitle(incident, t),
      severity: incident.severity,
      urgent: isUrgent(incident),
      regionId: incident.regionId || DEFAULT_REGION_ID,
      status: incident.status,
      createdAt: incident.createdAt,
      latitude: incident.latitude,
      longitude: incident.longitude,
    }))
    .sort(byUrgencyThenNewest);
}

/** How long ago, as a room reads it from afar: "just now", "4 min", "2 h 05 min", "3 d". */
export function ageLabel(createdAt: string, now: number, t: Translate): string {
  const minutes = Math.floor((now - Date.parse(createdAt)) / 60_000);
  if (!Number.isFinite(minutes)) return '—';
  if (minutes < 1) return t('wall.justNow');
  if (minutes < 60) return t('wall.minutes', { minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return t('wall.hours', { hours, minutes: minutes % 60 });
  return t('wall.days', { days: Math.floor(hours / 24) });
}

/** The region after `current` in `ids`, round the list; `current` when there is no other. */
export function nextRegionId(ids: readonly string[], current: string): string {
  if (ids.length === 0) return current;
  const at = ids.indexOf(current);
  return ids[(at + 1) % ids.length]!;
}
