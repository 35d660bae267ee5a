// What a screen reader is told of new incidents (issue 35): a panic (or a high-severity watch incident) at
// once, interrupting; any other new incident politely. Only incidents raised after the page first loaded its
// list are news: what the first load (or a reload, or the stream's snapshot) brings is not announced again.
import type { Incident } from '../api/entities.ts';
import { DEFAULT_REGION_ID } from './default-region.ts';
import type { Translate } from '../i18n/translate.ts';
import { incidentTitle } from './incident-titles.ts';
import { isUrgent } from './urgent-incidents.ts';

export interface AnnouncementState {
  /** Every incident id heard of; undefined until the first load is in. */
  known: ReadonlySet<string> | undefined;
  /** The newest receive time among the first load: older records arriving later are not news. */
  since: string;
}

export const NO_ANNOUNCEMENTS: AnnouncementState = { known: undefined, since: '' };

export interface Announcements {
  state: AnnouncementState;
  assertive: string[];
  polite: string[];
}

const sentence = (incident: Incident, time: (iso: string) => string, t: Translate) =>
  t('announce.incident', {
    title: incidentTitle(incident, t),
    region: incident.regionId || DEFAULT_REGION_ID,
    time: time(incident.createdAt),
  });

/** The news in `records` since `state`; the first call (the first load) only sets what is known. */
export function announce(
  state: AnnouncementState,
  records: readonly Incident[],
  time: (iso: string) => string,
  t: Translate,
): Announcements {
  if (!state.known) {
    const since = records.reduce((newest, incident) => (incident.createdAt > newest ? incident.createdAt : newest), '');
    return { state: { known: new Set(records.map((incident) => incident.id)), since }, assertive: [], polite: [] };
  }
  const fresh = records.filter((incident) => !state.known!.has(incident.id));
  if (fresh.length === 0) return { state, assertive: [], polite: [] };
  const known = new Set(state.known);
  fresh.forEach((incident) => known.add(incident.id));
  const news = fresh
    .filter((incident) => incident.createdAt > state.since)
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : 1));
  return {
    state: { known, since: state.since },
    assertive: news.filter(isUrgent).map((incident) => sentence(incident, time, t)),
    polite: news.filter((incident) => !isUrgent(incident)).map((incident) => sentence(incident, time, t)),
  };
}
