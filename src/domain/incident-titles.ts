// What an incident is, in a few words for a card or a wall's list (issue 35): the panic bar's words for the
// urgent ones, plain words for the rest, in the console's language.
import type { Incident } from '../api/entities.ts';
import type { MessageId } from '../i18n/catalogue.ts';
import type { Translate } from '../i18n/translate.ts';
import { urgentTitle } from './urgent-incidents.ts';

const TYPE_TITLES: Partial<Record<Incident['type'], MessageId>> = {
  geofence: 'incident.kind.geofence',
  low_battery: 'incident.kind.low_battery',
  safe: 'incident.kind.safe',
  status: 'incident.kind.status',
};

export function incidentTitle(incident: Pick<Incident, 'type' | 'severity'>, t: Translate): string {
  // A card names a panic as what it is; "New panic alert" is the panic bar's, for one just arrived.
  if (incident.type === 'panic') return t('incident.kind.panic');
  const plain = TYPE_TITLES[incident.type];
  return plain ? t(plain) : urgentTitle(incident.type, t);
}
