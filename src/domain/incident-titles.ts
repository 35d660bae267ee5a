// What an incident is, in a few words for a card or a wall's list (issue 35): the panic bar's words for the
// urgent ones, plain words for the rest.
import type { Incident } from '../api/entities.ts';
import type { MessageId } from '../i18n/catalogue.ts';
import { inEnglish } from '../i18n/english.ts';
import type { Translate } from '../i18n/translate.ts';
import { isUrgent } from './urgent-incidents.ts';

/** The panic bar's words for what the watch noticed (src/i18n/catalogues/en/alarm.ts). */
const WATCH_TITLES: Partial<Record<Incident['type'], MessageId>> = {
  silent: 'urgent.silent',
  stranded: 'urgent.stranded',
  fall: 'urgent.fall',
  vitals: 'urgent.vitals',
  band_removed: 'urgent.band_removed',
};

const TYPE_TITLES: Partial<Record<Incident['type'], MessageId>> = {
  geofence: 'incident.kind.geofence',
  low_battery: 'incident.kind.low_battery',
  safe: 'incident.kind.safe',
  status: 'incident.kind.status',
};

export function incidentTitle(incident: Pick<Incident, 'type' | 'severity'>, t: Translate = inEnglish): string {
  if (isUrgent(incident)) return t(WATCH_TITLES[incident.type] ?? 'incident.kind.panic');
  return t(TYPE_TITLES[incident.type] ?? WATCH_TITLES[incident.type] ?? 'urgent.panic');
}
