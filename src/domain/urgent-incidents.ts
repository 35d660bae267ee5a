// Which incidents every operator must see whatever the filter, the alarm rings for and escalation takes:
// panics, and (issue 32) a watch incident raised at high severity (a fall; a silent, stranded or unwell
// tourist or a removed band in a red zone or at night), who could not press the button. One rule for the
// dashboard and, as SQL, for the server's lists.
import type { Incident } from '../api/entities.ts';
import { watchIncidentTypes } from '../api/fields.ts';
import type { MessageId } from '../i18n/catalogue.ts';
import type { Translate } from '../i18n/translate.ts';

const watchTypes: ReadonlySet<string> = new Set(watchIncidentTypes);

export function isUrgent(incident: Pick<Incident, 'type' | 'severity'>): boolean {
  return incident.type === 'panic' || (watchTypes.has(incident.type) && incident.severity === 'high');
}

/** The same rule as a condition on the incidents table (`prefix`: its alias with a dot, or ''). */
export const urgentIncidentSql = (prefix = ''): string =>
  `(${prefix}type = 'panic' or (${prefix}type in (${watchIncidentTypes.map((type) => `'${type}'`).join(', ')}) and ${prefix}severity = 'high'))`;

const URGENT_TITLES: Partial<Record<Incident['type'], MessageId>> = {
  panic: 'urgent.panic',
  silent: 'urgent.silent',
  stranded: 'urgent.stranded',
  fall: 'urgent.fall',
  vitals: 'urgent.vitals',
  band_removed: 'urgent.band_removed',
};

/** What the panic bar names one urgent incident: a panic alert, or what the watch noticed. */
export function urgentTitle(type: Incident['type'], t: Translate): string {
  return t(URGENT_TITLES[type] ?? 'urgent.panic');
}
