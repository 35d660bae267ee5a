// What an incident is, in a few words for a card or a wall's list (issue 35): the panic bar's words for the
// urgent ones, plain words for the rest.
import type { Incident } from '../api/entities.ts';
import { isUrgent, urgentTitle } from './urgent-incidents.ts';

const TYPE_TITLES: Partial<Record<Incident['type'], string>> = {
  geofence: 'Entered a risk zone',
  low_battery: 'Low battery',
  safe: 'Marked safe',
  status: 'Status report',
};

export function incidentTitle(incident: Pick<Incident, 'type' | 'severity'>): string {
  if (isUrgent(incident)) return urgentTitle(incident.type).replace(/^New panic alert$/, 'Panic alert');
  return TYPE_TITLES[incident.type] ?? urgentTitle(incident.type);
}
